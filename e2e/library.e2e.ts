import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();
const { open } = site;

async function asAdmin(): Promise<Page> {
  const page = await open('/');
  await logIn(site, page, 'admin', 'demo-admin-password');
  return page;
}

/** Types into the page editor's rich markdown field. */
async function writeContent(page: Page, text: string): Promise<void> {
  const editor = page.getByTestId('post-editor-content');
  await editor.click();
  await page.keyboard.type(text);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the navigation's "Pages" list (the Main menu pages); its link texts in order. */
async function menuPages(page: Page): Promise<string[]> {
  const button = mainNav(page).getByTestId('nav-library-pages');
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  const list = page.locator('.nav-pages-list');
  await list.waitFor();
  return list.getByRole('link').allTextContents();
}

describe('library pages in a real browser', () => {
  it('refuses an empty page, naming the required fields, and refuses readers who are not admins', async () => {
    const page = await asAdmin();
    await page.goto(`${site.base}/newpage`);
    await page.getByTestId('page-save').click();
    const alert = page.locator('.form-issues');
    for (const name of ['Name', 'Url', 'Permalink', 'Content']) await alert.getByText(new RegExp(`^${name} is required`)).waitFor();
    expect(await page.getByTestId('page-name').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/newpage$/);
    await page.close();

    const reader = await open('/');
    await logIn(site, reader, 'reader', 'demo-reader-password');
    await reader.goto(`${site.base}/newpage`);
    await reader.getByText('Only administrators can edit library pages.').waitFor();
    await reader.close();

    const visitor = await open('/editpage?id=00000000-0000-4000-8000-000000000000');
    await visitor.waitForURL(/\/login\?ReturnUrl=/);
    await visitor.close();
  });

  it('creates a Main menu page and a Non-Menu child, edits, moves and deletes the child', async () => {
    const page = await asAdmin();

    // A Main menu page: shown in the top navigation.
    await page.goto(`${site.base}/newpage`);
    await page.getByTestId('page-name').fill('Reading Room');
    await page.getByTestId('page-generate-permalink').click();
    await page.getByText('Permanent Url Generated').waitFor();
    await expect.poll(() => page.getByTestId('page-permalink').inputValue()).toBe('reading-room');
    await page.getByTestId('page-url').fill('/reading-room');
    await page.getByTestId('page-category').selectOption('Main menu');
    expect(await page.getByTestId('page-parent').count()).toBe(0);
    await page.getByTestId('page-priority').fill('5');
    await writeContent(page, 'A quiet room for reading.');
    await page.getByTestId('page-save').click();
    await page.getByText('Page Created Successfully').waitFor();
    await page.waitForURL(/\/reading-room$/);
    await page.getByRole('heading', { level: 1, name: 'Reading Room' }).waitFor();
    await page.getByTestId('library-page-content').getByText('A quiet room for reading.').waitFor();
    // in the navigation, after the demo's Main menu pages (priorities 1 and 2)
    await expect.poll(() => menuPages(page)).toEqual(['About the poem', 'Reading guide', 'Reading Room']);
    // after a reload too (the menus are read once per load), and the footer keeps its own pages
    await page.goto(`${site.base}/`);
    await expect.poll(() => menuPages(page)).toContain('Reading Room');
    await mainNav(page).getByRole('link', { name: 'Reading Room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reading Room' }).waitFor();
    expect(await page.locator('.nav-pages-list').isHidden()).toBe(true);
    expect(await mainNav(page).getByRole('link', { name: 'Reading Room', includeHidden: true }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Colophon' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Reading Room' }).count()).toBe(0);

    // A Non-Menu child, reached from its parent.
    await page.goto(`${site.base}/newpage`);
    await page.getByTestId('page-name').fill('The Lamp');
    await page.getByTestId('page-url').fill('/reading-room/the-lamp');
    await page.getByTestId('page-permalink').fill('the-lamp');
    await page.getByTestId('page-category').selectOption('Non-Menu');
    expect(await page.getByTestId('page-priority').count()).toBe(0);
    await page.getByTestId('page-parent').selectOption({ label: 'Reading Room (/reading-room)' });
    await writeContent(page, 'See ||2|| by the lamp.');
    await page.getByTestId('page-save').click();
    await page.getByText('Page Created Successfully').waitFor();
    await page.waitForURL(/\/reading-room\/the-lamp$/);
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Reading Room' }).click();
    await page.waitForURL(/\/reading-room$/);
    await page.getByTestId('library-children').getByRole('link', { name: 'The Lamp' }).click();
    await page.waitForURL(/\/reading-room\/the-lamp$/);
    // `||n||` opens the sentence page within the app
    await page.getByTestId('library-page-content').locator('a.sentence-link[href="/2"]').click();
    await page.waitForURL(/\/2$/);
    await page.goBack();
    await page.waitForURL(/\/reading-room\/the-lamp$/);

    // Edit.
    await page.getByTestId('library-page-edit').click();
    await page.waitForURL(/\/editpage\?id=/);
    await expect.poll(() => page.getByTestId('page-name').inputValue()).toBe('The Lamp');
    await page.getByTestId('page-name').fill('The Lamp, Lit');
    await page.getByTestId('page-save').click();
    await page.getByText('Updated Successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: 'The Lamp, Lit' }).waitFor();
    // The next save shows the same words: let this toast go first so the next wait sees the new one.
    await page.getByText('Updated Successfully').waitFor({ state: 'hidden' });

    // Move: the old address lands on the new one.
    await page.getByTestId('library-page-edit').click();
    await expect.poll(() => page.getByTestId('page-url').inputValue()).toBe('/reading-room/the-lamp');
    await page.getByTestId('page-url').fill('/reading-room/lamp');
    await page.getByTestId('page-save').click();
    await page.getByText('Updated Successfully').waitFor();
    await page.waitForURL(/\/reading-room\/lamp$/);
    // A fresh load has no consistency token: wait until the library's read model has the move (it lags on a busy machine).
    await expect.poll(async () => (await fetch(`${site.base}/api/reading-room/the-lamp`, { redirect: 'manual' })).status).toBe(301);
    await page.goto(`${site.base}/reading-room/the-lamp`);
    await page.waitForURL(/\/reading-room\/lamp$/);
    await page.getByRole('heading', { level: 1, name: 'The Lamp, Lit' }).waitFor();

    // Delete: asked first in the page's own dialog, then the parent.
    await page.getByTestId('library-page-delete').click();
    await page.getByRole('alertdialog', { name: 'Are you sure you want to delete this page?' }).getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Deleted Successfully').waitFor();
    await page.waitForURL(/\/reading-room$/);
    await page.getByRole('heading', { level: 1, name: 'Reading Room' }).waitFor();
    await expect.poll(() => page.getByTestId('library-children').count()).toBe(0);
    await page.goto(`${site.base}/reading-room/lamp`);
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.close();
  });

  it('shows the not-found page at an unknown path, and leaves the paths the site owns alone', async () => {
    const page = await open('/no-such-page/here');
    await page.getByRole('heading', { name: 'Not Found' }).waitFor();
    await page.goto(`${site.base}/blogs`);
    await page.getByRole('heading', { level: 1, name: 'Blogs' }).waitFor();
    await page.close();
  });

  it('has no serious or critical accessibility violations on a page and in the editor', async () => {
    const page = await asAdmin();
    await page.goto(`${site.base}/reading-room`);
    await page.getByRole('heading', { level: 1, name: 'Reading Room' }).waitFor();
    await page.waitForTimeout(500);
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${site.base}/newpage`);
    await page.getByTestId('post-editor-content').waitFor();
    await page.waitForTimeout(500);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
