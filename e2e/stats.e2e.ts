import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

/** The script and style files a page asked for, by name. */
function assetsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/assets/')) asked.push(url.pathname);
  });
  return asked;
}

describe('the count statistics page in a real browser', () => {
  it("says 'From cannot be empty', then shows a range's totals, charts and table, and loads more", async () => {
    const page = await site.open('/');
    const assets = assetsOf(page);
    // The reader's first download holds no chart code: it loads on demand.
    await page.reload({ waitUntil: 'networkidle' });
    expect(assets.filter((a) => /charts-/.test(a))).toEqual([]);

    // /counts opens on the poem's first canto (docs/decisions/counts-default-range.md).
    await page.goto(`${site.base}/counts`);
    await page.getByRole('heading', { level: 1, name: 'Count statistics' }).waitFor();
    await page.getByTestId('default-range').waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe('1');

    await page.getByLabel('From').fill('');
    await page.getByRole('button', { name: 'Count' }).click();
    await page.getByRole('alert').getByText('From cannot be empty').waitFor();
    expect(await page.getByLabel('From').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('From').fill('1');
    await page.getByRole('textbox', { name: 'To', exact: true }).fill('60');
    await page.getByLabel('Edition', { exact: true }).selectOption('revised');
    await page.getByRole('button', { name: 'Count' }).click();
    await page.waitForURL(/\/counts\?from=1&to=60&lbl=revised$/);
    // The first canto's results stay in view, marked busy, until the asked range arrives.
    await page.getByRole('heading', { level: 2, name: 'Sentences 1–60, Revised edition' }).waitFor();
    expect(await page.locator('section.count-results').getAttribute('aria-busy')).toBe('false');
    const totals = page.getByTestId('count-totals');
    expect(await totals.locator('dd').first().textContent()).toBe('60');

    const rows = page.getByTestId('count-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(50);
    // The charts: SVG drawn by React once their code has loaded on demand.
    await page.getByTestId('syllable-chart').locator('svg path.chart-line').waitFor({ state: 'attached' });
    await page.getByTestId('words-histogram').locator('svg rect.chart-bar').first().waitFor({ state: 'attached' });
    await page.getByTestId('canto-editions').locator('svg rect.series-c').first().waitFor({ state: 'attached' });
    expect(assets.some((a) => /charts-.*\.js$/.test(a))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    // The editions chart compares the average the reader picks.
    await page.getByLabel('Compare editions by').selectOption('AvgSyllables');
    await page.getByTestId('canto-editions').locator('figcaption', { hasText: 'Average syllables per line per canto, by edition' }).waitFor();

    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => rows.count()).toBe(60);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    expect(await rows.last().locator('th').textContent()).toBe('60');
    await page.close();
  });

  it("shows 'Nothing to show' for a range past the poem's end, and reads a range from its address", async () => {
    const page = await site.open('/counts?from=90000&to=90010');
    await page.getByText('Nothing to show').waitFor();
    expect(await page.getByLabel('From').inputValue()).toBe('90000');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
