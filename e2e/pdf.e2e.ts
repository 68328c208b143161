import { describe, expect, it } from 'vitest';
import { seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

describe('PDF editions', () => {
  it('opens the PDF preferences on a canto, requests a canto PDF, shows its progress and downloads it', { timeout: 300_000 }, async () => {
    const page = await site.open('/1/1/1');
    await page.getByText('O Lamp of Evening', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'PDF preferences' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Neither book nor canto chosen: the spec's message, and nothing asked of the server.
    await dialog.getByRole('button', { name: 'Generate PDF' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Please select book or canto' }).waitFor();

    await dialog.getByRole('radio', { name: /^Canto 1/ }).check();
    // Choosing a part takes the message away.
    expect(await dialog.getByRole('alert').filter({ hasText: 'Please select book or canto' }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'French' }).check();
    await dialog.getByRole('checkbox', { name: /The Scholar's glosses/ }).check();
    const generate = dialog.getByRole('button', { name: 'Generate PDF' });
    await generate.click();
    // Disabled while the request and the job run, with a progress bar; then a download link.
    await expect.poll(() => generate.isDisabled()).toBe(true);
    await dialog.locator('progress').waitFor();
    await page.getByRole('status').filter({ hasText: 'Your PDF is being generated' }).waitFor();
    // Said in the dialog too: a modal dialog covers the toast.
    await dialog.getByText('Your PDF is being generated', { exact: false }).waitFor();
    const link = dialog.getByRole('link', { name: 'Download the PDF' });
    await link.waitFor({ timeout: 300_000 });
    expect(await generate.isDisabled()).toBe(false);
    expect(await dialog.locator('progress').getAttribute('value')).toBe('100');
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Saved under the poem's title and the part, not the file's hash.
    expect(download.suggestedFilename()).toBe('The Lamp of Evening - Book 1 - Canto 1.pdf');
    await page.close();
  });
});
