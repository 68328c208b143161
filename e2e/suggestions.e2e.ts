import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

const THANKS = 'Thank you — an editor will review it';
const WIDTHS = [
  { name: '360 px', viewport: { width: 360, height: 740 } },
  { name: '1,280 px', viewport: { width: 1280, height: 800 } },
];

async function signedIn(viewport: { width: number; height: number }, userName: string, password: string): Promise<Page> {
  const page = await site.open('/');
  await page.setViewportSize(viewport);
  await logIn(site, page, userName, password);
  return page;
}

describe('a suggested correction', () => {
  it.each(WIDTHS)('at $name: a reader suggests a translation change, an admin accepts it, the history names both', async ({ viewport, name }) => {
    const proposed = `Ô Lampe du Soir (${name}), toi qui allumes les foyers,`;

    const reader = await signedIn(viewport, 'reader', 'demo-reader-password');
    await reader.evaluate(() => window.localStorage.setItem('epos.reader.languages', JSON.stringify(['fr'])));
    await reader.goto(`${site.base}/1/1/1/centenary`);
    await reader.getByText('Lampe', { exact: false }).first().waitFor();
    await reader.getByRole('button', { name: 'Suggest a correction to the French translation of sentence 1' }).click();
    const dialog = reader.getByRole('dialog', { name: 'Suggest a correction to the French translation of sentence 1' });
    const first = dialog.getByRole('textbox').first();
    await first.waitFor();
    await first.fill(proposed);
    await dialog.getByLabel('Reason (optional)').fill(`A clearer first line (${name}).`);
    await dialog.getByRole('button', { name: 'Suggest' }).click();
    await reader.getByText(THANKS, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Only a suggestion: the translation the reader reads is unchanged.
    expect(await reader.getByText(proposed).count()).toBe(0);
    await reader.close();

    const admin = await signedIn(viewport, 'admin', 'demo-admin-password');
    await admin.goto(`${site.base}/suggestions`);
    const card = admin.getByRole('article').filter({ hasText: `Reason: A clearer first line (${name}).` });
    await card.waitFor();
    expect(await card.getByText('Demo reader').count()).toBeGreaterThan(0);
    expect(await card.getByText('Sentence 1 · French translation').count()).toBe(1);
    expect(await card.locator('ins').count()).toBeGreaterThan(0);
    // nothing wider than the window
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    expect(await seriousViolations(admin)).toEqual([]);
    await card.getByRole('button', { name: 'Accept' }).click();
    await admin.getByText('Accepted: the text is changed.').waitFor();
    await card.waitFor({ state: 'detached' });

    await admin.goto(`${site.base}/1`);
    await admin.getByText('History', { exact: true }).first().click();
    await admin.getByText('Demo admin (suggested by Demo reader)').first().waitFor();
    await admin.locator('.history-panel ins').filter({ hasText: name.split(' ')[0]! }).first().waitFor();
    await admin.close();
  });

  it("at 360 px: a reader suggests a note correction from the study tools, and an admin declines it with a reason", async () => {
    const viewport = WIDTHS[0]!.viewport;
    const reader = await signedIn(viewport, 'reader', 'demo-reader-password');
    await reader.goto(`${site.base}/1/1/1`);
    await reader.getByRole('button', { name: 'Study tools for sentence 1' }).click();
    await reader.getByRole('button', { name: 'Suggest a correction' }).click();
    const dialog = reader.getByRole('dialog', { name: 'Suggest a correction to sentence 1' });
    await dialog.getByLabel('What to correct').selectOption('aurobindoNote');
    const text = dialog.getByLabel('The text', { exact: true });
    await expect.poll(() => text.inputValue()).toMatch(/^The invocation/);
    await dialog.getByRole('button', { name: 'Suggest' }).click();
    await dialog.getByRole('alert').getByText('The text is the same as now: change something first.').waitFor();
    await text.fill('The invocation is addressed to the lamp, as a reader of the note suggests.');
    await dialog.getByLabel('Reason (optional)').fill('A shorter note reads better.');
    await dialog.getByRole('button', { name: 'Suggest' }).click();
    await reader.getByText(THANKS, { exact: true }).waitFor();
    await reader.close();

    const admin = await signedIn(viewport, 'admin', 'demo-admin-password');
    await admin.goto(`${site.base}/suggestions`);
    const card = admin.getByRole('article').filter({ hasText: 'Reason: A shorter note reads better.' });
    await card.getByRole('button', { name: 'Decline' }).click();
    await card.getByRole('alert').getByText('Say why the suggestion is declined.').waitFor();
    await card.getByLabel('Reason to decline').fill('The note is the author’s own words.');
    await card.getByRole('button', { name: 'Decline' }).click();
    await admin.getByText('Declined.').waitFor();
    await card.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Declined' }).click();
    await admin.getByText('Declined because: The note is the author’s own words.').waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.close();
  });
});
