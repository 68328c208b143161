import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

const historyEntries = (page: Page) => page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li');

describe('History tabs of records that share a stream', () => {
  it("lists a translation's own versions and restores an earlier one, which the reader then serves", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const served = () =>
      page.evaluate(async () => ((await (await fetch('/api/translate/3?lang=fr', { cache: 'no-store' })).json()) as { Translated: string }).Translated);
    const original = await served();

    await page.goto(`${site.base}/admin/#/translations/3-fr`);
    const box = page.getByRole('textbox', { name: 'Translation' });
    await box.waitFor();
    await box.fill('Une ligne du console');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Book Updated Successfully').waitFor();
    await expect.poll(served, { timeout: 10_000 }).toBe('Une ligne du console');

    await page.getByRole('tab', { name: 'History' }).click();
    const restore = page.getByRole('button', { name: 'Restore this version' });
    await restore.first().waitFor();
    expect(await historyEntries(page).count()).toBe(2);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await restore.first().click();
    await page.getByText(/^Restored: /).waitFor();
    await expect.poll(() => historyEntries(page).count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(served, { timeout: 10_000 }).toBe(original);
    await page.close();
  });

  it("lists only a commentary layer's events on its History tab", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/layers/create`);
    await page.getByLabel('Key (permanent)').fill('historied');
    await page.getByLabel('Label').fill('Historied notes');
    await page.getByLabel('Author').fill('An editor');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByLabel(/^Book 1, canto 1/).waitFor();

    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => historyEntries(page).count(), { timeout: 10_000 }).toBe(1);
    await page.getByRole('heading', { name: 'Commentary layer defined' }).waitFor();
    // The change reads by the screen's label and value, never by the event's field name.
    await page.getByText('Historied notes').first().waitFor();
    expect(await page.getByText('historied.label').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Restore this version' }).count()).toBe(0);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.close();
  });

  it('opens a long history 50 entries at a time and shows the older ones on demand', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const total = await page.evaluate(async () => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
      for (let i = 1; i <= 55; i++) {
        const saved = await fetch('/postdata/updatePoem', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': token },
          body: JSON.stringify({ id: 7, Key: 'reason', Content: `reason ${i}` }),
        });
        if (!saved.ok) throw new Error(`edit ${i}: ${saved.status}`);
      }
      const history = await fetch('/admin-api/history?streamId=sentence-7&range=%5B0%2C0%5D');
      return Number(history.headers.get('content-range')?.split('/').pop());
    });
    expect(total).toBeGreaterThan(55);
    await page.goto(`${site.base}/admin/#/sentences/7`);
    await page.getByRole('tab', { name: 'History' }).click();
    await expect.poll(() => historyEntries(page).count(), { timeout: 10_000 }).toBe(50);
    const older = page.getByRole('button', { name: `Show older changes (${total - 50} more)` });
    await older.click();
    await expect.poll(() => historyEntries(page).count(), { timeout: 10_000 }).toBeGreaterThan(50);
    expect(await older.count()).toBe(total > 100 ? 1 : 0);
    await page.close();
  });
});
