import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const BLOG = '/blogs/reading-notes';
const POST = `${BLOG}/beginning-at-the-beginning`;
const RATE =
  /^(About \d+ posts? a month|Fewer than one post a month|No posts in the last 12 months) \(judging by (the last 12 months|its first (month|\d+ months))\)$/;

/** A page at this width (a phone's 360 px or a desktop's 1,280 px), on a context of its own. */
async function openAt(width: number, pathname: string): Promise<Page> {
  const page = await site.open('/api/health');
  await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
  await page.goto(`${site.base}${pathname}`);
  return page;
}

const subscribeButton = (page: Page) => page.getByRole('button', { name: 'Subscribe to Reading Notes', exact: true });
const unsubscribeButton = (page: Page) => page.getByRole('button', { name: 'Unsubscribe from Reading Notes', exact: true });

/** Axe's serious findings, in the light theme and the dark one, once animations (a toast fading in) have ended. */
async function violationsWhenSettled(page: Page): Promise<string[]> {
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    found.push(...(await seriousViolations(page)).map((v) => `${colorScheme}: ${v}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Nothing in the page reaches past the viewport sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.each([360, 1280])('blog subscriptions at %i px', (width) => {
  it('sends visitors to sign in and back; a reader subscribes on the blog page and unsubscribes on a post', async () => {
    const page = await openAt(width, BLOG);
    const rate = page.getByTestId('posting-rate');
    await rate.waitFor();
    expect((await rate.textContent())?.trim()).toMatch(RATE);
    await page.getByRole('link', { name: 'Sign in to subscribe' }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('ReturnUrl') === BLOG);
    await page.locator('input[name="username"]').fill('reader');
    await page.locator('input[name="password"]').fill('demo-reader-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === BLOG);

    // The demo reader follows every blog: stop on a post first, so the blog page can offer Subscribe.
    await page.goto(`${site.base}${POST}`);
    await subscribeButton(page).or(unsubscribeButton(page)).waitFor();
    if (await unsubscribeButton(page).isVisible()) await unsubscribeButton(page).click();
    await subscribeButton(page).waitFor();

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Reading Notes' }).click();
    await page.waitForURL((url) => url.pathname === BLOG);
    await subscribeButton(page).click();
    await unsubscribeButton(page).waitFor();
    await page.getByText(/^Subscribed: you will get a mail for each new post in Reading Notes\.$/).waitFor();
    expect((await rate.textContent())?.trim()).toMatch(RATE);
    expect(await unsubscribeButton(page).getAttribute('aria-describedby')).toBe(await rate.getAttribute('id'));
    expect(await fitsWidth(page)).toBe(true);
    expect(await violationsWhenSettled(page)).toEqual([]);
    await page.reload();
    await unsubscribeButton(page).waitFor();

    await page.getByRole('link', { name: 'Beginning at the beginning' }).first().click();
    await page.waitForURL((url) => url.pathname === POST);
    await unsubscribeButton(page).click();
    await subscribeButton(page).waitFor();
    await page.getByText(/^Unsubscribed: no more mails about Reading Notes\.$/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await violationsWhenSettled(page)).toEqual([]);
    await page.reload();
    await subscribeButton(page).waitFor();

    // As the demo had it, for the next run.
    await subscribeButton(page).click();
    await unsubscribeButton(page).waitFor();
    await page.close();
  });

  it("links ||n|| in the post editor's preview as the post page will", async () => {
    const page = await openAt(width, '/');
    await logIn(site, page, 'blogger', 'demo-blogger-password');
    await page.goto(`${site.base}${BLOG}/new`);
    const editor = page.getByTestId('post-editor-content');
    await editor.click();
    await page.keyboard.type('Compare ||12|| with ||3||.');
    await page.getByTestId('post-editor-preview').click();
    const preview = page.getByTestId('post-editor-rendered');
    const link = preview.locator('a.sentence-link[href="/12"]');
    await link.waitFor();
    expect(await link.textContent()).toBe('12');
    expect(await preview.locator('a.sentence-link[href="/3"]').textContent()).toBe('3');
    expect(await preview.textContent()).not.toContain('||');
    expect(await editor.isVisible()).toBe(false);
    expect(await fitsWidth(page)).toBe(true);
    expect(await violationsWhenSettled(page)).toEqual([]);
    await page.getByTestId('post-editor-preview').click();
    await editor.waitFor();
    await page.close();
  });
});

describe('||n|| in lists and on post pages', () => {
  it('reads the same everywhere: a link with the number, no pipes', async () => {
    const page = await openAt(1280, BLOG);
    const excerpt = page.getByTestId('post-item').filter({ hasText: 'Keeping a reading journal' }).locator('.post-excerpt');
    await excerpt.locator('a.sentence-link[href="/4"]').waitFor();
    expect(await excerpt.textContent()).not.toContain('||');
    await page.goto(`${site.base}${POST}`);
    const content = page.getByTestId('post-content');
    expect(await content.locator('a.sentence-link[href="/1"]').textContent()).toBe('1');
    expect(await content.textContent()).not.toContain('||');
    await page.close();
  });
});
