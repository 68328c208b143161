import { describe, expect, it } from 'vitest';
import { logIn, seriousViolations, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

describe('the console', () => {
  it('sends a visitor who is not an administrator to the site login page', async () => {
    const page = await site.open('/admin/');
    await page.waitForURL(/\/login\?ReturnUrl=%2Fadmin%2F$/);
    await page.close();
  });

  it("lists the audit log, filters it by an administrator's changes and shows an event with its data", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const me = await page.evaluate(async () => (await (await fetch('/api/me')).json()) as { userId: string });
    // a change of the admin's own: a note on sentence 2
    const saved = await page.evaluate(async () => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
      const response = await fetch('/postdata/myNotes', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        body: JSON.stringify({ Content: 'Seen from the console.', Sentencenumber: 2 }),
      });
      return response.status;
    });
    expect(saved).toBe(200);

    await page.goto(`${site.base}/admin/#/events`);
    await page
      .getByRole('heading', { name: /Events/ })
      .first()
      .waitFor();
    await page.locator('tbody tr').nth(5).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const filter = encodeURIComponent(JSON.stringify({ actor: me.userId }));
    await page.goto(`${site.base}/admin/#/events?filter=${filter}`);
    const row = page.getByRole('row').filter({ hasText: 'Note saved' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Demo admin');
    await row.click();
    await page.getByText('NoteSaved').first().waitFor();
    await page.getByText('Data (personal fields stay sealed)').waitFor();
    // the note's words are sealed in the log
    expect(await page.getByText('Seen from the console.').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
