import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startSiteWithPoem, type RunningSite as SiteProcess } from './server.js';

/**
 * Verse set as verse (issue 33): one row per verse line, whatever the sentences do inside the
 * lines, stanza gaps only at stanza breaks, and text in its own script's language and font.
 * Longfellow's Inferno II.49–60 (a sentence that begins and ends inside a line, one-line sentences,
 * a sentence across a tercet break) and Rāmāyaṇa I.1.1–2 (two half-verses a shloka, a shloka a stanza).
 */

const POEM = `Title: Verse rows
Author: Test

Book 1: Inferno

Canto 1: Virgil's appeal
Section 1
And unto thee I came, as she desired;
I have delivered thee from that wild beast,
Which barred the beautiful mountain’s short ascent.

What is it, then? Why, why dost thou delay?
Why is such baseness bedded in thy heart?
Daring and hardihood why hast thou not,

Seeing that three such Ladies benedight
Are caring for thee in the court of Heaven,
And so much good my speech doth promise thee?”

Book 2: Balakanda

Canto 1: Narada
Section 1
तपःस्वाध्यायनिरतं तपस्वी वाग्विदां वरम् ।
नारदं परिपप्रच्छ वाल्मीकिर्मुनिपुङ्गवम् ॥१-१-१॥

को न्वस्मिन्साम्प्रतं लोके गुणवान्कश्च वीर्यवान् ।
धर्मज्ञश्च कृतज्ञश्च सत्यवाक्यो दृढव्रतः ॥१-१-२॥
`;

/** Sentence 3 begins after "What is it, then?" and ends on the same line. */
const IN_LINE = 3;
const DEVANAGARI_FONT = /noto-serif-devanagari.*\.woff2$/;

let browser: Browser | undefined;
let site: SiteProcess | undefined;
let base = '';

/** The site as `npm start` runs it, on a throw-away data folder holding only the poem above (imported with `npm run import`). */
beforeAll(async () => {
  site = await startSiteWithPoem('verse-rows.txt', POEM);
  base = site.base;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A page at a viewport width, with the web fonts it asked for. */
async function openAt(width: number, pathname: string): Promise<{ page: Page; fonts: string[] }> {
  const page = await (await browser!.newContext({ viewport: { width, height: 800 }, bypassCSP: true })).newPage();
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (/\.woff2?$/.test(request.url())) fonts.push(request.url());
  });
  await page.goto(`${base}${pathname}`);
  await page.locator('.poem-section .verse-line').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  return { page, fonts };
}

/**
 * The verse lines as shown: their text, the space above each (0 inside a stanza), how many rows
 * of text each takes (more than one only where a long line wraps on a phone), and every sentence
 * number or study toggle that is not on the row of a verse line.
 */
function rows(page: Page) {
  return page.evaluate(() => {
    const lines = [...document.querySelectorAll<HTMLElement>('.poem-section .verse-line')];
    const boxes = lines.map((line) => line.getBoundingClientRect());
    const row = Math.min(...boxes.map((box) => box.height));
    const lineOf = (box: DOMRect) => boxes.findIndex((b) => box.top + box.height / 2 > b.top && box.top + box.height / 2 < b.bottom);
    const offRow = [...document.querySelectorAll<HTMLElement>('.poem-section .sentence-number, .poem-section .study-toggle')]
      .filter((element) => lineOf(element.getBoundingClientRect()) === -1)
      .map((element) => element.getAttribute('aria-label') ?? element.textContent);
    return {
      texts: lines.map((line) => line.innerText),
      gaps: boxes.map((box, i) => (i === 0 ? 0 : Math.round(((box.top - boxes[i - 1]!.bottom) / row) * 10) / 10)),
      rowsEach: boxes.map((box) => Math.round(box.height / row)),
      offRow,
      sentencesWithoutRow: [...document.querySelectorAll('.poem-section .sentence')].filter((s) => s.querySelector('.verse-line') === null).length,
    };
  });
}

describe('verse rows', () => {
  it.each([360, 1280])('at %i px, one row per verse line, stanza gaps only at stanza breaks, every number and toggle on a verse row', async (width) => {
    const { page } = await openAt(width, '/1/1/1');
    const shown = await rows(page);
    expect(shown.texts).toEqual([
      'And unto thee I came, as she desired;',
      'I have delivered thee from that wild beast,',
      'Which barred the beautiful mountain’s short ascent.',
      `What is it, then? ${IN_LINE}⋯Why, why dost thou delay?`,
      'Why is such baseness bedded in thy heart?',
      'Daring and hardihood why hast thou not,',
      'Seeing that three such Ladies benedight',
      'Are caring for thee in the court of Heaven,',
      'And so much good my speech doth promise thee?”',
    ]);
    // a blank line's worth between tercets (the third, inside sentence 5), nothing anywhere else
    expect(shown.gaps.map((gap) => (gap >= 0.8 ? 'stanza' : gap))).toEqual([0, 0, 0, 'stanza', 0, 0, 'stanza', 0, 0]);
    if (width === 1280) expect(shown.rowsEach).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(shown.offRow).toEqual([]);
    expect(shown.sentencesWithoutRow).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('puts the number and study tools of a sentence that begins and ends inside a line in that line', async () => {
    const { page } = await openAt(1280, `/1/1/1#s${IN_LINE}`);
    const line = page.locator('.poem-section .verse-line').nth(3);
    const start = line.locator(`#s${IN_LINE}`);
    // the address's sentence: its part of the line is the one highlighted and focused
    await expect.poll(() => start.getAttribute('class')).toContain('is-target');
    expect(await start.innerText()).toBe(`${IN_LINE}⋯Why, why dost thou delay?`);
    expect(await start.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await line.getByRole('link', { name: `Sentence ${IN_LINE}`, exact: true }).getAttribute('href')).toBe(`/${IN_LINE}`);
    // its study tools open under the line, and the rows stay as they were
    const toggle = line.getByRole('button', { name: `Study tools for sentence ${IN_LINE}` });
    await toggle.click();
    const panel = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await panel.waitFor();
    const [lineBox, panelBox] = [await line.boundingBox(), await panel.boundingBox()];
    expect(panelBox!.y).toBeGreaterThanOrEqual(lineBox!.y + lineBox!.height);
    expect((await rows(page)).texts).toHaveLength(9);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('sets Devanagari verse as Sanskrit in the shipped face, a half-verse a row, and downloads that face for no other page', async () => {
    const { page, fonts } = await openAt(360, '/2/1/1');
    const verse = page.locator('.poem-section .verse').first();
    expect(await verse.getAttribute('lang')).toBe('sa');
    expect(await verse.evaluate((element) => getComputedStyle(element).fontFamily)).toMatch(/^"Epos Devanagari"/);
    expect(fonts.some((url) => DEVANAGARI_FONT.test(url))).toBe(true);
    const shown = await rows(page);
    expect(shown.texts).toHaveLength(4);
    expect(shown.gaps.map((gap) => (gap >= 0.8 ? 'stanza' : gap))).toEqual([0, 0, 'stanza', 0]);
    expect(shown.offRow).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();

    const english = await openAt(360, '/1/1/1');
    expect(await english.page.locator('.poem-section .verse').first().getAttribute('lang')).toBeNull();
    expect(english.fonts.filter((url) => DEVANAGARI_FONT.test(url))).toEqual([]);
    await english.page.context().close();
  });
});
