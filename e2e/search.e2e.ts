import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

async function openAt(pathname: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await site.open('/');
  await page.setViewportSize(viewport);
  if (pathname !== '/') await page.goto(`${site.base}${pathname}`);
  return page;
}

const hits = (page: Page) => page.locator('.search-hit');
const tab = (page: Page, name: RegExp) => page.getByRole('navigation', { name: 'Where to search' }).getByRole('link', { name });

describe('search', () => {
  it('suggests from the top box, searches a suggestion, switches tabs and follows "Search in book" to the highlighted hit', async () => {
    const page = await openAt('/', DESKTOP);
    const box = page.getByRole('combobox', { name: 'Search' });
    // an empty box does nothing
    await box.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');

    await box.fill('la');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.getAttribute('aria-controls')).toBe(await list.getAttribute('id'));
    expect(await list.evaluate((el) => [getComputedStyle(el).maxHeight, getComputedStyle(el).zIndex])).toEqual(['300px', '9999']);
    const lamp = list.getByRole('option', { name: 'lamp', exact: true });
    await lamp.waitFor();
    // the arrows move the active option, announced through aria-activedescendant
    await box.press('ArrowDown');
    const first = await list.getByRole('option').first().getAttribute('id');
    expect(await box.getAttribute('aria-activedescendant')).toBe(first);
    expect(await list.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    // Escape closes the list and leaves the words
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('la');

    await box.fill('lam');
    await lamp.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'lamp');
    const firstTab = tab(page, /^First edition \(\d+\)$/);
    await firstTab.waitFor();
    expect(await firstTab.getAttribute('aria-current')).toBe('page');
    await hits(page).first().waitFor();
    expect(await page.locator('.search-snippet mark').first().textContent()).toMatch(/lamp/i);
    // only scopes with hits have tabs
    const tabLabels = await page.getByRole('navigation', { name: 'Where to search' }).getByRole('link').allTextContents();
    expect(tabLabels.filter((label) => !/\((?!0\))[\d,]+\+?\)$/.test(label))).toEqual([]);
    expect(tabLabels.length).toBeLessThan(10);
    expect(await seriousViolations(page)).toEqual([]);

    // the Posts tab, with its filter by blog and author
    await tab(page, /^Posts \(\d+\)$/).click();
    await page.waitForURL((url) => url.searchParams.get('t') === 'posts');
    await page.getByRole('link', { name: 'The lamp and the threshold' }).waitFor();
    await page.getByLabel('Blog', { exact: true }).selectOption({ label: 'Evening Letters' });
    await page.waitForURL((url) => url.searchParams.get('journal') === 'evening-letters');
    await page.getByRole('heading', { name: 'No results' }).waitFor();
    await page.getByLabel('Blog', { exact: true }).selectOption({ label: 'Reading Notes' });
    await page.getByRole('link', { name: 'The lamp and the threshold' }).waitFor();
    expect(await page.getByLabel('Author', { exact: true }).locator('option').count()).toBeGreaterThan(1);
    expect(await seriousViolations(page)).toEqual([]);
    // back returns to the earlier tabs
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('t') === null);
    await hits(page).first().waitFor();

    // Search in book: the section, the hits highlighted, the first one 75 px below the top
    const link = page.getByRole('link', { name: 'Search in book' }).first();
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('search=lamp');
    await link.click();
    await page.waitForURL((url) => url.searchParams.get('search') === 'lamp' && /^\/\d+\/\d+\/\d+/.test(url.pathname));
    await page.getByText(/\d+ match(es)? for “lamp”/).waitFor();
    await expect
      .poll(() => page.evaluate(() => (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights.get('search-hit')?.size ?? 0))
      .toBeGreaterThan(0);
    await page.close();
  });

  it('loads more hits page by page, and downloads the scope as markdown', async () => {
    const page = await openAt('/search?q=lamp%20or%20light%20or%20dark%20or%20said%20or%20then%20or%20upon%20or%20where%20or%20stone%20or%20rose', DESKTOP);
    await hits(page).first().waitFor();
    expect(await hits(page).count()).toBe(20);
    await page.getByTestId('load-more').click();
    await expect.poll(() => hits(page).count()).toBeGreaterThan(20);
    const total = Number((await page.locator('.search-total').textContent())!.match(/\d+/)![0]);
    while (await page.getByTestId('load-more').isVisible()) await page.getByTestId('load-more').click();
    await expect.poll(() => hits(page).count()).toBe(total);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    expect(download.suggestedFilename()).toBe('search-first.md');
    const chunks: Buffer[] = [];
    for await (const chunk of (await download.createReadStream())!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toMatch(/^# Search: lamp or light/);
    await page.close();
  });

  it('offers "Did you mean" for a misspelt word, and searches it when followed', async () => {
    const page = await openAt('/search?q=lampp', DESKTOP);
    const fix = page.locator('.search-did-you-mean').getByRole('link', { name: 'lamp' });
    await fix.click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'lamp');
    await hits(page).first().waitFor();
    expect(await page.locator('.search-did-you-mean').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('says "No data " when nothing is found, opens the Posts tab for the spec\'s t=post, and the line lookup drops an old "Not Found" for a new message', async () => {
    const page = await openAt('/search?q=zqxjvv', DESKTOP);
    await page.locator('.toasts').getByText('No data', { exact: false }).waitFor();
    expect(await page.locator('.toasts .toast').first().textContent()).toBe('No data ');

    await page.goto(`${site.base}/search?q=lamp&t=post`);
    const posts = tab(page, /^Posts \(\d+\)$/);
    await posts.waitFor();
    expect(await posts.getAttribute('aria-current')).toBe('page');
    await hits(page).first().waitFor();

    await page.goto(`${site.base}/lookup?n=999999`);
    const notFound = page.locator('.lookup-result.lookup-error', { hasText: 'Not Found' });
    await notFound.waitFor();
    await page.getByRole('textbox', { name: /Sentence number/ }).fill('twelve');
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.getByRole('alert').waitFor();
    expect(await notFound.count()).toBe(0);
    await page.close();
  });

  it('says "An error occured" when the search fails', async () => {
    const page = await openAt(`/search?q=${'a'.repeat(250)}`, DESKTOP);
    await page.locator('.toasts').getByText('An error occured').waitFor();
    await page.getByRole('heading', { name: 'An error occured' }).waitFor();
    await page.close();
  });

  it('folds to a magnifier between the phone menu and a wide row, and opens over the links while in use', async () => {
    const page = await openAt('/', { width: 1100, height: 600 });
    const box = page.getByRole('combobox', { name: 'Search' });
    const overlaps = () =>
      page.evaluate(() => {
        const links = Math.max(...[...document.querySelectorAll('.top-nav .nav-links a')].map((a) => a.getBoundingClientRect().right));
        const search = document.querySelector('.top-nav .search-box')!.getBoundingClientRect();
        const account = document.querySelector('.top-nav .account-nav')!.getBoundingClientRect();
        return links > search.left || search.right > account.left;
      });
    expect(await overlaps()).toBe(false);
    await box.click();
    expect((await box.boundingBox())!.width).toBeGreaterThan(200);
    await box.fill('lamp');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'lamp');
    await hits(page).first().waitFor();
    await page.locator('h1').click();
    expect((await box.boundingBox())!.width).toBeLessThan(50);
    await page.close();
  });

  it('fits the phone menu: the box is in the panel, its suggestions within the screen', async () => {
    const page = await openAt('/', PHONE);
    const nav = page.getByRole('navigation', { name: 'Main' });
    const box = page.getByRole('combobox', { name: 'Search' });
    expect(await box.isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'Menu' }).click();
    await box.fill('l');
    const list = page.getByRole('listbox', { name: 'Suggestions' });
    await list.getByRole('option').first().waitFor();
    const shown = (await list.boundingBox())!;
    expect(shown.x).toBeGreaterThanOrEqual(0);
    expect(shown.x + shown.width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await box.press('ArrowDown');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') !== null);
    // the menu folds away after the search
    expect(await box.isVisible()).toBe(false);
    await hits(page).first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // a new search from the search page folds the menu too
    await nav.getByRole('button', { name: 'Menu' }).click();
    await box.fill('dark');
    await box.press('Enter');
    await page.waitForURL((url) => url.searchParams.get('q') === 'dark');
    await expect.poll(() => box.isVisible()).toBe(false);
    await page.close();
  });

  // Last: it spends this address's searches for the minute.
  it('tells a reader refused for searching too often when to come back, instead of a blank or a generic error', async () => {
    // Ten at a time, so that a busy machine spends the limit in seconds, not minutes (a 503 "busy" counts too).
    let refused: Response | undefined;
    for (let i = 0; i < 70 && !refused; i++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const answer = await fetch(`${site.base}/api/v2/search?q=lamp`);
          await answer.arrayBuffer();
          return answer;
        }),
      );
      refused = answers.find((answer) => answer.status === 429);
    }
    expect(refused?.headers.get('ratelimit-policy')).toMatch(/^"searches-per-minute";q=60;w=60/);
    const page = await openAt('/search?q=lamp', DESKTOP);
    const told = /^Too many searches in a short time \(at most 60 a minute\)\. Please wait \d+ seconds and try again\.$/;
    await page.getByRole('heading', { name: told }).waitFor();
    await page.locator('.toasts').getByText(told).waitFor();
    expect(await page.getByText('An error occured').count()).toBe(0);
    await page.close();
  });
});
