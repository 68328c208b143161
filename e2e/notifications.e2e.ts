import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

/** The demo post where the reader asked a question, which the blogger answered. */
const POST = '/blogs/reading-notes/beginning-at-the-beginning';
/** Stream deliveries: well within the 60 s fallback poll, so a count that arrives came by the stream. */
const LIVE = { timeout: 15_000 };

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const bell = (page: Page) => mainNav(page).getByRole('link', { name: /^Notifications/ });
const badge = (page: Page) => mainNav(page).getByTestId('unread-badge');
const forYou = (page: Page) => page.getByRole('region', { name: 'For you' });

/** GETs of the unread count the page has made (the fallback poll), by the browser's own record. */
const unreadPolls = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/notifications/unread')).length);

/** The blogger, in a browser of their own, replies to the reader's demo question. */
async function replyAsBlogger(text: string) {
  const page = await site.open('/');
  await logIn(site, page, 'blogger', 'demo-blogger-password');
  await page.goto(`${site.base}${POST}`);
  const question = page.getByTestId('comment').filter({ hasText: 'Is the pause in' });
  await question.getByRole('button', { name: 'Reply', exact: true }).click();
  const form = page.getByTestId('reply-form');
  await form.getByTestId('comment-textarea').fill(text);
  await form.getByTestId('comment-send').click();
  await page.getByTestId('comment').filter({ hasText: text }).waitFor();
  await page.context().close();
}

describe('notifications', () => {
  it('shows everyone the recent activity; signed out, no bell and a hint to log in', async () => {
    const page = await site.open('/notifications');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('heading', { level: 2, name: 'Recent activity' }).waitFor();
    await page.getByTestId('activity').first().waitFor();
    expect(await page.getByTestId('activity').count()).toBeGreaterThan(0);
    // the demo's posts are there, each linking to its page
    const post = page.getByTestId('activity').filter({ hasText: 'published a post' }).first();
    expect(await post.getByRole('link').last().getAttribute('href')).toMatch(/^\/blogs\//);
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'For you' }).count()).toBe(0);
    expect(await bell(page).count()).toBe(0);
    expect(await badge(page).count()).toBe(0);
    // reachable from every page's footer
    await page.goto(`${site.base}/`);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Recent activity' }).click();
    await page.waitForURL(/\/notifications$/);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('tells the reader of a reply live, in the navigation and on the page, and marks it read', async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/notifications`);
    await forYou(page).getByRole('heading', { name: 'For you' }).waitFor();
    await page.getByTestId('activity').first().waitFor();

    // Whatever the demo left unread is read first, so the count below is the replies' alone.
    const markAll = forYou(page).getByRole('button', { name: 'Mark all as read' });
    if ((await markAll.count()) > 0) await markAll.click();
    await expect.poll(() => forYou(page).getByText('Unread', { exact: true }).count()).toBe(0);
    await badge(page).waitFor({ state: 'detached' });
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await seriousViolations(page)).toEqual([]);

    // A reply in another browser: the open page hears of it without a reload.
    await replyAsBlogger('Live reply: the pause is kept.');
    await expect
      .poll(
        () =>
          badge(page)
            .textContent()
            .catch(() => null),
        LIVE,
      )
      .toBe('1');
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    const reply = forYou(page).getByTestId('notification').filter({ hasText: 'Live reply' });
    await reply.waitFor(LIVE);
    expect(await reply.textContent()).toContain('Demo blogger replied to your comment');
    await reply.getByText('Unread', { exact: true }).waitFor();
    expect(await unreadPolls(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Following it marks it read.
    await reply.getByRole('link', { name: /replied to your comment/ }).click();
    await page.waitForURL((url) => url.pathname === POST);
    await badge(page).waitFor({ state: 'detached' });
    await page.goBack();
    await page.waitForURL(/\/notifications$/);

    // Another: "Mark all as read" clears it, and it stays cleared after a reload.
    await replyAsBlogger('Second live reply.');
    await expect
      .poll(
        () =>
          badge(page)
            .textContent()
            .catch(() => null),
        LIVE,
      )
      .toBe('1');
    const second = forYou(page).getByTestId('notification').filter({ hasText: 'Second live reply' });
    await second.getByText('Unread', { exact: true }).waitFor(LIVE);
    expect(await forYou(page).getByTestId('notification').filter({ hasText: 'Live reply: the pause' }).getByText('Unread', { exact: true }).count()).toBe(0);
    await markAll.click();
    await badge(page).waitFor({ state: 'detached' });
    await expect.poll(() => second.getByText('Unread', { exact: true }).count()).toBe(0);
    expect(await unreadPolls(page)).toBe(0);

    await page.reload();
    await second.waitFor();
    expect(await second.getByText('Unread', { exact: true }).count()).toBe(0);
    expect(
      await page.evaluate(() =>
        fetch('/api/notifications/unread')
          .then((r) => r.json())
          .then((a: { unread: number }) => a.unread),
      ),
    ).toBe(0);
    expect(await bell(page).getAttribute('aria-label')).toBe('Notifications');
    expect(await badge(page).count()).toBe(0);
    await page.context().close();
  });
});
