import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const shots = process.env.EPOS_SCREENSHOTS;

/** Every toast the page shows from now on, kept in the page (a toast is gone after 3 s). */
async function recordToasts(page: Page) {
  await page.addInitScript(() => {
    const said: string[] = [];
    (window as unknown as { saidToasts: string[] }).saidToasts = said;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLElement && node.classList.contains('toast')) said.push(node.textContent ?? '');
    }).observe(document, { childList: true, subtree: true });
  });
}
const toastsOf = (page: Page) => page.evaluate(() => (window as unknown as { saidToasts: string[] }).saidToasts);

/** The RSS feeds the document's head announces, as [title, href]. */
const feedLinks = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][type="application/rss+xml"]')).map((link) => [
      link.title,
      link.getAttribute('href'),
    ]),
  );

describe('blog pages', () => {
  it('announce the blog\'s RSS feed in the head of each blog page, and only there; the first page says no "On page 1 of 1"', async () => {
    const page = await site.open('/');
    await recordToasts(page);
    await page.goto(`${site.base}/blogs/reading-notes`);
    await expect.poll(() => page.getByTestId('post-item').count()).toBe(5);
    // The head follows the blog's answer, which may come after the list (a busy machine).
    await expect.poll(() => feedLinks(page)).toEqual([['Reading Notes', '/api/blogs/reading-notes/feed']]);
    const feed = await fetch(`${site.base}/api/blogs/reading-notes/feed`);
    expect([feed.status, feed.headers.get('content-type')]).toEqual([200, expect.stringMatching(/rss/)]);

    // A post, its archive, the table of contents, the series list and a series (which adds its own feed).
    await page.getByRole('link', { name: 'Beginning at the beginning' }).first().click();
    await page.getByTestId('post-content').waitFor();
    await expect.poll(() => feedLinks(page)).toEqual([['Reading Notes', '/api/blogs/reading-notes/feed']]);
    for (const [path, shown] of [
      ['/blogs/reading-notes/archive', 'archive-item'],
      ['/blogs/reading-notes/toc', 'toc-item'],
      ['/blogs/reading-notes/series', 'series-item'],
    ] as const) {
      await page.goto(`${site.base}${path}`);
      await page.getByTestId(shown).first().waitFor({ state: 'attached' });
      await expect.poll(() => feedLinks(page), { message: path }).toEqual([['Reading Notes', '/api/blogs/reading-notes/feed']]);
    }
    await page
      .getByRole('link', { name: /Book One/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('post-item').count()).toBe(3);
    const links = await feedLinks(page);
    expect(links[0]).toEqual(['Reading Notes', '/api/blogs/reading-notes/feed']);
    expect(links[1]![1]).toMatch(/^\/api\/blogs\/reading-notes\/series\/[^/]+\/feed$/);
    expect((await fetch(`${site.base}${links[1]![1]}`)).status).toBe(200);

    // Leaving the blog (inside the app, no reload) takes them out of the head.
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Blogs' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor();
    await expect.poll(() => feedLinks(page)).toEqual([]);

    // Every list above arrived as one page: none of them said so.
    expect((await toastsOf(page)).filter((text) => /On page/.test(text))).toEqual([]);
    await page.close();
  });
});

describe('confirmations in the page', () => {
  it("deletes a comment through the site's own dialog (Escape and Cancel keep it, Tab stays inside), never the browser's confirm()", async () => {
    const page = await site.open('/');
    const browserDialogs: string[] = [];
    page.on('dialog', (dialog) => {
      browserDialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/blogs/evening-letters/a-letter-to-new-readers`);
    await page.getByTestId('comment-textarea').first().fill('A comment to take back');
    await page.getByTestId('comment-send').first().click();
    const mine = page.getByTestId('comment').filter({ hasText: 'A comment to take back' });
    await mine.waitFor();
    const deleteButton = mine.getByRole('button', { name: 'Delete' });
    const question = page.getByRole('alertdialog', { name: 'Delete this comment?' });

    // Escape cancels, and focus is back on the button that asked.
    await deleteButton.click();
    await question.waitFor();
    expect(await question.getByText('It will be removed from the thread.').count()).toBe(1);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'detached' });
    expect(await deleteButton.evaluate((button) => button === document.activeElement)).toBe(true);

    // Tab goes round inside the dialog; Cancel keeps the comment.
    await deleteButton.click();
    await question.waitFor();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await question.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    }
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${shots}/confirm-dialog-${width}.png` });
      }
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${shots}/confirm-dialog-390-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
    }
    await question.getByRole('button', { name: 'Cancel' }).click();
    await question.waitFor({ state: 'detached' });
    expect(await mine.count()).toBe(1);

    // Delete, confirmed in the dialog: gone, and said.
    await deleteButton.click();
    await question.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted Successfully').waitFor();
    await mine.waitFor({ state: 'detached' });
    expect(browserDialogs).toEqual([]);
    await page.close();
  });
});
