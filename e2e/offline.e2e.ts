import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, seriousViolations, startSite, type RunningSite } from './server.js';

/** A phone (issue 39's reader on a train). */
const PHONE = { width: 390, height: 844 };

let site: RunningSite;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  site = await startSite();
  browser = await launchBrowser();
  // CSP bypassed only so axe-core can be injected; the app itself runs under the site's CSP.
  context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
  page = await context.newPage();
  page.setDefaultTimeout(20_000);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);

describe('reading offline', () => {
  it('installs as an app: a manifest with icons, and a service worker that takes the page', async () => {
    await page.goto(`${site.base}/1/1/1`);
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(`${site.base}${manifestUrl!}`)).json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Epos', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
    const worker = await fetch(`${site.base}/service-worker.js`);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('a new release waits for the reader: a prompt, and Reload brings it in', async () => {
    await page.goto(`${site.base}/1/1/1`);
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
    // The next release's worker, as the browser finds one: another script for the same scope, installed and waiting.
    await page.evaluate(() => navigator.serviceWorker.register('/service-worker.js?next-release', { scope: '/' }));
    const prompt = page.getByRole('status').filter({ hasText: 'A new version of this site is ready.' });
    await prompt.waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).not.toContain('next-release');
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    // (the reloaded page registers the release's own script again, which then waits in its turn)
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '')).toContain('next-release');
  });

  it('downloads a book in an edition and a translation (with the edition it is read beside), showing its size first and what it holds after', async () => {
    await page.goto(`${site.base}/downloads`);
    await page.getByRole('heading', { name: 'Read offline' }).waitFor();
    await page.getByRole('checkbox', { name: 'Hindi' }).check();
    const book = page.getByRole('checkbox', { name: /The Kindling/ });
    await book.check();
    const download = page.getByRole('button', { name: /^Download \d/ });
    // its size is said before anything is downloaded
    expect(await download.textContent()).toMatch(/Download [\d.,]+\s?kB/);
    expect(await seriousViolations(page)).toEqual([]);
    await download.click();
    await page.getByText(/^Downloaded: \d+ parts/).waitFor();
    await page.getByText(/Downloaded, up to date/).waitFor();
    expect(await page.getByRole('button', { name: 'Remove The Kindling' }).isVisible()).toBe(true);
    // nothing left to download for that choice
    expect(await page.getByRole('button', { name: 'Download', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByText(/This site uses [\d.,]+\s?[kMG]B/).isVisible()).toBe(true);
  });

  it('with the site gone, reads a canto never visited in the downloaded translation, and says plainly what is not downloaded', async () => {
    await expect.poll(controlled, { timeout: 30_000 }).toBe(true);
    await site.stop();
    await context.setOffline(true);

    await page.goto(`${site.base}/1/2/2/centenary?lang=hi`);
    await page.getByText('At the stone threshold, where her mother').first().waitFor();
    await page.locator('.translation p[lang="hi"]').filter({ hasText: 'पहाड़ी तक पहुँचने से पहले' }).first().waitFor();
    await page.screenshot({ path: '/tmp/offline-section-390.png' });

    // a section of the canto with nothing in Hindi: its verse, and no word of anything missing
    await page.goto(`${site.base}/1/2/1/centenary?lang=hi`);
    await page.getByText('Daughter of keepers').first().waitFor();
    expect(await page.getByText('You are offline, and this is not downloaded', { exact: false }).count()).toBe(0);

    // the next section by the reader's own link, within the downloaded canto
    await page.goto(`${site.base}/1/2/1`);
    await page.getByText('Daughter of keepers').first().waitFor();

    // a book that was not downloaded
    await page.goto(`${site.base}/2/1/1`);
    await page.getByText('You are offline, and this is not downloaded on this device.', { exact: false }).first().waitFor();
    await page.screenshot({ path: '/tmp/offline-missing-390.png' });
  });
});
