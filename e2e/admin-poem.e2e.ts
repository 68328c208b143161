import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();
const EDITED = 'Console-edited opening verse';

/** Axe's serious violations once the console has no request in flight (its loading spinner is unnamed and transient). */
/** Lets the form's Save button finish its enabling transition (axe would measure its colours half-way). */
async function settled(page: Page): Promise<void> {
  await expect.poll(() => page.getByRole('button', { name: 'Save' }).isEnabled()).toBe(true);
  await page.waitForTimeout(500);
}

/** Opens the reader's first section until it shows `text` (the read model follows the write within moments). */
async function readerShows(page: Page, text: string): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto(`${site.base}/1/1/1`);
        await page.locator('main').first().waitFor();
        return page.getByText(text).count();
      },
      { timeout: 20_000, interval: 1000 },
    )
    .toBeGreaterThan(0);
}

describe('the poem in the console', () => {
  it('edits a sentence the reader then shows, and restores the earlier version from its History tab', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const original = await page.evaluate(async () => ((await (await fetch('/api/lineinfo/1')).json()) as { lines: string }).lines);
    const firstLine = original.split('\n')[0]!;

    await page.goto(`${site.base}/admin/#/sentences`);
    await page.getByRole('heading', { name: 'Line picker' }).waitFor();
    await page.locator('tbody tr').nth(5).waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);

    // the line picker: a number is required, then it opens the sentence
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByText('Sentence Number Required').waitFor();
    await page.getByRole('button', { name: 'Show' }).click();
    await page.getByText('Empty textbox').waitFor();
    await page.getByLabel('Sentence number').fill('1');
    await page.getByRole('button', { name: 'Open' }).click();
    const first = page.getByLabel('First edition');
    await first.waitFor();
    expect(await first.inputValue()).toBe(original);
    expect(await violationsWhenIdle(page)).toEqual([]);

    await first.fill('');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("Input can't be blank").first().waitFor();
    await first.fill(`${EDITED}\n${original.split('\n').slice(1).join('\n')}`.trim());
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Element updated/i).waitFor();

    await readerShows(page, EDITED);

    await page.goto(`${site.base}/admin/#/sentences/1`);
    await page.getByRole('tab', { name: 'History' }).click();
    const restore = page.getByRole('button', { name: 'Restore this version' });
    await restore.first().waitFor();
    expect(await page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li').count()).toBe(2);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await restore.first().click();
    await page.getByText(/^Restored: /).waitFor();
    await expect.poll(() => page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li').count(), { timeout: 10_000 }).toBe(3);

    await readerShows(page, firstLine);
    expect(await page.getByText(EDITED).count()).toBe(0);
    await page.close();
  });

  it('shows translations beside their edition and the word relations editor, without serious accessibility violations', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/translations`);
    await page.locator('tbody tr').nth(2).waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.goto(`${site.base}/admin/#/translations/2-de`);
    const box = page.getByRole('textbox', { name: 'Translation' });
    await box.waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await box.fill('Eine Zeile\n\nZwei');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('TextBox cant be Empty').first().waitFor();
    await box.fill('Eine Zeile');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Book Updated Successfully').waitFor();

    await page.goto(`${site.base}/admin/#/relations/1`);
    await page.getByRole('heading', { name: /Preview/ }).waitFor();
    // a relation for an English word not yet coloured: the preview colours it as it is typed
    const coloured = await page
      .locator('[title^="word "]')
      .evaluateAll((spans) => spans.map((s) => Number(/^word (\d+)/.exec(s.getAttribute('title') ?? '')![1])));
    const word = [...Array(50).keys()].find((i) => !coloured.includes(i))!;
    await page.getByRole('button', { name: /add/i }).first().click();
    await page.getByLabel('Snumber').last().fill('999');
    await page.getByLabel('SText').last().fill('word');
    await page.getByLabel('Enumber').last().fill(String(word));
    await page.locator(`[title^="word ${word}, colour "]`).waitFor();
    await settled(page);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.close();
  });

  it('adds a commentary layer, writes its note on a canto, and lists it first once reordered', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/layers/create`);
    await page.getByLabel('Key (permanent)').fill('console');
    await page.getByLabel('Label').fill('Console notes');
    await page.getByLabel('Author').fill('An editor');
    await settled(page);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    const note = page.getByLabel(/^Book 1, canto 1/);
    await note.waitFor();
    await note.fill('A note on the first canto.');
    await page.getByLabel(/^Order/).fill('0');
    await settled(page);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText(/Element updated/i).waitFor();

    await page.goto(`${site.base}/admin/#/layers`);
    await expect.poll(() => page.locator('tbody tr').first().innerText(), { timeout: 10_000 }).toContain('Console notes');
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.close();
  });
});
