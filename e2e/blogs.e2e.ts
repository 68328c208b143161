import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const { open } = site;

/** The demo reader, signed in, on a post with an empty comment box. */
async function commentBoxOfReader() {
  const page = await open('/');
  await logIn(site, page, 'reader', 'demo-reader-password');
  await page.goto(`${site.base}/blogs/evening-letters/a-letter-to-new-readers`);
  const box = page.getByTestId('comment-textarea').first();
  await box.waitFor();
  return { page, box };
}

describe('blogs in a real browser', () => {
  it('reads a blog: list, post with sentence links, neighbours and the demo thread; visitors get a login link', async () => {
    const page = await open('/blogs');
    await page.getByRole('link', { name: 'Reading Notes' }).first().click();
    await page.waitForURL(/\/blogs\/reading-notes$/);
    await expect.poll(() => page.getByTestId('post-item').count()).toBe(5);
    await page.getByRole('link', { name: 'Beginning at the beginning' }).first().click();
    await page.waitForURL(/\/blogs\/reading-notes\/beginning-at-the-beginning$/);
    const content = page.getByTestId('post-content');
    await content.getByText('What to listen for').waitFor();
    await page.getByTestId('comment').first().waitFor();
    expect(await page.getByTestId('comment').count()).toBe(2);
    await page.getByRole('link', { name: /log in to comment/i }).waitFor();
    await page
      .getByRole('link', { name: /The lamp and the threshold/ })
      .first()
      .waitFor();
    await content.locator('a.sentence-link[href="/2"]').click();
    await page.waitForURL(/\/2$/);
    await page.close();
  });

  it('lets a signed-in reader comment, reply and upvote', async () => {
    const { page, box } = await commentBoxOfReader();
    const send = page.getByTestId('comment-send').first();
    expect(await send.isDisabled()).toBe(true);
    await box.fill('Thank you, this is **helpful** ||3||');
    expect(await send.isDisabled()).toBe(false);
    await send.click();
    await page.getByText('Comment posted successfully').waitFor();
    const mine = page.getByTestId('comment').filter({ hasText: 'Thank you' });
    await mine.locator('strong', { hasText: 'helpful' }).waitFor();
    const upvote = mine.getByTestId('upvote');
    await upvote.click();
    // A command's round trip: well over expect.poll's default second on a loaded machine.
    await expect.poll(() => upvote.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('comment').filter({ hasText: 'Thank you' }).getByTestId('upvote').getAttribute('aria-pressed'), { timeout: 10_000 })
      .toBe('true');
    await page.close();
  });

  it('suggests people to mention as a reader types @ and a name, and inserts the chosen one', async () => {
    const { page, box } = await commentBoxOfReader();
    await box.click();
    await box.pressSequentially('Thanks @Dem');
    const option = page.getByRole('option', { name: 'Demo admin' });
    await option.waitFor();
    expect(await option.getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('Thanks @Demo admin ');
    expect(await page.getByRole('listbox', { name: 'People to mention' }).count()).toBe(0);
    await page.close();
  });

  it('shows the archive by year and month, series, and the feed', async () => {
    const page = await open('/blogs/reading-notes/archive');
    await page.locator('details.archive-year').first().waitFor();
    expect(await page.getByTestId('archive-item').count()).toBe(5);
    await page.goto(`${site.base}/blogs/reading-notes/series`);
    await page.getByTestId('series-item').first().waitFor();
    await page
      .getByRole('link', { name: /Book One/ })
      .first()
      .click();
    await expect.poll(() => page.getByTestId('post-item').count()).toBe(3);
    const feed = await fetch(`${site.base}/api/blogs/reading-notes/feed`);
    expect(feed.headers.get('content-type')).toMatch(/rss/);
    expect(await feed.text()).toContain('<title>Keeping a reading journal</title>');
    await page.close();
  });

  it('lets a blogger write with the editor: publish, fullscreen and back, history, schedule', async () => {
    const page = await open('/');
    await logIn(site, page, 'blogger', 'demo-blogger-password');
    await page.goto(`${site.base}/blogs/reading-notes/new`);
    await page.getByTestId('post-title').fill('Written in the browser');
    await page.getByTestId('post-series').fill('Practice');
    const editor = page.getByTestId('post-editor-content');
    await editor.click();
    await page.keyboard.type('Listening to ||6|| at nihgt.');
    await expect.poll(async () => (await page.getByTestId('post-editor-status').textContent()) ?? '').toMatch(/5 words/i);
    await expect.poll(async () => (await page.getByTestId('post-editor-spelling').textContent()) ?? '', { timeout: 15_000 }).toContain('nihgt');
    const fullscreen = page.getByTestId('post-editor-fullscreen');
    await fullscreen.click();
    await expect.poll(() => fullscreen.getAttribute('aria-pressed')).toBe('true');
    await editor.click();
    await page.keyboard.press('Escape');
    await expect.poll(() => fullscreen.getAttribute('aria-pressed')).toBe('false');
    await page.getByTestId('post-status-0').check();
    await page.getByTestId('post-save').click();
    await page.getByText('Posted Successfully').waitFor();
    await page.waitForURL(/\/blogs\/reading-notes\/written-in-the-browser$/, { timeout: 10_000 });
    const content = page.getByTestId('post-content');
    await content.locator('a.sentence-link[href="/6"]').waitFor();

    await page.goto(`${site.base}/blogs/reading-notes/written-in-the-browser/editpost`);
    await page.getByTestId('post-history-button').click();
    await page
      .getByTestId('post-history')
      .getByText(/created/i)
      .first()
      .waitFor();
    await page.goto(`${site.base}/blogs/reading-notes/new`);
    await page.getByTestId('post-title').fill('For later');
    await page.getByTestId('post-series').fill('Practice');
    await page.getByTestId('post-editor-content').click();
    await page.keyboard.type('Soon.');
    await page.getByTestId('post-status-1').check();
    const local = new Date(Date.now() + 3 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    await page.getByTestId('post-publish-at').fill(`${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T09:30`);
    await page.getByTestId('post-save').click();
    await page.getByText('Posted Successfully').waitFor();
    await page.waitForURL(/\/blogs\/reading-notes\/scheduled$/, { timeout: 10_000 });
    await page.getByTestId('post-list-scheduled').getByText('For later').waitFor();
    await page.close();
  });

  it.each([
    '/blogs',
    '/blogs/reading-notes',
    '/blogs/reading-notes/beginning-at-the-beginning',
    '/blogs/reading-notes/archive',
    '/blogs/reading-notes/series/book-one',
  ])('has no serious or critical accessibility violations on %s', async (path) => {
    const page = await open(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(700);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('keeps an archived blog readable by its address with a notice, out of the blog list, its comments closed', async () => {
    const page = await open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const listed = async () => ((await (await fetch(`${site.base}/api/blogs`)).json()) as { slug: string }[]).map((b) => b.slug);
    try {
      await page.goto(`${site.base}/admin/#/blogs/evening-letters`);
      await page.getByLabel(/^Archived/).check();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(listed).toEqual(['reading-notes']);
      await page.goto(`${site.base}/blogs`);
      await page.getByRole('link', { name: 'Reading Notes' }).first().waitFor();
      expect(await page.getByRole('link', { name: 'Evening Letters' }).count()).toBe(0);

      await page.goto(`${site.base}/blogs/evening-letters`);
      await page.getByTestId('blog-archived').getByText('This blog is archived').waitFor();
      await page.goto(`${site.base}/blogs/evening-letters/a-letter-to-new-readers`);
      await page.getByTestId('blog-archived').waitFor();
      await page.getByText('its posts take no new comments').waitFor();
      await page.getByTestId('comment').first().waitFor();
      expect(await page.getByTestId('comment-textarea').count()).toBe(0);
      expect(await seriousViolations(page)).toEqual([]);
    } finally {
      await page.goto(`${site.base}/admin/#/blogs/evening-letters`);
      await page.getByLabel(/^Archived/).uncheck();
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(listed).toEqual(['evening-letters', 'reading-notes']);
      await page.close();
    }
  });
});
