import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldChangeAnswer, HistoryEntryAdminAnswer } from '@epos/schemas/admin/events';
import type { TestApi } from '../../testkit/test-api.js';
import { startAdminTestApi } from '../../testkit/admin-api.js';
import { after, signIn, type Person } from '../../testkit/people.js';
import { CONTEXT_WORDS } from './word-diff.js';

let api: TestApi;
let admin: Person;
let writer: Person;

beforeAll(async () => {
  ({ api, admin } = await startAdminTestApi());
  expect((await admin.client.send('POST', '/admin-api/blogs', { slug: 'lamps', title: 'Lamps' })).statusCode).toBe(201);
  writer = await signIn(api, 'blogger', { blogs: ['lamps'] });
});
afterAll(async () => api?.close());

const history = async (streamId: string, headers: Record<string, string> = {}) => {
  const response = await admin.client.get(`/admin-api/history?streamId=${encodeURIComponent(streamId)}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<HistoryEntryAdminAnswer[]>();
};
const byLabel = (changes: readonly FieldChangeAnswer[]) => Object.fromEntries(changes.map((c) => [c.label, c]));
/** What a person reads of a change: its label and values, never an event's field names or JSON. */
const readable = (c: FieldChangeAnswer) =>
  [c.label, c.beforeText ?? '', c.afterText ?? '', ...(c.diff ?? []).map((d) => ('text' in d ? d.text : ''))].join(' ');
const MACHINE = /[{}[\]]|\b(?:content|markdown|seriesTitle|postId|authorId|blogId|lines|value)\b|\w\.\w/;

const post = { blog_id: 'lamps', series_title: 'Lamps', excerpt: 'A first look.', status: 2 };
const paragraph = (n: number) => Array.from({ length: 40 }, (_, i) => `word${n}x${i}`).join(' ');

describe('the History answer of a revised post', () => {
  it('lists the fields each save changed by their labels: old → new for the title, a word diff for the content, the first values readably', async () => {
    const markdown = [paragraph(1), 'It burned until the morning came.', paragraph(2)].join('\n\n');
    const created = await writer.client.post('/postdata/create', { ...post, title: 'The lamp at dusk', md_content: markdown });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: string }>();
    const revised = await writer.client.post('/postdata/update', {
      ...post,
      id,
      revision: 1,
      title: 'The lamp at dawn',
      md_content: markdown.replace('burned until', 'burned brightly until'),
    });
    expect(revised.statusCode, revised.body).toBe(200);

    const [revision, creation] = await history(`post-${id}`, after(revised));
    expect(revision!.type).toBe('PostRevised');
    const changed = byLabel(revision!.changes);
    expect(Object.keys(changed).sort()).toEqual(['Content', 'Title']);
    expect(changed.Title).toMatchObject({ field: 'content.title', beforeText: 'The lamp at dusk', afterText: 'The lamp at dawn', diff: null });
    const diff = changed.Content!.diff!;
    expect(diff.filter((d) => d.op === 'insert').map((d) => ('text' in d ? d.text.trim() : ''))).toEqual(['brightly']);
    expect(diff.some((d) => d.op === 'delete')).toBe(false);
    // The rest of the post is not repeated: a dozen words each side of the change, the others counted.
    const skipped = diff.flatMap((d) => (d.op === 'skip' ? [d.words] : []));
    expect(skipped.length).toBe(2);
    expect(diff.filter((d) => d.op === 'equal').map((d) => ('text' in d ? d.text.match(/\S+/g)!.length : 0))).toEqual([CONTEXT_WORDS, CONTEXT_WORDS]);

    expect(creation!.type).toBe('PostCreated');
    const first = byLabel(creation!.changes);
    expect(first).toMatchObject({
      Title: { beforeText: null, afterText: 'The lamp at dusk', diff: null },
      'Series title': { afterText: 'Lamps' },
      Excerpt: { afterText: 'A first look.' },
      Content: { afterText: markdown, diff: null },
      Status: { afterText: 'Draft' },
    });
    expect(first.Author?.afterText).toBe(writer.name);
    expect(first.Blog?.afterText).toBe('Lamps');
    // An empty subtitle is not a value the post started with.
    expect(first.Subtitle).toBeUndefined();
    for (const change of [...revision!.changes, ...creation!.changes]) expect(readable(change)).not.toMatch(MACHINE);
  });

  it('names the publishing steps as the Status field and compares an autosave with the saved text', async () => {
    const created = await writer.client.post('/postdata/create', { ...post, title: 'Wick', md_content: 'A wick.' });
    const { id } = created.json<{ id: string }>();
    const autosaved = await writer.client.post('/postdata/autosave', { id, title: 'Wick and oil' });
    expect(autosaved.statusCode, autosaved.body).toBe(200);
    const published = await writer.client.post('/postdata/update', { ...post, status: 0, id, revision: 1, title: 'Wick and oil', md_content: 'A wick.' });
    expect(published.statusCode, published.body).toBe(200);

    const entries = await history(`post-${id}`, after(published));
    const save = entries.filter((e) => e.correlationId === entries[0]!.correlationId);
    const changes = byLabel(save.flatMap((e) => e.changes));
    expect(changes.Status).toMatchObject({ beforeText: 'Draft', afterText: 'Published' });
    // The save is compared with the saved title, not with the autosave before it.
    expect(changes.Title).toMatchObject({ beforeText: 'Wick', afterText: 'Wick and oil' });
    const autosave = entries.find((e) => e.type === 'PostAutosaved')!;
    expect(autosave.changes).toEqual([expect.objectContaining({ label: 'Title', beforeText: 'Wick', afterText: 'Wick and oil' })]);
  });
});

describe('the History answers of other records', () => {
  it("labels a sentence's parts as its edit form does and diffs them by words", async () => {
    const line = (await admin.client.get('/api/lineinfo/6')).json<{ lines: string }>().lines;
    const text = await admin.client.post('/postdata/updatePoem', { id: 6, Key: 'text-first', Content: `${line} anew` });
    expect(text.statusCode, text.body).toBe(200);
    const reason = await admin.client.post('/postdata/updatePoem', { id: 6, Key: 'reason', Content: 'Because the lamp.' });
    const [noted, edited] = await history('sentence-6', after(reason));
    expect(noted!.changes).toEqual([expect.objectContaining({ field: 'reason.value', label: 'Reason', afterText: 'Because the lamp.' })]);
    expect(edited!.changes).toEqual([expect.objectContaining({ field: 'first.lines', label: 'First edition' })]);
    expect(edited!.changes[0]!.diff!.filter((d) => d.op === 'insert').map((d) => ('text' in d ? d.text.trim() : ''))).toEqual(['anew']);
  });

  it("keeps a user's personal data sealed and names their role as the screens do", async () => {
    const [registered] = (await history(`user-${writer.userId}`)).reverse();
    const personal = registered!.changes.find((c) => c.label === 'Personal data')!;
    expect(personal.afterText).toBe('(sealed)');
    expect(JSON.stringify(registered)).not.toContain(writer.userName);
    expect(JSON.stringify(registered)).not.toContain(writer.name);
  });
});

describe('the History answer of every kind of record in the log', () => {
  it('reads as the screens do: labels, not field names; values in words, not JSON', async () => {
    const page = await admin.client.get(`/admin-api/events?range=${encodeURIComponent('[0,999]')}`);
    expect(page.statusCode, page.body).toBe(200);
    const streams = new Map<string, string>();
    for (const e of page.json<{ streamId: string; kind: string }[]>()) if (!streams.has(e.streamId)) streams.set(e.streamId, e.kind);
    // A few records of each kind (the demo has thousands of sentences).
    const sample = new Map<string, string[]>();
    for (const [stream, kind] of streams) if ((sample.get(kind)?.length ?? 0) < 3) sample.set(kind, [...(sample.get(kind) ?? []), stream]);
    const unreadable: string[] = [];
    for (const [kind, ids] of sample) {
      for (const streamId of ids) {
        for (const entry of await history(streamId)) {
          for (const c of entry.changes) {
            const values = [c.beforeText, c.afterText].filter((v): v is string => v !== null);
            if (typeof c.label !== 'string' || c.label === '' || /[a-z][A-Z]|_|\.\w/.test(c.label))
              unreadable.push(`${kind} ${entry.type}: label "${c.label}" (${c.field})`);
            if (![c.beforeText, c.afterText].every((v) => v === null || typeof v === 'string'))
              unreadable.push(`${kind} ${entry.type} ${c.field}: no value in words`);
            if (values.some((v) => /^\s*[[{]/.test(v))) unreadable.push(`${kind} ${entry.type} ${c.label}: ${values.join(' → ').slice(0, 80)}`);
          }
        }
      }
    }
    expect([...sample.keys()].length).toBeGreaterThan(3);
    expect(unreadable).toEqual([]);
  });
});
