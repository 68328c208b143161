import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startSiteWithPoem, type RunningSite } from './server.js';

/**
 * The count statistics page of a poem long enough for the charts' caps: a first canto of 120
 * sentences, then 45 cantos of 11 (615 sentences, 46 cantos). Its pages run under the site's real
 * Content-Security-Policy (no bypass), which refuses inline styles.
 */
const WORDS = 'the lamp of evening burns along the vale and every reed is bending to the river where the keeper walks alone'.split(' ');
const verse = (n: number, line: number) => {
  const length = 4 + ((n * 3 + line) % 7);
  return Array.from({ length }, (_, i) => WORDS[(n * 5 + line * 2 + i) % WORDS.length]).join(' ') + (line === 2 ? '.' : ',');
};
const sentencesOf = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    sentence: from + i,
    stanza: from + i,
    text: { first: [verse(from + i, 0), verse(from + i, 1), verse(from + i, 2)] },
  }));
const canto = (number: number, from: number, count: number) => ({
  canto: number,
  name: `Canto ${number}`,
  sections: [{ section: 1, sentences: sentencesOf(from, count) }],
});
const FIRST_CANTO = 120;
const LATER_CANTOS = 45;
const TOTAL = FIRST_CANTO + LATER_CANTOS * 11;
const poem = {
  format: 'epos-poem',
  version: 1,
  books: [
    { book: 1, name: 'The Long Canto', cantos: [canto(1, 1, FIRST_CANTO)] },
    { book: 2, name: 'The Short Cantos', cantos: Array.from({ length: LATER_CANTOS }, (_, i) => canto(i + 1, FIRST_CANTO + 1 + i * 11, 11)) },
  ],
};

let site: RunningSite | undefined;
let browser: Browser | undefined;

beforeAll(async () => {
  site = await startSiteWithPoem('count-charts.json', `${JSON.stringify(poem)}\n`);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** What the browser refused under the page's CSP: its console errors about it and its securitypolicyviolation events. */
interface Watched {
  page: Page;
  refused(): Promise<string[]>;
}

/** A page under the site's own CSP (no bypass), watched for anything the policy refuses from its first byte. */
async function openWatched(pathname: string, options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}): Promise<Watched> {
  const context = await browser!.newContext({
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  const response = await page.goto(`${site!.base}${pathname}`);
  // The policy this test counts on: styles from the site's own files only.
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/style-src 'self'(;|$)/);
  expect(policy).not.toContain('unsafe-inline');
  return {
    page,
    refused: async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))],
  };
}

/** Waits until all three charts have drawn their marks. */
async function chartsDrawn(page: Page): Promise<void> {
  await page.getByTestId('syllable-chart').locator('svg path.chart-line').waitFor({ state: 'attached' });
  await page.getByTestId('words-histogram').locator('svg rect.chart-bar').first().waitFor({ state: 'attached' });
  await page.getByTestId('canto-editions').locator('svg rect.series-c').first().waitFor({ state: 'attached' });
}

const tickLabels = (page: Page, chart: string, axis: 'x' | 'y') =>
  page.getByTestId(chart).locator(`svg .chart-axis-${axis} .chart-tick text`).allTextContents();

describe('the count statistics page', () => {
  it('opens on the first canto, without any input', async () => {
    const { page, refused } = await openWatched('/counts');
    await page.getByRole('heading', { level: 2, name: `Sentences 1–${FIRST_CANTO}, First edition` }).waitFor();
    await chartsDrawn(page);
    expect(await refused()).toEqual([]);
    expect(await page.getByLabel('From').inputValue()).toBe('1');
    expect(await page.getByRole('textbox', { name: 'To', exact: true }).inputValue()).toBe(String(FIRST_CANTO));
    expect(await page.getByTestId('default-range').textContent()).toContain("The poem's first canto (book 1, canto 1)");
    expect(await page.getByTestId('count-totals').locator('dd').first().textContent()).toBe(String(FIRST_CANTO));
    await expect.poll(() => page.getByTestId('count-table').locator('tbody tr').count()).toBe(50);
    // The address stays /counts: the default is no range of the reader's.
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });

  it('draws its charts with no CSP violation, at 1,280 and 390 px, light and dark', async () => {
    for (const [width, height, colorScheme] of [
      [1280, 800, 'light'],
      [390, 844, 'dark'],
    ] as const) {
      const { page, refused } = await openWatched(`/counts?from=1&to=${TOTAL}&lbl=revised`, { width, height, colorScheme });
      // Three charts drawn as SVG (whatever draws them), then another average compared: the policy is checked on all of it.
      await expect.poll(() => page.locator('figure.count-chart svg').count()).toBe(3);
      await page.getByLabel('Compare editions by').selectOption('AvgSyllables');
      await page.locator('figcaption', { hasText: 'Average syllables per line per canto, by edition' }).waitFor();
      expect(await refused(), `${width} px, ${colorScheme}`).toEqual([]);
      // And a chart's numbers opened as a table.
      await chartsDrawn(page);
      await page.getByTestId('words-histogram').getByText('Show the numbers as a table').click();
      await page.getByTestId('words-histogram').locator('table tbody tr').first().waitFor();
      expect(await refused(), `${width} px, ${colorScheme}, table`).toEqual([]);
      // Each chart keeps the size it was drawn at (a wide one is not shrunk to the screen, its labels unreadable)...
      for (const chart of ['syllable-chart', 'words-histogram', 'canto-editions']) {
        const svg = page.getByTestId(chart).locator('svg.chart');
        expect(Math.round((await svg.boundingBox())!.height), `${chart} at ${width} px`).toBe(Number(await svg.getAttribute('height')));
      }
      // ...and nothing sticks out past a phone's width: a wide chart scrolls in its own frame.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.context().close();
    }
  });

  it('gives every chart axes with tick labels and titles', async () => {
    const { page } = await openWatched(`/counts?from=1&to=${TOTAL}`);
    // Axes are drawn with their chart: once three charts are there, so are their ticks.
    await expect.poll(() => page.locator('figure.count-chart svg').count()).toBe(3);
    for (const chart of ['syllable-chart', 'words-histogram', 'canto-editions']) {
      const y = await tickLabels(page, chart, 'y');
      const x = await tickLabels(page, chart, 'x');
      expect(y.length, `${chart} y ticks`).toBeGreaterThanOrEqual(3);
      expect(x.length, `${chart} x ticks`).toBeGreaterThanOrEqual(3);
      expect(await page.getByTestId(chart).locator('svg .chart-axis-title').count(), `${chart} axis titles`).toBe(2);
      // Each chart is one image with a name and a description.
      expect(await page.getByTestId(chart).getByRole('img').getAttribute('aria-labelledby')).toBeTruthy();
      expect((await page.getByTestId(chart).locator('svg desc').textContent())!.length).toBeGreaterThan(10);
    }
    // The syllable chart's axis runs over the verse lines drawn; the histogram's over words; the cantos' over book.canto.
    expect(await tickLabels(page, 'syllable-chart', 'x')).toContain('1,000');
    expect((await tickLabels(page, 'words-histogram', 'x'))[0]).toBe('1');
    expect((await tickLabels(page, 'canto-editions', 'x'))[0]).toBe('1.1');
    expect(await seriousViolationsOf(page)).toEqual([]);
    await page.context().close();
  });

  it('says under a chart when it stops at its cap, and says nothing when it shows the whole range', async () => {
    const { page } = await openWatched(`/counts?from=1&to=${TOTAL}`);
    await chartsDrawn(page);
    const notice = `Showing the first 500 of ${TOTAL} sentences (1–500); the other ${TOTAL - 500}, from sentence 501 on, are left out of this chart. Count a smaller range to chart them.`;
    expect(await page.getByTestId('syllable-chart-cap').textContent()).toBe(notice);
    expect(await page.getByTestId('words-histogram-cap').textContent()).toBe(notice);
    expect(await page.getByTestId('syllable-chart').locator('figcaption').textContent()).toBe('Syllables per verse line, sentences 1–500');
    expect(await page.getByTestId('canto-editions-cap').textContent()).toBe(
      `Showing the first 40 of ${LATER_CANTOS + 1} cantos (1.1–2.39); the other 6, cantos 2.40–2.45, are left out of this chart. Count a smaller range to chart them.`,
    );
    // The chart draws the 500 sentences, not only the table's first page of 50.
    expect(await page.getByTestId('syllable-chart').locator('svg desc').textContent()).toMatch(/^1,500 lines/);

    await page.goto(`${site!.base}/counts?from=1&to=60`);
    await page.getByTestId('syllable-chart').locator('figcaption', { hasText: 'Syllables per verse line, sentences 1–60' }).waitFor();
    await chartsDrawn(page);
    expect(await page.getByTestId('syllable-chart-cap').count()).toBe(0);
    expect(await page.getByTestId('words-histogram-cap').count()).toBe(0);
    expect(await page.getByTestId('canto-editions-cap').count()).toBe(0);
    await page.context().close();
  });
});

/** Axe's findings on the same page: axe needs a page that accepts its injected script, so a bypassing one. */
async function seriousViolationsOf(watched: Page): Promise<string[]> {
  const page = await (await browser!.newContext({ bypassCSP: true })).newPage();
  await page.goto(watched.url());
  await chartsDrawn(page);
  await page.getByTestId('canto-editions').getByText('Show the numbers as a table').click();
  const found = await seriousViolations(page);
  await page.context().close();
  return found;
}
