import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

async function asAdmin(): Promise<Page> {
  const page = await site.open('/');
  await logIn(site, page, 'admin', 'demo-admin-password');
  return page;
}

/** A painting of noise (so it does not compress to nothing), about 1 MB as PNG. */
async function painting(): Promise<Buffer> {
  const width = 700;
  const height = 500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe('the media library in a real browser', () => {
  it('lists the demo uploads with thumbnails and where each is shown; the Media screens pass axe', async () => {
    const page = await asAdmin();
    await page.goto(`${site.base}/admin/#/media`);
    const rows = page.locator('tbody tr');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await page.getByRole('img', { name: 'lamp-painting.jpg' }).waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.getByRole('img', { name: 'lamp-painting.jpg' }).click();
    await page.getByRole('heading', { name: 'Where it is shown' }).waitFor();
    await page
      .getByTestId('media-uses')
      .getByText(/^Sentence \d+: Painting$/)
      .first()
      .waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.getByRole('tab', { name: 'History' }).click();
    await page.getByRole('list', { name: 'History, newest first' }).waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.close();
  });

  it("says 'Select File' without a file, uploads with a progress bar (the button disabled meanwhile), attaches to a sentence, and the reader shows it there", async () => {
    const page = await asAdmin();
    await page.goto(`${site.base}/admin/#/media`);
    const area = page.getByTestId('media-upload');
    const button = area.getByRole('button', { name: /^Upload/ });
    await button.click();
    await area.getByText('Select File').waitFor();

    // Held back a moment on its way, so the busy state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/postdata/media', async (route) => {
      await held;
      await route.continue();
    });
    await area.getByTestId('media-upload-input').setInputFiles({ name: 'e2e-painting.png', mimeType: 'image/png', buffer: await painting() });
    await button.click();
    await expect.poll(() => button.isDisabled()).toBe(true);
    const progress = area.getByRole('progressbar', { name: 'Upload progress' });
    await progress.waitFor();
    release();
    await area.getByText('e2e-painting.png: uploaded').waitFor({ timeout: 15_000 });
    expect(await progress.getAttribute('aria-valuenow')).toBe('100');
    expect(await button.isDisabled()).toBe(false);
    await page.unroute('**/postdata/media');

    // Its thumbnail appears once the derivatives job has run.
    const thumb = page.getByRole('img', { name: 'e2e-painting.png' });
    await expect
      .poll(async () => (await thumb.count()) > 0 && (await thumb.first().getAttribute('src'))!.endsWith('.webp'), { timeout: 20_000, interval: 500 })
      .toBe(true);
    // Each row has a Show link too, for the keyboard.
    expect(await page.getByRole('link', { name: 'Show' }).count()).toBeGreaterThan(0);
    await thumb.first().click();
    await page.getByTestId('media-attach-sentence').fill('2');
    // The line picker names the line the number picks before anything is attached.
    await expect.poll(() => page.getByTestId('media-attach-preview').textContent(), { timeout: 5000 }).toMatch(/^Book 1, canto 1, section \d+: “.+”$/);
    await page.getByTestId('media-attach-button').click();
    await page.getByText('Attached to sentence 2').waitFor();
    await page.getByTestId('media-uses').getByText('Sentence 2: Painting').waitFor();
    const hash = /#\/media\/([0-9a-f]{64})/.exec(page.url())![1]!;
    const thumbUrl = await page.evaluate(async (id) => ((await (await fetch(`/admin-api/media/${id}`)).json()) as { thumbUrl: string }).thumbUrl, hash);
    expect(thumbUrl).toMatch(/^\/media\/files\/[0-9a-f]{64}\.webp$/);

    // The reader: sentence 2's study tools have its pictures, this one among them, and it loads.
    const reader = await site.open('/1/1/1');
    await reader.getByRole('button', { name: 'Study tools for sentence 2' }).click();
    await reader.getByRole('button', { name: /^Pictures \(\d+\)$/ }).click();
    const dialog = reader.getByRole('dialog', { name: 'Pictures of sentence 2' });
    const img = dialog.locator(`img[src="/media/thumbs/${hash}.png"]`);
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 10_000 }).toBe(true);
    await reader.close();

    // A failed upload says so in the upload area.
    await page.goto(`${site.base}/admin/#/media`);
    await page.route('**/postdata/media', (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.getByTestId('media-upload-input').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: await painting() });
    await page
      .getByTestId('media-upload')
      .getByRole('button', { name: /^Upload/ })
      .click();
    await page.getByTestId('media-upload').getByText('An error occured').waitFor();
    await page.close();
  });
});
