import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFERNO_I } from '../api/src/poem/import/fixtures/real-verse.js';
import { launchBrowser, logIn, seriousViolations, startSiteWithReader, tabTo, type RunningSite } from './server.js';

/**
 * A reader's own study (issue 38), on Longfellow's Inferno I at 360 and 1,280 px: a sentence put in
 * "Bookmarks" and in a new named collection with the keyboard alone, then found, moved, renamed and
 * removed in My study; their reading time and place kept by the server, shown in My study and
 * continued from the home page; a reading plan started days ago, caught up by re-pacing, today's
 * portion read from the home page and marked done, then stopped; axe clean.
 */

/** Where screenshots go when asked for (EPOS_SCREENSHOTS=dir), to look at. */
const shots = process.env.EPOS_SCREENSHOTS;
const READER = { userName: 'keeper', email: 'keeper@example.org', password: 'a-long-reading-password' };

let browser: Browser | undefined;
let site: RunningSite | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  site = await startSiteWithReader('inferno.txt', `${INFERNO_I}\n`, READER, browser);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function readerAt(width: number, path: string): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width, height: width < 600 ? 740 : 800 }, bypassCSP: true });
  const page = await context.newPage();
  await logIn(site!, page, READER.userName, READER.password);
  await page.goto(`${site!.base}${path}`);
  return page;
}

describe.each([
  { width: 360, n: 2, opening: 'Ah me! how hard a thing it is to say', readAt: 1 },
  { width: 1280, n: 3, opening: 'So bitter is it, death is little more;', readAt: 3 },
])('at $width px', ({ width, n, opening, readAt }) => {
  const collection = `The dark wood (${width})`;

  it('a reader bookmarks a sentence in Bookmarks and in a new collection with the keyboard alone', async () => {
    const page = await readerAt(width, '/1/1/1');
    await page.locator('[data-fragment]').first().waitFor();
    await page.getByRole('button', { name: `Study tools for sentence ${n}` }).focus();
    await page.keyboard.press('Enter');
    await tabTo(page, /^\s*Bookmark\s*$/u);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Bookmark sentence ${n}` });
    await dialog.waitFor();
    // Focus starts on the first box, "Bookmarks": Space ticks it, and it is kept at once.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent)).toBe('Bookmarks');
    await page.keyboard.press('Space');
    await dialog.getByRole('status').filter({ hasText: 'Added to Bookmarks.' }).waitFor();
    await tabTo(page, /New collection/u);
    await page.keyboard.type(collection);
    await page.keyboard.press('Enter');
    await dialog
      .getByRole('status')
      .filter({ hasText: `Added to ${collection}.` })
      .waitFor();
    await expect.poll(() => dialog.getByRole('checkbox', { name: collection }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Bookmarks' }).isChecked()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/bookmark-dialog-${width}.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it('My study lists them by collection, moves, renames and removes them', async () => {
    const page = await readerAt(width, '/my/study#bookmarks');
    const items = page.getByTestId('my-bookmark').filter({ hasText: opening });
    await expect.poll(() => items.count()).toBe(2);
    expect(await items.first().getByRole('link').getAttribute('href')).toBe(`/1/1/1#s${n}`);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/my-bookmarks-${width}.png`, fullPage: true });

    // One collection: only its bookmark, and its files by the same filter.
    await page.getByLabel('Collection', { exact: true }).selectOption({ label: collection });
    await expect.poll(() => items.count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Download as markdown' }).getAttribute('href')).toMatch(/^\/api\/my\/bookmarks\.md\?collection=[0-9a-f-]{36}$/);

    // Renamed in the collections' list.
    await page.getByText(/^My collections/).click();
    await page.getByRole('button', { name: `Rename ${collection}` }).click();
    await page.getByLabel(`New name for ${collection}`).fill(`${collection} again`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: `Rename ${collection} again` }).waitFor();

    // Moved out to Bookmarks: the sentence is there once already, and the site says so.
    await items.first().getByLabel('Move to').selectOption({ label: 'Bookmarks' });
    await page.getByText('This sentence is already in Bookmarks').waitFor();

    // Removed: the collection goes, with its bookmark.
    await page.getByRole('button', { name: `Remove ${collection} again` }).click();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await page.getByLabel('Collection', { exact: true }).selectOption('');
    await expect.poll(() => items.count()).toBe(1);
    await items
      .first()
      .getByRole('button', { name: `Remove the bookmark of sentence ${n}` })
      .click();
    await expect.poll(() => items.count()).toBe(0);
    await page.context().close();
  });

  it("a signed-in reader's reading is kept: their place, today's time, continued from the home page", async () => {
    const page = await readerAt(width, '/1/1/1');
    await page.locator('[data-fragment]').first().waitFor();
    await page.bringToFront();
    // The reader's place is the sentence at the top of the screen.
    await page.evaluate((n) => {
      const sentence = document.getElementById(`s${n}`)!;
      window.scrollTo(0, sentence.getBoundingClientRect().top + window.scrollY - 56);
    }, readAt);
    // Reading is counted from five seconds on, while the page is visible and focused.
    await page.waitForTimeout(7_000);
    // Leaving the section (in the app, as its links do) sends what was read.
    const recorded = page.waitForResponse((r) => r.url().endsWith('/api/my/reading') && r.request().method() === 'POST');
    await page.evaluate(() => {
      history.pushState(null, '', '/my/study#reading');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    expect((await recorded).status()).toBe(200);
    const going = page.getByRole('link', { name: 'Continue reading' });
    // The record is on its way as the page opens (and this reader read at the other width before): read again until it shows.
    await expect
      .poll(async () => {
        await page.reload();
        await page.getByText('Longest streak').waitFor();
        return (await going.count()) === 1 ? going.getAttribute('href') : null;
      })
      .toBe(`/1/1/1#s${readAt}`);
    expect(await page.locator('.reading-summary').textContent()).toMatch(/Today(under a minute|\d+ min)( of 1 min)?Streak1 dayLongest streak1 day/u);
    expect(await seriousViolations(page)).toEqual([]);
    // A daily goal of one minute: what is left today is said, and the goal kept.
    await page.getByLabel('Daily goal (minutes)').fill('1');
    await page.getByRole('button', { name: 'Save goal' }).click();
    // Said in a toast (the same goal at the second width changes nothing, and says so the same).
    await page.getByText('Daily goal: 1 min.').waitFor();
    await page.getByText(/to go today\.|Today’s goal is met\./u).waitFor();
    expect(await page.locator('.reading-summary').textContent()).toContain('of 1 min');
    // The toast saying so has faded in (half-way, it has half its contrast).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/my-reading-${width}.png`, fullPage: true });
    // The home page continues from the same place.
    await page.goto(`${site!.base}/`);
    await expect.poll(() => page.getByRole('link', { name: 'Continue reading' }).getAttribute('href')).toBe(`/1/1/1#s${readAt}`);
    await page.context().close();
  });

  it('a reader chooses to share their highlight counts; a section offers its canto’s most highlighted lines', async () => {
    const page = await readerAt(width, '/my/study');
    const share = page.getByLabel(/Count my highlights, anonymously/u);
    await share.waitFor();
    // One width turns it on, the other finds it on and turns it off: kept on the server either way.
    const was = await share.isChecked();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/my/highlights/sharing') && r.request().method() === 'POST');
    await share.focus();
    await page.keyboard.press('Space');
    expect((await saved).status()).toBe(200);
    await expect
      .poll(async () => {
        await page.reload();
        await share.waitFor();
        return share.isChecked();
      })
      .toBe(!was);
    await page.goto(`${site!.base}/1/1/1`);
    const most = page.locator('.most-highlighted');
    await most.locator('summary').focus();
    await page.keyboard.press('Enter');
    await most.getByText('No line here has been highlighted by 5 readers who share their counts yet.', { exact: false }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await most.screenshot({ path: `${shots}/most-highlighted-${width}.png` });
    await page.context().close();
  });

  it('a reading plan: started three days ago, re-paced, today’s portion from the home page, the day complete, stopped', async () => {
    const page = await readerAt(width, '/my/study#plans');
    const form = page.getByRole('form', { name: 'Start a plan' });
    await form.getByLabel('What to read').selectOption({ label: 'The whole poem' });
    await form.getByLabel('Finish in a number of days').check();
    await form.getByLabel('Days', { exact: true }).fill('5');
    const threeDaysAgo = await page.evaluate(() => {
      const day = new Date(Date.now() - 3 * 86_400_000);
      return new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
    });
    await form.getByLabel('Starts').fill(threeDaysAgo);
    await form.getByRole('button', { name: 'Start plan' }).click();
    const plan = page.getByRole('article', { name: 'The whole poem' });
    await plan.getByText(/\d days? behind/u).waitFor();
    expect(await plan.textContent()).toMatch(/Day 4 of 5/u);
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/plan-behind-${width}.png`, fullPage: true });
    await plan.getByRole('button', { name: /^Re-pace to finish on/u }).click();
    await plan.getByRole('button', { name: 'Mark today’s reading done' }).waitFor();
    expect(await plan.getByText(/behind/u).count()).toBe(0);

    // The home page offers today's portion; its link opens the section at its first sentence.
    await page.goto(`${site!.base}/`);
    const today = page.locator('.home-plan').getByRole('link').first();
    await today.waitFor();
    const href = await today.getAttribute('href');
    expect(href).toMatch(/^\/1\/1\/1#s\d+$/u);
    await today.click();
    await page.locator('[data-fragment]').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/1/1/1');

    await page.goto(`${site!.base}/my/study#plans`);
    await plan.getByRole('button', { name: 'Mark today’s reading done' }).click();
    await plan.getByRole('status').filter({ hasText: 'Day 4 complete.' }).waitFor();
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) await page.screenshot({ path: `${shots}/plan-day-complete-${width}.png`, fullPage: true });

    await plan.getByRole('button', { name: 'Stop this plan' }).click();
    await page.getByRole('alertdialog', { name: 'Stop this plan?' }).getByRole('button', { name: 'Stop the plan' }).click();
    await page.getByText('No plan yet').waitFor();
    await page.context().close();
  });
});
