import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startSiteWithPoem, type RunningSite as SiteProcess } from './server.js';

/**
 * Long book, canto and section names (some editions name Dante's cantos in ~200 characters)
 * must never make the reader wider than the screen: the menus shrink, the full names stay
 * available (the select's title, and the book line above the menus).
 */

const BOOK_NAME =
  'The Book of the Descent through the Dark Wood and the Gate of Sorrow, with the Vestibule of the Neutrals and the Crossing of the Joyless River Acheron';
const CANTO_NAME =
  'Canto the First, wherein the Poet, having strayed from the straight way into a dark wood at the midpoint of our life, meets a leopard, a lion and a she-wolf, and is rescued by the shade of wise Virgil';
const CANTO_2_NAME =
  'Canto the Second, wherein the Poet, doubting whether he is worthy of so great a journey, is comforted by Virgil, who tells him how three blessed ladies in Heaven have taken thought for his salvation';
const SECTION_NAME =
  'The dark wood, the hill lit by the rising sun, and the three beasts that drive the wanderer back down into the low place where the sun is silent';

const sentence = (n: number, stanza: number, line: string) => ({ sentence: n, stanza, text: { first: [line] } });

const poem = {
  format: 'epos-poem',
  version: 1,
  books: [
    {
      book: 1,
      name: BOOK_NAME,
      cantos: [
        {
          canto: 1,
          name: CANTO_NAME,
          sections: [
            {
              section: 1,
              name: SECTION_NAME,
              sentences: [
                sentence(1, 1, 'Midway upon the journey of our life I found myself within a forest dark.'),
                sentence(2, 1, 'The straightforward pathway had been lost.'),
              ],
            },
            { section: 2, name: 'The beasts', sentences: [sentence(3, 2, 'And lo, almost where the ascent began, a leopard light and swift exceedingly.')] },
          ],
        },
        {
          canto: 2,
          name: CANTO_2_NAME,
          sections: [{ section: 1, sentences: [sentence(4, 3, 'Day was departing, and the embrowned air released the animals on earth.')] }],
        },
      ],
    },
    // Paradise Lost I.44–49: a sentence ends inside a verse line, and the next runs across a stanza break.
    {
      book: 2,
      name: 'Paradise Lost',
      cantos: [
        {
          canto: 1,
          name: 'The First Book',
          sections: [
            {
              section: 1,
              sentences: [
                { sentence: 5, stanza: 4, text: { first: ['Raised impious war in Heaven and battle proud,', 'With vain attempt.'] } },
                {
                  sentence: 6,
                  stanza: 4,
                  joinsPrevious: true,
                  stanzaBreaks: [2],
                  text: { first: ['Him the Almighty Power', "Hurled headlong flaming from th' ethereal sky,", 'With hideous ruin and combustion, down'] },
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

let browser: Browser | undefined;
let site: SiteProcess | undefined;
let base = '';

/** The site as `npm start` runs it, on a throw-away data folder holding only the poem above (imported with `npm run import`). */
beforeAll(async () => {
  site = await startSiteWithPoem('long-names.json', `${JSON.stringify(poem, null, 2)}\n`);
  base = site.base;
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A fresh page at a viewport size (CSP bypass only so axe-core can be injected, as in server.ts). */
async function openAt(width: number, height: number, pathname: string): Promise<Page> {
  const page = await (await browser!.newContext({ viewport: { width, height }, bypassCSP: true })).newPage();
  await page.goto(`${base}${pathname}`);
  await page.getByRole('heading', { level: 1, name: SECTION_NAME }).waitFor();
  // the menus fill in from /api/contents after the section: wait for the second canto's option
  await page.locator('option', { hasText: 'Canto 2:' }).waitFor({ state: 'attached' });
  return page;
}

/** How wide the page is, and every element of the reader's header that reaches past the viewport. */
function measure(page: Page) {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const outside = [
      ...document.querySelectorAll<HTMLElement>('.section-head, .section-head *, .reader-bar, .reader-bar *, .reader-settings, .reader-settings *'),
    ]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < -0.5 || box.right > viewport + 0.5))
      .map(({ element, box }) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(box.left)}–${Math.round(box.right)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, viewport, outside };
  });
}

describe('a verse line shared by two sentences', () => {
  it('is shown whole, once, with the number of the sentence that begins inside it', async () => {
    const page = await (await browser!.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true })).newPage();
    await page.goto(`${base}/2/1/1`);
    await page.getByText('Raised impious war', { exact: false }).waitFor();
    const lines = await page.locator('.poem-section .verse-line').allInnerTexts();
    expect(lines).toEqual([
      'Raised impious war in Heaven and battle proud,',
      'With vain attempt. 6Him the Almighty Power',
      "Hurled headlong flaming from th' ethereal sky,",
      'With hideous ruin and combustion, down',
    ]);
    const gap = await page.locator('.poem-section .verse-line.stanza-break').count();
    expect(gap).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('long book, canto and section names', () => {
  it.each([
    [360, 740],
    [1280, 800],
  ])('never widen the reader at %i×%i px, and stay readable in full', async (width, height) => {
    expect(BOOK_NAME.length).toBe(150);
    expect(CANTO_NAME.length).toBe(200);
    const page = await openAt(width, height, '/1/1/1');

    const size = await measure(page);
    expect(size.outside).toEqual([]);
    expect(size.scrollWidth).toBeLessThanOrEqual(size.innerWidth);

    // on a phone the controls are in the settings sheet (a side panel, open, on a wide screen), which must fit the screen too
    const settings = page.getByRole('button', { name: 'Settings' });
    if ((await settings.getAttribute('aria-expanded')) === 'false') {
      await settings.click();
      const sheet = await measure(page);
      expect(sheet.outside).toEqual([]);
      expect(sheet.scrollWidth).toBeLessThanOrEqual(sheet.innerWidth);
    }

    for (const name of ['Book', 'Canto', 'Edition']) {
      const box = await page.getByLabel(name, { exact: true }).boundingBox();
      expect(box, name).not.toBeNull();
      expect(box!.x, name).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(size.viewport);
    }

    // the full names: on the selects and their options (tooltips), and in the visible book line
    const canto = page.getByLabel('Canto', { exact: true });
    expect(await canto.getAttribute('title')).toBe(`Canto 1: ${CANTO_NAME}`);
    expect(await canto.locator('option[value="2"]').getAttribute('title')).toBe(`Canto 2: ${CANTO_2_NAME}`);
    expect(await page.getByLabel('Book', { exact: true }).getAttribute('title')).toBe(`Book 1: ${BOOK_NAME}`);
    const bookLine = page.locator('.book-line');
    expect(await bookLine.isVisible()).toBe(true);
    expect(await bookLine.innerText()).toContain(CANTO_NAME);
    expect(await bookLine.innerText()).toContain(BOOK_NAME);

    const folder = process.env.E2E_SCREENSHOTS;
    if (folder) await page.screenshot({ path: path.join(folder, `long-names-${width}.png`), fullPage: true });

    // choosing the other canto keeps the page within the screen, and its select's title follows
    await canto.selectOption('2');
    await page.waitForURL(`${base}/1/2/1`);
    await page.locator('.book-line', { hasText: CANTO_2_NAME }).waitFor();
    expect(await canto.getAttribute('title')).toBe(`Canto 2: ${CANTO_2_NAME}`);
    const after = await measure(page);
    expect(after.outside).toEqual([]);
    expect(after.scrollWidth).toBeLessThanOrEqual(after.innerWidth);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
