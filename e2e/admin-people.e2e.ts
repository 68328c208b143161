import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeSource, logIn, seriousViolations as serious, useSiteInBrowser } from './server.js';

const site = useSiteInBrowser();

/** axe on the screen once it has loaded (react-admin's loading indicator has no name while it spins). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.getByRole('progressbar').first().waitFor({ state: 'detached', timeout: 10_000 });
  const found = await serious(page);
  if (found.length > 0) {
    await page.addScriptTag({ content: axeSource });
    const details = await page.evaluate(async (ids) => {
      const { violations } = await (
        window as unknown as { axe: { run(): Promise<{ violations: { id: string; nodes: { html: string; failureSummary: string }[] }[] }> } }
      ).axe.run();
      return violations.filter((v) => ids.some((id) => id.startsWith(v.id))).map((v) => v.nodes.map((n) => [v.id, n.html, n.failureSummary]));
    }, found);
    console.error(JSON.stringify(details));
  }
  return found;
}

/** A JSON call from the page, with the session and its anti-forgery token. */
async function call<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ([method, url, body]) => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
      const response = await fetch(url, {
        method,
        headers: { 'content-type': 'application/json', 'x-csrf-token': token },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as T };
    },
    [method, url, body] as const,
  );
}

describe('the console: people, comments and posts', () => {
  // The role modal and its refusals: e2e/console-dialogs.e2e.ts.
  it("shows a user's page and locks and unlocks the account", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/users?filter=${encodeURIComponent(JSON.stringify({ q: 'reader' }))}`);
    const row = page.getByRole('row').filter({ hasText: 'reader@' }).first();
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await row.click();
    await page.getByRole('tab', { name: 'Changes made' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // locking and unlocking the account from its page
    await page.getByRole('button', { name: 'Lock account' }).click();
    await page.getByRole('button', { name: 'Unlock account' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Unlock account' }).click();
    await page.getByRole('button', { name: 'Lock account' }).waitFor();

    // ending the account's sessions from its page
    await page.getByRole('button', { name: 'End sessions' }).click();
    await page.getByText('Every session of this user has ended.').waitFor();
    await page.close();
  });

  it("ends every session but the administrator's own, after asking", async () => {
    const reader = await site.open('/');
    await logIn(site, reader, 'reader', 'demo-reader-password');
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/users`);
    await page.getByRole('button', { name: 'End every session' }).click();
    const dialog = page.getByRole('dialog', { name: 'End every session?' });
    await dialog.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText(/^Every session but yours has ended/).waitFor();
    expect((await call<{ loggedIn: boolean }>(reader, 'GET', '/api/me')).json.loggedIn).toBe(false);
    expect((await call<{ loggedIn: boolean }>(page, 'GET', '/api/me')).json.loggedIn).toBe(true);
    await Promise.all([reader.close(), page.close()]);
  });

  it('hides a comment from the site', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.goto(`${site.base}/admin/#/comments`);
    const row = page.getByRole('row').filter({ hasText: 'Is the pause' }).first();
    await row.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await row.click();
    await page.getByRole('button', { name: 'Hide from the site' }).click();
    await page.getByRole('button', { name: 'Show on the site' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const comment = page.url().match(/comments\/([^/]+)\/show/)![1]!;
    const { json } = await call<{ postId: string }>(page, 'GET', `/admin-api/comments/${comment}`);
    const thread = await call<{ id: string }[]>(page, 'GET', `/api/comments/${json.postId}`);
    expect(thread.json.map((c) => c.id)).not.toContain(comment);
    await page.close();
  });

  it('reschedules a scheduled post', async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const created = await call<{ id: string }>(page, 'POST', '/postdata/create', {
      blog_id: 'evening-letters',
      title: 'A letter for later',
      series_title: 'Letters',
      md_content: 'Soon.',
      status: 1,
      published_at: soon,
    });
    expect(created.status).toBe(200);
    await page.goto(`${site.base}/admin/#/posts`);
    const row = page.getByRole('row').filter({ hasText: 'A letter for later' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Scheduled for');
    expect(await seriousViolations(page)).toEqual([]);
    await row.click();
    await page.getByRole('link', { name: 'Open in the editor' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open in the editor' }).getAttribute('href')).toMatch(
      /^\/blogs\/evening-letters\/a-letter-for-later[^/]*\/editpost$/,
    );
    await page.getByRole('link', { name: 'Publishing' }).click();
    const when = page.getByLabel('Publish at');
    await when.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await when.fill('2031-05-06T07:30');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'History' }).waitFor();
    const post = await call<{ status: string; publishAt: string }>(page, 'GET', `/admin-api/posts/${created.json.id}`);
    expect(post.json.status).toBe('scheduled');
    const expected = await page.evaluate(() => new Date('2031-05-06T07:30').toISOString());
    expect(post.json.publishAt).toBe(expected);
    await page.close();
  });
});
