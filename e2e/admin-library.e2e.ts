import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

const historyEntries = (page: Page) => page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li');

describe('Library pages in the console', () => {
  it('creates a page with a generated permalink, saves a revision, and restores the first from its History tab', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const served = () =>
      page.evaluate(async () => {
        const answer = await fetch('/api/console-notes', { cache: 'no-store' });
        return answer.ok ? ((await answer.json()) as { content: string }).content : `status ${answer.status}`;
      });

    await page.goto(`${site.base}/admin/#/pages/create`);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Console notes');
    await page.getByRole('textbox', { name: /^Path/ }).fill('/console-notes');
    await page.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('Permanent Url Generated').waitFor();
    expect(await page.getByRole('textbox', { name: /^Permalink/ }).inputValue()).toBe('console-notes');
    await page.getByRole('textbox', { name: /^Content/ }).fill('First words of the **notes**.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();
    await expect.poll(served, { timeout: 10_000 }).toContain('<strong>notes</strong>');

    await page.getByRole('textbox', { name: /^Content/ }).fill('Second words.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(served, { timeout: 10_000 }).toContain('Second words.');

    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => historyEntries(page).count(), { timeout: 10_000 }).toBe(2);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.getByRole('button', { name: 'Restore this version' }).first().click();
    await page.getByText(/^Restored: /).waitFor();
    await expect.poll(() => historyEntries(page).count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(served, { timeout: 10_000 }).toContain('First words');
    await page.close();
  });

  it('shows the parent selector for Non-Menu pages and priority for the menus', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/pages/create`);
    const priority = page.getByRole('spinbutton', { name: /^Priority/ });
    await priority.waitFor();
    expect(await page.getByRole('combobox', { name: /^Parent page/ }).count()).toBe(0);
    await page.getByRole('combobox', { name: /^Category/ }).click();
    await page.getByRole('option', { name: 'Non-Menu' }).click();
    await page.getByRole('combobox', { name: /^Parent page/ }).waitFor();
    expect(await priority.count()).toBe(0);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.close();
  });
});

describe('Authors and books in the console', () => {
  it("adds an author and a book from the author's screen, which lists its books and opens one", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/authors/create`);
    await page.getByRole('textbox', { name: /^Name/ }).fill('A console author');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('No books yet.').waitFor();

    await page.getByRole('link', { name: 'Add a book' }).click();
    await expect.poll(() => page.getByRole('combobox', { name: /^Author/ }).inputValue(), { timeout: 10_000 }).toBe('A console author');
    await page.getByRole('textbox', { name: /^Title/ }).fill('Console book');
    // the book's text in the site's markdown editor, written in its source pane
    await page.getByTestId('post-editor-side-by-side').click();
    await page.getByTestId('post-editor-source').fill('## One\n\nText.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();
    const bookId = /#\/books\/([^/?]+)/.exec(page.url())![1]!;
    expect(await page.evaluate(async (id) => ((await (await fetch(`/admin-api/books/${id}`)).json()) as { md_content: string }).md_content, bookId)).toBe(
      '## One\n\nText.',
    );

    await page.getByRole('link', { name: 'A console author' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Console book' });
    await row.waitFor();
    await row.getByText('Console book').click();
    await expect.poll(() => page.getByRole('textbox', { name: /^Title/ }).inputValue(), { timeout: 10_000 }).toBe('Console book');
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.close();
  });
});
