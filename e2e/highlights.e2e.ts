import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INFERNO_I } from '../api/src/poem/import/fixtures/real-verse.js';
import { launchBrowser, logIn, seriousViolations, startSiteWithReader, tabTo, type RunningSite } from './server.js';

/**
 * Highlights as a reader makes them (issue 38): on Longfellow's Inferno I (tercets whose sentences
 * run over three lines), at 360 and 1,280 px; made, seen, changed and removed with the keyboard
 * alone, and made from words selected in the verse; painted over every line they cover; axe clean.
 */

const READER = { userName: 'student', email: 'student@example.org', password: 'a-long-reading-password' };

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

async function readerAt(width: number): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width, height: width < 600 ? 740 : 800 }, bypassCSP: true });
  const page = await context.newPage();
  await logIn(site!, page, READER.userName, READER.password);
  await page.goto(`${site!.base}/1/1/1`);
  await page.locator('[data-fragment]').first().waitFor();
  return page;
}

/** What the page paints: each highlight's name and the text of its ranges. */
const painted = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...CSS.highlights.keys()].map((name) => [String(name), [...(CSS.highlights.get(name) as unknown as Iterable<Range>)].map((r) => r.toString())]),
    ),
  );

/** From the fourth word to the last (the dialog's default end), as painted line by line: up to the last word, not its full stop. */
const SENTENCES = {
  2: ['hard a thing it is to say', 'What was this forest savage, rough, and stern,', 'Which in the very thought renews the fear'],
  3: ['it, death is little more;', 'But of the good to treat, which there I found,', 'Speak will I of the other things I saw there'],
} as const;

describe.each([
  { width: 360, n: 2 as const, colourKeys: 1, colour: 'green', changedTo: 'pink' },
  { width: 1280, n: 3 as const, colourKeys: 2, colour: 'blue', changedTo: 'purple' },
])('at $width px', ({ width, n, colourKeys, colour, changedTo }) => {
  it('a reader highlights words over several lines, changes and removes the highlight, with the keyboard alone', async () => {
    const page = await readerAt(width);
    await page.getByRole('button', { name: `Study tools for sentence ${n}` }).focus();
    await page.keyboard.press('Enter');
    await tabTo(page, /^\s*Highlight\s*$/u);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `My highlights in sentence ${n}` });
    await dialog.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    // From the fourth word to the last (the default), across the tercet's three lines.
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await tabTo(page, /Yellow/u);
    for (let i = 0; i < colourKeys; i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Read this aloud.');
    await tabTo(page, /^\s*Highlight\s*$/u);
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Highlighted.' }).waitFor();
    const item = dialog.getByTestId('highlight');
    await item.waitFor();
    expect(await item.textContent()).toContain(`${colour[0]!.toUpperCase()}${colour.slice(1)}, underline`);
    expect(await item.textContent()).toContain('Read this aloud.');
    expect(await seriousViolations(page)).toEqual([]);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    const expected = [...SENTENCES[n]];
    await expect.poll(() => painted(page)).toEqual({ [`epos-${colour}-underline`]: expected });
    expect(await seriousViolations(page)).toEqual([]);

    // Changed: another colour, still the same words; the panel counts it.
    const counted = page.getByRole('button', { name: 'Highlights (1)' });
    await counted.focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /^Change highlight/u);
    await page.keyboard.press('Enter');
    await tabTo(page, new RegExp(colour, 'iu'));
    for (let i = 0; i < 2; i++) await page.keyboard.press('ArrowRight');
    await tabTo(page, /^\s*Save changes\s*$/u);
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Highlight changed.' }).waitFor();
    await expect.poll(() => painted(page)).toEqual({ [`epos-${changedTo}-underline`]: expected });

    // Kept by the site: read again after a reload.
    await page.reload();
    await page.locator('[data-fragment]').first().waitFor();
    await expect.poll(() => painted(page)).toEqual({ [`epos-${changedTo}-underline`]: expected });

    // Removed, after saying so.
    await page.getByRole('button', { name: `Study tools for sentence ${n}` }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Highlights (1)' }).focus();
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, /^Remove highlight/u);
    await page.keyboard.press('Enter');
    // The question takes focus on its safe answer; the other is one Shift+Tab away.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Keep');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await dialog.getByRole('status').filter({ hasText: 'Highlight removed.' }).waitFor();
    await dialog.getByText('No highlights in this sentence yet.').waitFor();
    await expect.poll(() => painted(page)).toEqual({});
    await page.context().close();
  });

  it('words selected in the verse are highlighted from the toolbar under them, and listed in My study', async () => {
    const page = await readerAt(width);
    // A selection from inside "journey" to the end of "life" (as a drag or a long press makes it).
    await page.evaluate(() => {
      const text = document.querySelector('[data-fragment="1:0"]')!.firstChild!;
      const range = document.createRange();
      range.setStart(text, text.textContent!.indexOf('ourney'));
      range.setEnd(text, text.textContent!.indexOf('life') + 4);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    const toolbar = page.getByRole('toolbar', { name: 'Selected words' });
    await toolbar.getByRole('button', { name: 'Highlight' }).click();
    const dialog = page.getByRole('dialog', { name: 'My highlights in sentence 1' });
    // Snapped to whole words.
    expect(await dialog.getByLabel('From').inputValue()).toBe('3');
    expect(await dialog.getByLabel('To').inputValue()).toBe('6');
    await dialog.getByRole('button', { name: 'Highlight', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Highlighted.' }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => painted(page)).toEqual({ 'epos-yellow-fill': ['journey of our life'] });
    // My study lists it, by colour, with its files.
    await page.goto(`${site!.base}/my/study`);
    const item = page.getByTestId('my-highlight');
    await item.filter({ hasText: 'journey of our life' }).waitFor();
    expect(await item.getByRole('link', { name: 'Sentence 1' }).getAttribute('href')).toBe('/1');
    expect(await page.getByRole('link', { name: 'Download as markdown' }).getAttribute('href')).toBe('/api/my/highlights.md');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Colour').selectOption('blue');
    await page.getByText('No highlights here yet').waitFor();
    expect(await page.getByRole('link', { name: 'Download as JSON' }).getAttribute('href')).toBe('/api/my/highlights.json?colour=blue');
    // The sentence's own page paints it too.
    await page.goto(`${site!.base}/1`);
    await page.getByRole('heading', { name: 'Sentence 1', level: 1 }).waitFor();
    await expect.poll(() => painted(page)).toEqual({ 'epos-yellow-fill': ['journey of our life'] });
    if (process.env.EPOS_SCREENSHOTS) await page.screenshot({ path: `${process.env.EPOS_SCREENSHOTS}/sentence-page-highlight-${width}.png` });

    // Removed, so that each width starts clean.
    await page.goto(`${site!.base}/1/1/1`);
    await page.getByRole('button', { name: 'Study tools for sentence 1' }).click();
    await page.getByRole('button', { name: 'Highlights (1)' }).click();
    await dialog.getByRole('button', { name: /^Remove highlight/u }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.getByText('No highlights in this sentence yet.').waitFor();
    await page.context().close();
  });
});
