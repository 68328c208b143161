import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

/** Saves what the page shows when E2E_SCREENSHOTS names a folder (to look at), else nothing. */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, name), fullPage: true });
}

const TEXT = '## A new part\n\nThe **bright** road, misspeltt on purpose.';

describe('books in the console', () => {
  it("are written in the site's markdown editor: side by side, preview, spell check, autosave to this device", async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(site, page, 'admin', 'demo-admin-password');
    const [book] = await page.evaluate(async () => (await (await fetch('/admin-api/books?range=[0,0]')).json()) as { id: string }[]);
    await page.goto(`${site.base}/admin/#/books/${book!.id}`);
    await page.getByTestId('post-editor-content').waitFor();
    expect(await page.getByRole('textbox', { name: /Content \(markdown\)/ }).count()).toBe(0);

    await page.getByTestId('post-editor-side-by-side').click();
    await page.getByTestId('post-editor-source').fill(TEXT);
    await expect.poll(async () => (await page.getByTestId('post-editor-status').textContent()) ?? '').toContain('Unsaved changes');
    await expect.poll(async () => (await page.getByTestId('post-editor-spelling').textContent()) ?? '', { timeout: 20_000 }).toContain('misspeltt');
    // The spec's autosave period is 10 s: the status bar says when the copy was kept.
    await expect.poll(async () => (await page.getByTestId('post-editor-status').textContent()) ?? '', { timeout: 25_000 }).toMatch(/Saved on this device/);
    await keepScreenshot(page, 'console-book-editor-1280.png');

    await page.getByTestId('post-editor-preview').click();
    const preview = page.locator('.post-preview');
    await expect.poll(() => preview.innerHTML(), { timeout: 15_000 }).toContain('<strong>bright</strong>');
    expect(await preview.getByRole('heading', { name: 'A new part' }).count()).toBe(1);
    await keepScreenshot(page, 'console-book-preview-1280.png');
    expect(await violationsWhenIdle(page)).toEqual([]);

    // The copy kept on this device comes back after a reload, and goes once the book is saved.
    await page.reload();
    await page.getByText(/This device kept unsaved changes/).waitFor();
    await page.getByRole('button', { name: 'Restore it' }).click();
    await page.getByTestId('post-editor-side-by-side').click();
    expect(await page.getByTestId('post-editor-source').inputValue()).toBe(TEXT);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(async () => page.evaluate(async (id) => ((await (await fetch(`/admin-api/books/${id}`)).json()) as { md_content: string }).md_content, book!.id), {
        timeout: 10_000,
      })
      .toBe(TEXT);
    await page.reload();
    await page.getByTestId('post-editor-content').waitFor();
    expect(await page.getByText(/This device kept unsaved changes/).count()).toBe(0);
    await page.close();
  });
});
