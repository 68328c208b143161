import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

/** A sentence's Connections panel gathers what is known around it, counted: in the demo, a post and a book name sentence 1. */

const site = useSiteInBrowser();

describe("a sentence's connections", () => {
  it.each([1280, 360])('opens as a side panel or a sheet, counts each kind, and follows a post that links to sentence 1 (%i px)', async (width) => {
    const page = await site.open('/1/1/1');
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    await page.getByRole('button', { name: 'Study tools for sentence 1' }).click();
    const opener = page.getByRole('button', { name: 'Connections', exact: true }).first();
    await opener.click();
    const panel = page.getByRole('dialog', { name: 'Connections of sentence 1' });
    const linked = panel.getByRole('region', { name: /^Linked from \(\d+\)$/u });
    await linked.getByText(/^1 post, 1 comment/u).waitFor();
    for (const part of ['Commentary', 'Notes', "Readers' works", 'Media', 'Suggested corrections'])
      await expect(panel.getByRole('region', { name: new RegExp(`^${part} \\(\\d+\\)$`, 'u') }).count()).resolves.toBe(1);
    // Beside the verse on a wide screen (at the window's end), from the bottom on a phone.
    const box = (await panel.boundingBox())!;
    if (width >= 1024) expect([Math.round(box.x + box.width), box.width < width / 2]).toEqual([width, true]);
    else expect([Math.round(box.y + box.height), Math.round(box.width)]).toEqual([width < 600 ? 740 : 800, width]);
    expect(await seriousViolations(page)).toEqual([]);
    if (process.env.EPOS_SCREENSHOTS) await page.screenshot({ path: `${process.env.EPOS_SCREENSHOTS}/connections-${width}.png` });
    // Escape gives focus back to the button that opened it.
    await page.keyboard.press('Escape');
    await expect(opener.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await opener.click();
    const post = linked.getByRole('listitem').filter({ hasText: '· post' }).getByRole('link');
    const href = await post.getAttribute('href');
    expect(href).toMatch(/^\/blogs\/[a-z0-9-]+\/[a-z0-9-]+$/u);
    await post.click();
    await page.waitForURL(`${site.base}${href}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().close();
  });

  it("opens from a sentence's own page too, with its notes there", async () => {
    const page = await site.open('/1');
    await page.getByRole('button', { name: 'Connections', exact: true }).click();
    const panel = page.getByRole('dialog', { name: 'Connections of sentence 1' });
    await panel
      .getByRole('region', { name: /^Linked from \(\d+\)$/u })
      .getByText(/^1 post, 1 comment/u)
      .waitFor();
    await expect(panel.getByRole('region', { name: 'Notes (2)' }).count()).resolves.toBe(1);
    await page.context().close();
  });
});
