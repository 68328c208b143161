import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

/** A sentence's study tools list what links to it with ||n||: in the demo, a post and a book name sentence 1. */

const site = useSiteInBrowser();

describe("a sentence's connections", () => {
  it.each([1280, 360])('lists the post that links to sentence 1 in its study tools, and follows it (%i px)', async (width) => {
    const page = await site.open('/1/1/1');
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    await page.getByRole('button', { name: 'Study tools for sentence 1' }).click();
    const linked = page.getByRole('region', { name: 'Linked from, sentence 1' });
    await linked.getByText(/^Linked from: 1 post, 1 comment/u).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.EPOS_SCREENSHOTS) await page.screenshot({ path: `${process.env.EPOS_SCREENSHOTS}/linked-from-${width}.png` });
    const post = linked.getByRole('listitem').filter({ hasText: '· post' }).getByRole('link');
    const href = await post.getAttribute('href');
    expect(href).toMatch(/^\/blogs\/[a-z0-9-]+\/[a-z0-9-]+$/u);
    await post.click();
    await page.waitForURL(`${site.base}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });
});
