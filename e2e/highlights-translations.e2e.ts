import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

/**
 * The demo poem's translations (its Revised edition has German and French): beside the verse in a
 * column each on a wide screen, under it on a phone; and a highlighted sentence's translations shown
 * highlighted whole (they have no word alignment).
 */

const site = useSiteInBrowser();

describe('the translations of a sentence', () => {
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

  it('stand beside the verse in a column each at 1,280 px, and under it at 360 px', async () => {
    const page = await site.open('/1/1/1/revised?lang=de,fr');
    const sentence = page.locator('#s1');
    const verse = sentence.locator('.sentence-verse');
    const german = sentence.locator('[data-translation-of="1"]').first();
    await german.waitFor();
    const box = async (locator: typeof verse) => (await locator.boundingBox())!;
    const [wide, wideGerman] = [await box(verse), await box(german)];
    // Beside: the same top, to the right of the verse.
    expect(Math.abs(wideGerman.y - wide.y)).toBeLessThan(4);
    expect(wideGerman.x).toBeGreaterThanOrEqual(wide.x + wide.width);
    if (process.env.EPOS_SCREENSHOTS) await page.screenshot({ path: `${process.env.EPOS_SCREENSHOTS}/parallel-translations-1280.png` });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(async () => (await box(german)).y >= (await box(verse)).y + (await box(verse)).height - 1).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    if (process.env.EPOS_SCREENSHOTS) await page.screenshot({ path: `${process.env.EPOS_SCREENSHOTS}/parallel-translations-360.png` });
    await page.context().close();
  });
});
