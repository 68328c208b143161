import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, layoutShift, openWatched, startSite, startSiteWithPoem, type RunningSite } from './server.js';

/**
 * Server-rendered sections (issue 37): the verse is in the page's HTML, so a reader without
 * JavaScript reads, follows the sections and previous/next, and sees the translations the address
 * names; with JavaScript the app takes the page over where it stands, without a console error or a
 * layout shift. Read on Paradise Lost (blank verse, a sentence of many lines ending mid-line) and on
 * the demo poem, which has translations.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 780 };

function paradiseLostOpening(): string {
  const whole = gunzipSync(fs.readFileSync(path.join(root, 'scripts/bench/corpora/paradise-lost.txt.gz')))
    .toString('utf8')
    .split('\n');
  return `${whole.slice(0, whole.indexOf('Section 3')).join('\n')}\n`;
}

let browser: Browser;
let poem: RunningSite;
let demo: RunningSite;

beforeAll(async () => {
  [browser, poem, demo] = await Promise.all([launchBrowser(), startSiteWithPoem('paradise-lost.txt', paradiseLostOpening()), startSite()]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([poem?.stop(), demo?.stop()]);
});

describe('a section without JavaScript', () => {
  it('shows its verse, and the reader follows the next section, the section list and back', async () => {
    const { page } = await openWatched(browser, poem, '/1/1/1', { viewport: PHONE, javaScriptEnabled: false });
    expect(await page.locator('h1.section-title .srn').textContent()).toBe('I');
    // the opening sentence runs over sixteen lines and ends mid-line: all of it is in the HTML
    const lines = await page.locator('#s1 .verse-line').allTextContents();
    expect(lines[0]).toContain('Of Man’s first disobedience');
    expect(lines.length).toBeGreaterThanOrEqual(16);
    expect(await page.title()).toContain('The First Book');
    expect(await page.locator('body').textContent()).not.toContain('needs JavaScript');

    await page.getByRole('link', { name: 'Next section →' }).click();
    await page.waitForURL(`${poem.base}/1/1/2`);
    expect(await page.locator('h1.section-title .srn').textContent()).toBe('II');
    expect((await page.locator('.poem-section .verse-line').first().textContent())?.trim()).not.toBe('');

    await page.getByRole('link', { name: '← Previous section' }).click();
    await page.waitForURL(`${poem.base}/1/1/1`);
    // the contents, as links (the menu's selects and the settings sheet need JavaScript)
    await page.getByRole('navigation', { name: 'Contents' }).getByRole('link', { name: 'II' }).click();
    await page.waitForURL(`${poem.base}/1/1/2`);
    await page
      .getByRole('navigation', { name: 'Contents' })
      .getByRole('link', { name: /^Canto 1/ })
      .click();
    await page.waitForURL(`${poem.base}/1/1/1`);
  });

  it('a sentence, by its number and by its permanent link, shows its verse and where it stands', async () => {
    for (const pathname of ['/1', '/s/1']) {
      const { page } = await openWatched(browser, poem, pathname, { viewport: PHONE, javaScriptEnabled: false });
      expect(await page.locator('h1#sentence-heading').textContent()).toBe('Sentence 1');
      expect(await page.locator('.sentence-body .verse-line').first().textContent()).toContain('Of Man’s first disobedience');
      expect(await page.locator('.permanent-link a').textContent()).toBe(`${poem.base}/s/1`);
      // Copy, Share and Cite need the app: shown, but not offered as if they worked
      expect(await page.getByRole('button', { name: 'Cite' }).isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Read in context' }).click();
      await page.waitForURL(`${poem.base}/1/1/1#s1`);
      expect(await page.locator('#s1 .verse-line').first().textContent()).toContain('Of Man’s first disobedience');
    }
  });

  it('shows the translations its address names, in their edition', async () => {
    const { page } = await openWatched(browser, demo, '/1/1/1/revised?lang=de', { viewport: PHONE, javaScriptEnabled: false });
    const german = page.locator('#s1 .translation p[lang="de"]');
    expect(await german.textContent()).toContain('O Lampe des Abends');
    // a language of another edition is not shown there, as in the app
    const { page: first } = await openWatched(browser, demo, '/1/1/1?lang=de', { viewport: PHONE, javaScriptEnabled: false });
    expect(await first.locator('#s1 .verse-line').first().textContent()).toContain('O Lamp of Evening');
    expect(await first.locator('.translation').count()).toBe(0);
  });
});

describe('a section with JavaScript', () => {
  for (const [name, viewport] of [
    ['360 px', PHONE],
    ['1,280 px', DESKTOP],
  ] as const) {
    it(`at ${name}, is taken over where it stands: no console error, no layout shift, and its controls work`, async () => {
      const { page, problems } = await openWatched(browser, poem, '/1/1/1', { viewport });
      await page.locator('.reader-bar').waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Study tools for sentence 1', exact: true }).click();
      await page.locator('#study-1').waitFor();
      expect(await layoutShift(page)).toBeLessThan(0.02);
      expect(problems).toEqual([]);
      // the section came with the page: it is not read again
      expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((entry) => entry.name.includes('/api/sbook/')).length)).toBe(0);
    });
  }

  it('a permanent link is taken over where it stands, then answers at the sentence’s number', async () => {
    const { page, problems } = await openWatched(browser, poem, '/s/1', { viewport: PHONE });
    await page.waitForURL(`${poem.base}/1`);
    await page.getByRole('button', { name: 'Cite' }).click();
    await page.getByRole('dialog').waitFor();
    expect(await page.locator('.sentence-body .verse-line').first().textContent()).toContain('Of Man’s first disobedience');
    expect(problems).toEqual([]);
  });

  it("shows the reader's own translations once hydrated, and ticking one makes the address's choice the reader's", async () => {
    const { page, problems } = await openWatched(browser, demo, '/1/1/1/revised?lang=de', { viewport: DESKTOP });
    await page.locator('#s1 .translation p[lang="de"]').waitFor();
    await page.getByRole('checkbox', { name: 'Odia' }).check();
    await page.waitForURL(`${demo.base}/1/1/1/revised`);
    await page.locator('#s1 .translation p[lang="or"]').waitFor();
    await page.locator('#s1 .translation p[lang="de"]').waitFor();

    // the choice is kept in this browser and in its cookie: the server renders the bare address with it, and nothing moves
    await page.goto(`${demo.base}/1/1/1/revised`);
    await page.locator('#s1 .translation p[lang="or"]').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBeLessThan(0.02);
    const html = await (await fetch(`${demo.base}/1/1/1/revised`, { headers: { cookie: 'epos-lang=or' } })).text();
    expect(html).toContain('lang="or"');
    expect(problems).toEqual([]);
  });
});
