import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startSite, startSiteWithPoem, type RunningSite } from './server.js';

/**
 * Text first (issue 34): at 1,280 × 800 at least 12 verse lines on the first screen, the reading
 * controls in one slim bar and a side panel; on a phone the pinned bars take ≤ 56 px together.
 * Read on a real poem with long lines (Paradise Lost, Book I's first section, scripts/bench/corpora)
 * and on the demo poem, whose book has a painting and whose section has every reading control.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** Where the screenshots go when EPOS_SCREENSHOTS names a folder (to look at them, not to compare). */
const SHOTS = process.env.EPOS_SCREENSHOTS;

/** Paradise Lost up to its Book I's second section. */
function paradiseLostOpening(): string {
  const whole = gunzipSync(fs.readFileSync(path.join(root, 'scripts/bench/corpora/paradise-lost.txt.gz')))
    .toString('utf8')
    .split('\n');
  return `${whole.slice(0, whole.indexOf('Section 2')).join('\n')}\n`;
}

async function openAt(browser: Browser, site: RunningSite, pathname: string, viewport: { width: number; height: number }, dark = false): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    bypassCSP: true,
    colorScheme: dark ? 'dark' : 'light',
    hasTouch: viewport === PHONE,
    isMobile: viewport === PHONE,
  });
  const page = await context.newPage();
  await page.goto(`${site.base}${pathname}`);
  await page.locator('.poem-section .verse-line').first().waitFor();
  await page.evaluate(() => document.fonts.ready);
  return page;
}

/** The lowest edge of the bars pinned at the top of the screen (fixed or sticky ones, stacked from y = 0), in px. */
function pinnedBottom(page: Page): Promise<number> {
  return page.evaluate(() => {
    const boxes = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => ['fixed', 'sticky'].includes(getComputedStyle(element).position) && getComputedStyle(element).visibility !== 'hidden')
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.height > 0 && box.bottom > 0)
      .sort((a, b) => a.top - b.top);
    let bottom = 0;
    for (const box of boxes) if (box.top <= bottom + 1) bottom = Math.max(bottom, box.bottom);
    return bottom;
  });
}

/** Verse lines wholly on the screen and not under the pinned bars. */
function linesOnScreen(page: Page, pinned: number): Promise<number> {
  return page.evaluate(
    (top) =>
      [...document.querySelectorAll('.poem-section .verse-line')].filter((line) => {
        const box = line.getBoundingClientRect();
        return box.height > 0 && box.top >= top && box.bottom <= window.innerHeight;
      }).length,
    pinned,
  );
}

async function shoot(page: Page, name: string) {
  if (SHOTS === undefined) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

let browser: Browser | undefined;
beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the first screen of a real poem with long lines', () => {
  let site: RunningSite | undefined;
  beforeAll(async () => {
    site = await startSiteWithPoem('paradise-lost.txt', paradiseLostOpening());
  }, 180_000);
  afterAll(async () => {
    await site?.stop();
  });

  it.for([false, true])('at 1,280 × 800 (dark: %s) shows at least 12 verse lines, under one slim bar', async (dark, { annotate }) => {
    const page = await openAt(browser!, site!, '/1/1/1', DESKTOP, dark);
    const pinned = await pinnedBottom(page);
    const lines = await linesOnScreen(page, pinned);
    await annotate(`Paradise Lost at 1,280 × 800${dark ? ', dark' : ''}: ${lines} verse lines on the first screen, ${pinned} px pinned`);
    expect(lines).toBeGreaterThanOrEqual(12);
    // the navigation's row and the reader's bar below it
    expect(pinned).toBeLessThanOrEqual(110);
    // the first verse line is near the top, not under a stack of controls
    const first = (await page.locator('.poem-section .verse-line').first().boundingBox())!;
    expect(first.y).toBeLessThan(DESKTOP.height / 3);
    await shoot(page, `paradise-lost-1280${dark ? '-dark' : ''}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it.for([false, true])('at 390 × 844 (dark: %s) pins at most 56 px of bars, and the verse fills the rest', async (dark, { annotate }) => {
    const page = await openAt(browser!, site!, '/1/1/1', PHONE, dark);
    const pinned = await pinnedBottom(page);
    const lines = await linesOnScreen(page, pinned);
    await annotate(`Paradise Lost at 390 × 844${dark ? ', dark' : ''}: ${lines} verse lines on the first screen, ${pinned} px pinned`);
    expect(pinned).toBeLessThanOrEqual(56);
    expect(lines).toBeGreaterThanOrEqual(12);
    await shoot(page, `paradise-lost-390${dark ? '-dark' : ''}`);
    // scrolled down, what is pinned is still no more than that
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    expect(await pinnedBottom(page)).toBeLessThanOrEqual(56);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  });
});

describe('the first screen of the demo poem (a painting and every control)', () => {
  let site: RunningSite | undefined;
  beforeAll(async () => {
    site = await startSite();
  }, 180_000);
  afterAll(async () => {
    await site?.stop();
  });

  it('at 1,280 × 800, the verse comes first, and every control stands in the side panel', async ({ annotate }) => {
    const page = await openAt(browser!, site!, '/1/1/1', DESKTOP);
    const lines = await linesOnScreen(page, await pinnedBottom(page));
    await annotate(`demo poem at 1,280 × 800: ${lines} verse lines on the first screen`);
    expect(lines).toBeGreaterThanOrEqual(12);
    await shoot(page, 'demo-1280');

    const panel = page.getByRole('region', { name: 'Reading settings' });
    for (const label of ['Book', 'Canto', 'Edition', 'Text size']) expect(await panel.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByRole('checkbox').count()).toBeGreaterThan(1);
    expect(await panel.getByRole('button', { name: /PDF/ }).isVisible()).toBe(true);
    expect(await panel.getByRole('button', { name: /Works on/ }).isVisible()).toBe(true);
    // the book's painting is still there, after the verse
    expect(await page.locator('.section-paintings .painting-button').count()).toBeGreaterThan(0);

    // the bar's Settings button folds the panel away (the verse takes the room) and brings it back, by keyboard
    const settings = page.getByRole('button', { name: 'Settings' });
    expect(await settings.getAttribute('aria-expanded')).toBe('true');
    await settings.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(false);
    expect(await settings.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('Enter');
    await expect.poll(() => panel.isVisible()).toBe(true);
    // shown again, the panel takes the focus: the next Tab is in it, not a whole section of verse away
    expect(await page.evaluate(() => document.activeElement?.closest('#reader-settings') !== null)).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('#reader-settings') !== null)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('on a 900 px tablet, the settings open as a drawer from the side the panel stands on', async () => {
    const page = await openAt(browser!, site!, '/1/1/1', { width: 900, height: 1000 });
    expect(await linesOnScreen(page, await pinnedBottom(page))).toBeGreaterThanOrEqual(12);
    await page.getByRole('button', { name: 'Settings' }).click();
    const drawer = page.getByRole('dialog', { name: 'Reading settings' });
    await drawer.waitFor();
    const box = (await drawer.boundingBox())!;
    expect(Math.round(box.x + box.width)).toBe(900);
    expect(box.width).toBeLessThan(450);
    await shoot(page, 'demo-900-settings');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.context().close();
  });

  it.for([false, true])('at 390 × 844 (dark: %s), the settings open as a sheet from the bar and close with Escape', async (dark, { annotate }) => {
    const page = await openAt(browser!, site!, '/1/1/1', PHONE, dark);
    const pinned = await pinnedBottom(page);
    await annotate(`demo poem at 390 × 844${dark ? ', dark' : ''}: ${await linesOnScreen(page, pinned)} verse lines on the first screen, ${pinned} px pinned`);
    expect(pinned).toBeLessThanOrEqual(56);
    await shoot(page, `demo-390${dark ? '-dark' : ''}`);
    const settings = page.getByRole('button', { name: 'Settings' });
    await settings.click();
    const sheet = page.getByRole('dialog', { name: 'Reading settings' });
    await sheet.waitFor();
    for (const label of ['Edition', 'Text size']) expect(await sheet.getByLabel(label, { exact: true }).isVisible()).toBe(true);
    expect(await sheet.getByRole('button', { name: /PDF/ }).isVisible()).toBe(true);
    await shoot(page, `demo-390-settings${dark ? '-dark' : ''}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => sheet.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reader-settings-button');
    await page.context().close();
  });
});
