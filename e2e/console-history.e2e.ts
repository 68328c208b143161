import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { logIn, useSiteInBrowser, violationsWhenIdle } from './server.js';

const site = useSiteInBrowser();

const historyEntries = (page: Page) => page.getByRole('list', { name: 'History, newest first' }).locator(':scope > li');
/** One change of an entry, found by the label it starts with ("Title", "Content"). */
const change = (entry: Locator, label: string) => entry.getByRole('listitem').filter({ has: entry.page().getByText(label, { exact: true }) });
/** Words a person must never read on a History tab: the event data's own names and its JSON. */
const INTERNAL = /[{}]|\(empty\)|markdown|seriesTitle|content\.|postId|authorId|blogId/;

/** A draft post written and then saved again with a new title and one more word, through the blogger's own API. */
async function revisedPost(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
    const send = async (url: string, body: unknown) => {
      const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': token }, body: JSON.stringify(body) });
      if (!answer.ok) throw new Error(`${url}: ${answer.status} ${await answer.text()}`);
      return (await answer.json()) as { id: string };
    };
    const post = { blog_id: 'reading-notes', series_title: 'Lamps', excerpt: 'A first look.', status: 2 };
    const { id } = await send('/postdata/create', {
      ...post,
      title: 'The lamp at dusk',
      md_content: 'The lamp was lit at dusk.\n\nIt burned until the morning came.',
    });
    await send('/postdata/update', {
      ...post,
      id,
      revision: 1,
      title: 'The lamp at dawn',
      md_content: 'The lamp was lit at dusk.\n\nIt burned brightly until the morning came.',
    });
    return id;
  });
}

/** A screenshot for a person to look at, when E2E_SCREENSHOTS names a folder. */
async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

describe("A post's History tab in the console", () => {
  it("says what each save changed by the editor's labels: old → new for the title, a word diff for the content, the first values readably", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const id = await revisedPost(page);

    await page.goto(`${site.base}/admin/#/posts/${id}/show/history`);
    const entries = historyEntries(page);
    await expect.poll(() => entries.count(), { timeout: 10_000 }).toBe(2);
    const [revised, created] = [entries.nth(0), entries.nth(1)];

    expect(await change(revised, 'Title').innerText()).toMatch(/^Title\s*The lamp at dusk\s*→\s*The lamp at dawn$/);
    const content = change(revised, 'Content');
    expect(await content.locator('ins').allInnerTexts()).toEqual([expect.stringContaining('brightly')]);
    expect(await content.locator('del').count()).toBe(0);
    // Only what the save changed: the series, the excerpt and the status stayed as they were.
    for (const unchanged of ['Series title', 'Excerpt', 'Status']) expect(await change(revised, unchanged).count(), unchanged).toBe(0);

    expect(await change(created, 'Title').innerText()).toMatch(/^Title\s*The lamp at dusk$/);
    expect(await change(created, 'Series title').innerText()).toMatch(/^Series title\s*Lamps$/);
    expect(await change(created, 'Excerpt').innerText()).toMatch(/^Excerpt\s*A first look\.$/);
    expect(await change(created, 'Status').innerText()).toMatch(/^Status\s*Draft$/);
    expect(await change(created, 'Content').innerText()).toContain('It burned until the morning came.');

    const shown = await page.getByRole('list', { name: 'History, newest first' }).innerText();
    expect(shown).not.toMatch(INTERNAL);
    expect(await violationsWhenIdle(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'console-history-post-390');
    await page.close();
  });

  it('reads as clearly in dark mode, at a laptop width', async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await logIn(site, page, 'admin', 'demo-admin-password');
    const id = await revisedPost(page);
    await page.goto(`${site.base}/admin/#/posts/${id}/show/history`);
    await change(historyEntries(page).first(), 'Content').locator('ins').waitFor();
    expect(await violationsWhenIdle(page)).toEqual([]);
    await shoot(page, 'console-history-post-dark-1280');
    await page.emulateMedia({ colorScheme: 'light' });
    await shoot(page, 'console-history-post-1280');
    await page.close();
  });

  it("names a sentence's parts as its edit form does (First edition, Reason), never by their event fields", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    await page.evaluate(async () => {
      const { token } = (await (await fetch('/api/csrf')).json()) as { token: string };
      const line = (await (await fetch('/api/lineinfo/5')).json()) as { lines: string };
      for (const edit of [
        { Key: 'text-first', Content: `${line.lines} — amended` },
        { Key: 'reason', Content: 'Why it stands here.' },
      ]) {
        const saved = await fetch('/postdata/updatePoem', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf-token': token },
          body: JSON.stringify({ id: 5, ...edit }),
        });
        if (!saved.ok) throw new Error(`${edit.Key}: ${saved.status}`);
      }
    });
    await page.goto(`${site.base}/admin/#/sentences/5`);
    await page.getByRole('tab', { name: 'History' }).click();
    const [reason, text] = [historyEntries(page).nth(0), historyEntries(page).nth(1)];
    await change(reason, 'Reason').waitFor();
    expect(await change(reason, 'Reason').innerText()).toContain('Why it stands here.');
    expect(await change(text, 'First edition').locator('ins').allInnerTexts()).toEqual([expect.stringContaining('amended')]);
    expect(await page.getByRole('list', { name: 'History, newest first' }).innerText()).not.toMatch(/first\.lines|reason\.value|\.lines|\.value/);
    await page.close();
  });

  it("every kind of record in the demo reads by its screens' labels, with no JSON", async () => {
    const page = await site.open('/');
    await logIn(site, page, 'admin', 'demo-admin-password');
    const unreadable = await page.evaluate(async () => {
      type Change = { label: string; beforeText: string | null; afterText: string | null };
      const get = async <T>(url: string) => (await (await fetch(url)).json()) as T;
      const events = await get<{ streamId: string; kind: string }[]>(`/admin-api/events?range=${encodeURIComponent('[0,999]')}`);
      const byKind = new Map<string, Set<string>>();
      for (const e of events) if ((byKind.get(e.kind)?.size ?? 0) < 3) byKind.set(e.kind, (byKind.get(e.kind) ?? new Set()).add(e.streamId));
      const found: string[] = [`kinds: ${[...byKind.keys()].sort().join(', ')}`];
      for (const [kind, streams] of byKind) {
        for (const streamId of streams) {
          for (const entry of await get<{ type: string; changes: Change[] }[]>(`/admin-api/history?streamId=${encodeURIComponent(streamId)}`)) {
            for (const c of entry.changes) {
              if (typeof c.label !== 'string' || c.label === '' || /[a-z][A-Z]|_|\.\w/.test(c.label)) found.push(`${kind} ${entry.type}: label "${c.label}"`);
              if (![c.beforeText, c.afterText].every((v) => v === null || typeof v === 'string'))
                found.push(`${kind} ${entry.type} ${c.label}: no value in words`);
              if ([c.beforeText, c.afterText].some((v) => v !== null && /^\s*[[{]/.test(v)))
                found.push(`${kind} ${entry.type} ${c.label}: ${String(c.afterText).slice(0, 60)}`);
            }
          }
        }
      }
      return found;
    });
    const [kinds, ...problems] = unreadable;
    expect(kinds!.split(', ').length, kinds).toBeGreaterThan(5);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows each History tab of the console without JSON or "(empty)", at a laptop width', async () => {
    const page = await site.open('/');
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(site, page, 'admin', 'demo-admin-password');
    const records = await page.evaluate(async () => {
      const get = async <T>(url: string) => (await (await fetch(url)).json()) as T;
      const found = new Map<string, string>();
      for (const e of await get<{ record: { resource: string; id: string } | null }[]>(`/admin-api/events?range=${encodeURIComponent('[0,999]')}`)) {
        if (e.record && !found.has(e.record.resource)) found.set(e.record.resource, e.record.id);
      }
      for (const resource of ['translations', 'layers', 'pages', 'books', 'authors']) {
        if (found.has(resource)) continue;
        const [first] = await get<{ id: string }[]>(`/admin-api/${resource}?range=${encodeURIComponent('[0,0]')}`);
        if (first) found.set(resource, String(first.id));
      }
      return [...found];
    });
    const SHOWN = new Set(['blogs', 'users', 'posts', 'media']);
    const visited: string[] = [];
    for (const [resource, id] of records) {
      await page.goto(`${site.base}/admin/#/${resource}/${encodeURIComponent(id)}${SHOWN.has(resource) ? '/show' : ''}`);
      const tab = page.getByRole('tab', { name: 'History' });
      if ((await tab.count()) === 0)
        await tab
          .first()
          .waitFor({ timeout: 5_000 })
          .catch(() => undefined);
      if ((await tab.count()) === 0) continue;
      await tab.first().click();
      const list = page.getByRole('list', { name: 'History, newest first' });
      await list.or(page.getByText('No changes recorded.')).first().waitFor();
      if ((await list.count()) > 0) expect(await list.innerText(), resource).not.toMatch(/[{}]|\(empty\)/);
      visited.push(resource);
      await shoot(page, `console-history-${resource}-1280`);
    }
    expect(visited.length, visited.join(', ')).toBeGreaterThanOrEqual(10);
    await page.close();
  });
});
