import { describe, expect, it } from 'vitest';
import { logIn, useSiteInBrowser } from './server.js';

/** A highlighted sentence's translations show highlighted whole (they have no word alignment): the demo poem's German, in its Revised edition. */

const site = useSiteInBrowser();

describe('a highlight and the translations of its sentence', () => {
  it('paints the shown translation of a highlighted sentence whole, and stops when the highlight is removed', async () => {
    const page = await site.open('/api/health');
    await logIn(site, page, 'reader', 'demo-reader-password');
    await page.goto(`${site.base}/1/1/1/revised?lang=de`);
    const german = page.locator('[data-translation-of="1"] .verse');
    await german.waitFor();
    await page.getByRole('button', { name: 'Study tools for sentence 1' }).click();
    await page.getByRole('button', { name: 'Highlight', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'My highlights in sentence 1' });
    await dialog.getByRole('button', { name: 'Highlight', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Highlighted.' }).waitFor();
    await page.keyboard.press('Escape');

    const painted = () =>
      page.evaluate(() => [...((CSS.highlights.get('epos-yellow-fill') as unknown as Iterable<Range> | undefined) ?? [])].map((r) => r.toString()));
    const translation = (await german.textContent())!;
    await expect.poll(painted).toContain(translation);

    await page.getByRole('button', { name: 'Highlights (1)' }).click();
    await dialog.getByRole('button', { name: /^Remove highlight/u }).click();
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.getByText('No highlights in this sentence yet.').waitFor();
    await expect.poll(painted).toEqual([]);
  });
});
