import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { silentWav } from '@epos/platform/testkit/wav';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const recording = path.join(path.dirname(fileURLToPath(import.meta.url)), '../content/demo/media/invocation.mp3');
const shots = process.env.EPOS_SCREENSHOTS;

/** The demo reader, signed in, with the works dialog of sentence 2 open. */
async function worksDialogOfReader(width: number) {
  const page = await site.open('/');
  await page.setViewportSize({ width, height: 900 });
  await logIn(site, page, 'reader', 'demo-reader-password');
  await page.goto(`${site.base}/1/1/1`);
  await page.getByRole('button', { name: 'Study tools for sentence 2' }).click();
  await page.getByRole('button', { name: "Readers' works" }).first().click();
  const dialog = page.getByRole('dialog', { name: "Readers' works on sentence 2" });
  await dialog.getByRole('button', { name: 'Add', exact: true }).waitFor();
  return { page, dialog };
}

/** Uploads at about 40 kB/s, so the upload's progress stays on the screen long enough to be seen. */
async function slowUploads(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 40_000 });
}

describe("readers' works: one Add", () => {
  it('adds an audio work with its chosen file in one press, progress shown, no stale "Work added", the form cleared after', async () => {
    const { page, dialog } = await worksDialogOfReader(1280);
    const status = dialog.getByTestId('works-status');

    // A first work, so a "Work added" is showing when the next one starts.
    await dialog.getByLabel('Kind of work').selectOption('slps');
    await dialog.getByLabel('Link').fill('https://example.org/slides');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => status.textContent()).toBe('Work added');
    expect(await dialog.getByLabel('Link').inputValue()).toBe('');

    // A recording: choose a file and press Add, nothing else.
    await slowUploads(page);
    await dialog.getByLabel('Kind of work').selectOption('audio');
    await dialog.getByLabel('Caption (optional)').fill('The **loom** of ||8||');
    await dialog.getByLabel('Recording (MP3, OGG, WAV or M4A)').setInputFiles(recording);
    await dialog.getByText('invocation.mp3 will be uploaded and linked').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/works-form-1280.png` });
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const progress = dialog.getByRole('progressbar');
    await progress.waitFor();
    // While it goes, the earlier save's message is gone, and no field is refused.
    expect(await status.textContent()).toBe('');
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByText(/^Uploading the recording: \d+%$/).waitFor();
    await progress.waitFor({ state: 'detached' });
    await expect.poll(() => status.textContent()).toBe('Work added');
    expect(await dialog.getByRole('alert').count()).toBe(0);

    // The list moved to Audio: the work plays the uploaded file, its caption rendered.
    expect(await dialog.getByRole('button', { name: 'Audio', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const work = dialog.getByTestId('reader-work').filter({ hasText: 'loom' });
    await work.waitFor();
    expect(await work.locator('audio').getAttribute('src')).toMatch(/^\/media\/files\/[0-9a-f]{64}\.mp3$/);
    expect(await work.locator('strong').textContent()).toBe('loom');
    expect(await work.getByTestId('reader-work-text').textContent()).not.toContain('**');
    expect(await work.locator('a.sentence-link').getAttribute('href')).toBe('/8');

    // The form is empty again, ready for the next work.
    expect(await dialog.getByLabel('Caption (optional)').inputValue()).toBe('');
    expect(await dialog.getByLabel('Link').inputValue()).toBe('');
    expect(await dialog.getByLabel('Recording (MP3, OGG, WAV or M4A)').inputValue()).toBe('');
    expect(await dialog.getByLabel('Sentences (numbers separated by commas)').inputValue()).toBe('2');
    expect(await seriousViolations(page)).toEqual([]);
    if (shots) {
      await work.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/works-caption-1280.png` });
    }

    // A sentence link in a caption opens that sentence in the app.
    await work.locator('a.sentence-link').click();
    await page.waitForURL(/\/8$/);
    await dialog.waitFor({ state: 'detached' });

    // Recent activity shows the caption's excerpt with its sentence link.
    await page.goto(`${site.base}/notifications`);
    const entry = page.getByTestId('activity').filter({ hasText: 'The **loom** of' });
    await entry.waitFor();
    expect(await entry.locator('a.sentence-link').getAttribute('href')).toBe('/8');
    expect(await entry.textContent()).not.toContain('||8||');
    await page.close();
  });

  it("shows beside the file what the reader's uploads take of their storage quota, read again after each upload", async () => {
    const { page, dialog } = await worksDialogOfReader(1280);
    await dialog.getByLabel('Kind of work').selectOption('audio');
    const usage = dialog.getByTestId('storage-usage');
    // The demo's own recording, uploaded above, was in the library already: it took no room of the reader's.
    await expect.poll(() => usage.textContent()).toBe('Your uploads: 0 MB of 250 MB used');
    // A recording of the reader's own: 40 seconds of 8 kHz silence, about 0.3 MB.
    const wav = silentWav(320_000);
    const file = path.join(await mkdtemp(path.join(os.tmpdir(), 'epos-e2e-')), 'my-reading.wav');
    await writeFile(file, wav);
    await dialog.getByLabel('Recording (MP3, OGG, WAV or M4A)').setInputFiles(file);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => dialog.getByTestId('works-status').textContent()).toBe('Work added');
    await expect.poll(() => usage.textContent()).toBe('Your uploads: 0.3 MB of 250 MB used');
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('renders a caption and the form at a phone width', async () => {
    const { page, dialog } = await worksDialogOfReader(390);
    await dialog.getByLabel('Kind of work').selectOption('video');
    await dialog.getByLabel('Caption (optional)').fill('Read aloud, *slowly*, from ||3||');
    await dialog.getByLabel('Link').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const work = dialog.getByTestId('reader-work').filter({ hasText: 'Read aloud' });
    await work.waitFor();
    expect(await work.locator('em').textContent()).toBe('slowly');
    expect(await work.locator('a.sentence-link').getAttribute('href')).toBe('/3');
    expect(await dialog.getByLabel('Caption (optional)').inputValue()).toBe('');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    if (shots) {
      await work.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/works-caption-390.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.screenshot({ path: `${shots}/works-caption-390-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
      await dialog.getByLabel('Kind of work').selectOption('audio');
      await dialog.getByLabel('Recording (MP3, OGG, WAV or M4A)').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/works-form-390.png` });
    }
    await page.close();
  });
});
