import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

const THANKS = 'Thank you — an editor will review it';
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

async function signedIn(viewport: { width: number; height: number }, userName: string, password: string): Promise<Page> {
  const page = await site.open('/');
  await page.setViewportSize(viewport);
  await logIn(site, page, userName, password);
  return page;
}

/** Opens the suggestion in the console's list (open ones, newest first) whose row shows `text`. */
async function openInConsole(admin: Page, text: string): Promise<void> {
  const row = admin.getByRole('row').filter({ hasText: text }).first();
  await row.waitFor();
  expect(await violationsWhenIdle(admin)).toEqual([]);
  await row.click();
  await admin.waitForURL(/#\/suggestions\/[^/]+\/show/);
}

/** A JSON call from the page, with its session and anti-forgery token. */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([method, url, body]) => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as T;
    },
    [method, url, body] as const,
  );
}

describe('a suggested correction, reviewed in the console', () => {
  it('a reader suggests a translation change in the reader, an admin accepts it in the console, the reader reads it and the history names both', async () => {
    const proposed = 'Ô Lampe du Soir, toi qui allumes les foyers (console),';

    const reader = await signedIn(PHONE, 'reader', 'demo-reader-password');
    await reader.evaluate(() => window.localStorage.setItem('epos.reader.languages', JSON.stringify(['fr'])));
    await reader.goto(`${site.base}/1/1/1/centenary`);
    await reader.getByText('Lampe', { exact: false }).first().waitFor();
    await reader.getByRole('button', { name: 'Suggest a correction to the French translation of sentence 1' }).click();
    const dialog = reader.getByRole('dialog', { name: 'Suggest a correction to the French translation of sentence 1' });
    const first = dialog.getByRole('textbox').first();
    await first.waitFor();
    await first.fill(proposed);
    await dialog.getByLabel('Reason (optional)').fill('A clearer first line.');
    await dialog.getByRole('button', { name: 'Suggest' }).click();
    await reader.getByText(THANKS, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // Only a suggestion: the translation the reader reads is unchanged.
    expect(await reader.getByText(proposed).count()).toBe(0);

    // The account menu's "Suggestions" leads into the console's queue.
    const admin = await signedIn(DESKTOP, 'admin', 'demo-admin-password');
    await admin.getByRole('link', { name: 'Suggestions', exact: true }).click();
    await admin.waitForURL(/\/admin\/#\/suggestions/);
    await openInConsole(admin, proposed);
    await admin.getByRole('heading', { name: 'French translation of sentence 1' }).waitFor();
    await admin.getByText('A clearer first line.').waitFor();
    expect(await admin.locator('.word-diff ins').count()).toBeGreaterThan(0);
    expect(await violationsWhenIdle(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Accept' }).click();
    await admin.getByText('Accepted: the text is changed.').waitFor();
    await admin.getByRole('button', { name: 'Accept' }).waitFor({ state: 'detached' });
    await admin.getByText('accepted', { exact: true }).waitFor();
    expect(await violationsWhenIdle(admin)).toEqual([]);
    await admin.close();

    await expect
      .poll(async () => {
        await reader.goto(`${site.base}/1/1/1/centenary`);
        await reader.getByText('Lampe', { exact: false }).first().waitFor();
        return reader.getByText(proposed, { exact: false }).count();
      })
      .toBeGreaterThan(0);
    await reader.goto(`${site.base}/1`);
    await reader.getByText('History', { exact: true }).first().click();
    await reader.getByText('Demo admin (suggested by Demo reader)').first().waitFor();
    await reader.close();
  });

  it("a reader suggests a note correction from the study tools; the reader's old /suggestions sends the admin to the console, who declines it with a reason", async () => {
    const reader = await signedIn(PHONE, 'reader', 'demo-reader-password');
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

    const admin = await signedIn(DESKTOP, 'admin', 'demo-admin-password');
    await admin.goto(`${site.base}/suggestions`);
    await admin.waitForURL(/\/admin\/#\/suggestions/);
    await openInConsole(admin, 'The invocation is addressed to the lamp');
    await admin.getByRole('button', { name: 'Decline' }).click();
    await admin.getByRole('alert').getByText('Say why the suggestion is declined.').waitFor();
    expect(await violationsWhenIdle(admin)).toEqual([]);
    await admin.getByLabel('Reason to decline').fill('The note is the author’s own words.');
    await admin.getByRole('button', { name: 'Decline' }).click();
    await admin.getByText('Declined.', { exact: true }).waitFor();
    await admin.getByRole('button', { name: 'Decline' }).waitFor({ state: 'detached' });
    await admin.getByText('The note is the author’s own words.').waitFor();
    expect(await violationsWhenIdle(admin)).toEqual([]);

    // The dashboard counts what is still open and links to the queue.
    await admin.goto(`${site.base}/admin/#/`);
    await expect.poll(() => admin.locator('[data-count="suggestionsAwaitingReview"]').textContent()).toMatch(/^\d+$/);
    await admin.getByRole('link', { name: 'Suggestions awaiting review' }).click();
    await admin.waitForURL(/#\/suggestions\?/);
    // loaded: the open ones' rows, or react-admin's empty page when none is left
    await admin
      .getByRole('row')
      .first()
      .or(admin.getByText(/^No .* (yet|found)/))
      .first()
      .waitFor();
    // the list may first show the copy it loaded before the decision, then its fresh answer
    await expect.poll(() => admin.getByRole('row').filter({ hasText: 'The invocation is addressed to the lamp' }).count()).toBe(0);
    await admin.close();
  });

  it('flags a suggestion whose text changed since, and says why accepting it is refused', async () => {
    const reader = await signedIn(PHONE, 'reader', 'demo-reader-password');
    const { Content: now } = await call<{ Content: string }>(reader, 'GET', '/api/dedit/2/text-revised');
    await call(reader, 'POST', '/postdata/suggestions', { sentence: 2, part: 'text-revised', proposed: `${now} Suggested.` });
    await reader.close();
    const admin = await signedIn(DESKTOP, 'admin', 'demo-admin-password');
    await call(admin, 'POST', '/postdata/updatePoem', { Key: 'text-revised', Content: `${now} Edited.`, id: 2 });
    await admin.goto(`${site.base}/admin/#/suggestions?filter=${encodeURIComponent(JSON.stringify({ status: 'open', sentence: 2 }))}`);
    await openInConsole(admin, 'sentence 2, Revised edition text');
    await admin.getByText('The text has changed since this suggestion was made: accepting it would be refused.').waitFor();
    await admin.getByRole('button', { name: 'Accept' }).click();
    await admin
      .getByRole('alert')
      .filter({ hasText: 'The text has changed since this suggestion was made: accepting it would overwrite that change.' })
      .first()
      .waitFor();
    expect(await violationsWhenIdle(admin)).toEqual([]);
    await admin.close();
  });
});
