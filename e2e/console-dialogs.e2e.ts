import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { axeSource, logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

/** The console, signed in as the demo admin, failing the test if the browser's own dialog (confirm, alert) ever opens. */
async function openConsole(): Promise<{ page: Page; browserDialogs: string[] }> {
  const page = await site.open('/');
  const browserDialogs: string[] = [];
  page.on('dialog', (dialog) => {
    browserDialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await logIn(site, page, 'admin', 'demo-admin-password');
  return { page, browserDialogs };
}

/** Saves what the page shows when E2E_SCREENSHOTS names a folder (to look at), else nothing. */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, name) });
}

/** A JSON read from the page, with its session. */
const read = <T>(page: Page, url: string): Promise<T> => page.evaluate(async (url) => (await (await fetch(url)).json()) as T, url);

const firstOf = async <T>(page: Page, resource: string): Promise<T> => {
  const [record] = await read<T[]>(page, `/admin-api/${resource}?range=${encodeURIComponent('[0,0]')}`);
  if (!record) throw new Error(`the demo has no ${resource}`);
  return record;
};

/** axe's rule for the one top-level heading (a moderate finding, so the serious-only checks miss it). */
const headingOneFinding = async (page: Page): Promise<number> => {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(options: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run({ runOnly: ['page-has-heading-one'] })).violations.length;
  });
};

describe('the console: in-page dialogs', () => {
  it("assigns a role in the spec's user modal (radio for the role, checkboxes for blogs), showing its refusals there", async () => {
    const { page, browserDialogs } = await openConsole();
    await page.goto(`${site.base}/admin/#/users?filter=${encodeURIComponent(JSON.stringify({ q: 'reader' }))}`);
    await page.getByRole('row').filter({ hasText: 'reader@' }).first().click();
    await page.getByRole('button', { name: 'Assign role' }).click();
    const modal = page.getByRole('dialog', { name: /^Assign a role to / });
    await modal.waitFor();
    expect(await modal.getByRole('radio', { name: 'User', exact: true }).isChecked()).toBe(true);
    await modal.getByRole('checkbox', { name: 'Evening Letters' }).waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await keepScreenshot(page, 'console-role-modal-1280.png');

    await modal.getByRole('radio', { name: 'Blogger' }).check();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('At least one blog is to assigned to blogger');

    await modal.getByRole('radio', { name: 'User', exact: true }).check();
    await modal.getByRole('checkbox', { name: 'Reading Notes' }).check();
    await modal.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => modal.getByRole('alert').innerText()).toBe('User with role user cannot be assigned any blog');
    await keepScreenshot(page, 'console-role-refusal-1280.png');

    await modal.getByRole('radio', { name: 'Blogger' }).check();
    await modal.getByRole('checkbox', { name: 'Evening Letters' }).check();
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('main').innerText()).toContain('evening-letters');
    const id = /users\/([^/]+)\/show/.exec(page.url())![1]!;
    const saved = await read<{ role: string; blogs: string[] }>(page, `/admin-api/users/${id}`);
    expect([saved.role, [...saved.blogs].sort()]).toEqual(['blogger', ['evening-letters', 'reading-notes']]);
    expect(browserDialogs).toEqual([]);
    await page.close();
  });

  it("asks before deleting in an in-page dialog, never the browser's confirm()", async () => {
    const { page, browserDialogs } = await openConsole();
    for (const [resource, view, question] of [
      ['books', '', 'Delete this book?'],
      ['pages', '', 'Delete this page?'],
      ['comments', '/show', 'Delete this comment?'],
      ['users', '/show', 'Delete this account?'],
    ] as const) {
      const { id } = await firstOf<{ id: string }>(page, resource);
      await page.goto(`${site.base}/admin/#/${resource}/${encodeURIComponent(id)}${view}`);
      await page.getByRole('button', { name: 'Delete' }).click();
      const confirmation = page.getByRole('dialog', { name: question });
      await confirmation.waitFor();
      await confirmation.getByRole('button', { name: 'Cancel' }).click();
      await confirmation.waitFor({ state: 'detached' });
    }
    expect(browserDialogs).toEqual([]);
    await page.close();
  });
});

describe('the console: record pages', () => {
  it('give every record page one top-level heading naming its record', async () => {
    const { page } = await openConsole();
    await page.setViewportSize({ width: 1280, height: 800 });
    type Row = Record<string, unknown> & { id: string | number };
    const records: [resource: string, view: '' | '/show', naming: (r: Row) => string][] = [
      ['books', '', (r) => String(r.title)],
      ['pages', '', (r) => String(r.name)],
      ['authors', '', (r) => String(r.name)],
      ['users', '/show', (r) => String(r.name)],
      ['posts', '/show', (r) => String(r.title)],
      ['blogs', '/show', (r) => String(r.title)],
      ['comments', '/show', (r) => String(r.authorName)],
      ['events', '/show', (r) => String(r.words)],
      ['media', '/show', (r) => String(r.originalName)],
      ['sentences', '/show', (r) => `Sentence ${String(r.number)}`],
      ['relations', '', (r) => `sentence ${String(r.number)}`],
      ['translations', '', (r) => `translation of sentence ${String(r.number ?? r.sentence)}`],
      ['layers', '', (r) => String(r.label)],
    ];
    for (const [resource, view, naming] of records) {
      const record = await firstOf<Row>(page, resource);
      await page.goto(`${site.base}/admin/#/${resource}/${encodeURIComponent(String(record.id))}${view}`);
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.innerText(), { message: resource }).toContain(naming(record));
      expect(await heading.count(), resource).toBe(1);
      expect(await headingOneFinding(page), resource).toBe(0);
    }
    await keepScreenshot(page, 'console-record-heading-1280.png');
    await page.close();
  });
});
