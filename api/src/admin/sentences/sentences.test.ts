import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { AdminSentenceAnswer } from '@epos/schemas/admin/sentences';
import type { HistoryEntryAdminAnswer } from '@epos/schemas/admin/events';
import type { TestApi } from '../../testkit/test-api.js';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, type Person } from '../../testkit/people.js';

let api: TestApi;
let admin: Person;
let reader: Person;

beforeAll(async () => {
  ({ api, admin, reader } = await startAdminTestApi());
});
afterAll(async () => api?.close());

const q = listQuery;
const list = async (query: string) => {
  const response = await admin.client.get(`/admin-api/sentences${query}`);
  return { response, body: response.json<AdminSentenceAnswer[]>() };
};
const put = async (person: Person | TestClient, id: number | string, body: unknown): Promise<LightMyRequestResponse> => {
  const client = person instanceof TestClient ? person : person.client;
  return client.send('PUT', `/admin-api/sentences/${id}`, body);
};
const one = async (id: number, headers: Record<string, string> = {}) =>
  (await admin.client.get(`/admin-api/sentences/${id}`, headers)).json<AdminSentenceAnswer>();

describe('GET /admin-api/sentences', () => {
  it('lists poem lines by number with Content-Range, pages, sorts, and filters by book/canto/section, number, id and q', async () => {
    const first = await list(q({ range: [0, 9] }));
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['content-range']).toBe('sentences 0-9/69');
    expect(first.body.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(first.body[0]).toMatchObject({ id: 1, number: 1, book: 1, canto: 1, section: 1 });
    expect(first.body[0]!.firstWords.length).toBeGreaterThan(0);

    const last = await list(q({ sort: ['number', 'DESC'], range: [0, 1] }));
    expect(last.body.map((s) => s.number)).toEqual([69, 68]);
    expect((await list(q({ range: [60, 80] }))).response.headers['content-range']).toBe('sentences 60-68/69');

    const section = await list(q({ filter: { book: 1, canto: 1, section: 1 }, range: [0, 999] }));
    expect(section.body.length).toBeGreaterThan(0);
    expect(section.body.length).toBeLessThan(69);
    expect(section.body.every((s) => s.book === 1 && s.canto === 1 && s.section === 1)).toBe(true);

    expect((await list(q({ filter: { number: 7 } }))).body.map((s) => s.number)).toEqual([7]);
    expect((await list(q({ filter: { id: [3, 5] } }))).body.map((s) => s.id)).toEqual([3, 5]);

    const word = first.body[2]!.firstWords.split(' ')[0]!.replace(/[^\p{L}]/gu, '');
    const found = await list(q({ filter: { q: word }, range: [0, 999] }));
    expect(found.body.some((s) => s.id === 3)).toBe(true);
    expect(found.body.every((s) => s.text.first!.toLowerCase().includes(word.toLowerCase()))).toBe(true);
    expect((await list(q({ filter: { q: 'zzzqqqnotaword' } }))).response.headers['content-range']).toBe('sentences */0');
  });

  it('answers 400 naming the parameter for a malformed sort, range or filter, and 404 for an unknown id', async () => {
    for (const [query, parameter] of [
      ['?sort=nope', 'sort'],
      [q({ sort: ['firstWords', 'ASC'] }), 'sort'],
      [q({ range: [5, 1] }), 'range'],
      [q({ filter: { colour: 1 } }), 'filter'],
      [q({ filter: { book: 'one' } }), 'filter'],
    ] as const) {
      const { response } = await list(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message.startsWith(parameter)).toBe(true);
    }
    expect((await admin.client.get('/admin-api/sentences/9999')).statusCode).toBe(404);
    expect((await admin.client.get('/admin-api/sentences/abc')).statusCode).toBe(400);
  });

  it('is for admins only: 403 for a reader, 401 anonymous, on reads and writes', async () => {
    expect((await reader.client.get('/admin-api/sentences')).statusCode).toBe(403);
    expect((await reader.client.get('/admin-api/sentences/1')).statusCode).toBe(403);
    expect((await put(reader, 1, { version: '0', fields: { reason: 'x' } })).statusCode).toBe(403);
    const anonymous = new TestClient(api.app);
    expect((await anonymous.get('/admin-api/sentences')).statusCode).toBe(401);
    expect((await put(anonymous, 1, { version: '0', fields: { reason: 'x' } })).statusCode).toBe(401);
    expect((await anonymous.post('/admin-api/sentences/1/restore', { position: 1 })).statusCode).toBe(401);
  });
});

describe('editing and restoring a sentence', () => {
  it('saves through the sentence decider (the reader sees it), refuses a stale version with 409, and restores an earlier version', async () => {
    const before = await one(4);
    const oldText = before.text.first!;
    const saved = await put(admin, 4, { version: before.version, text: { first: 'A new first line\nand a second' }, fields: { reason: 'Because' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminSentenceAnswer>()).toMatchObject({ id: 4, text: { first: 'A new first line\nand a second' }, fields: { reason: 'Because' } });
    expect(saved.json<AdminSentenceAnswer>().version).toBe((BigInt(before.version) + 2n).toString());
    const line = (await reader.client.get('/api/lineinfo/4', after(saved))).json<{ lines: string }>();
    expect(line.lines).toBe('A new first line\nand a second');

    const stale = await put(admin, 4, { version: before.version, fields: { reason: 'Lost update' } });
    expect(stale.statusCode).toBe(409);
    expect((await one(4, after(saved))).fields.reason).toBe('Because');

    const blank = await put(admin, 4, { version: saved.json<AdminSentenceAnswer>().version, text: { first: '   ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json<{ message: string }>().message).toBe("Input can't be blank");

    const history = async (headers: Record<string, string>) => {
      const response = await admin.client.get(`/admin-api/history?streamId=sentence-4`, headers);
      return response.json<HistoryEntryAdminAnswer[]>();
    };
    const entries = await history(after(saved));
    const imported = entries.find((e) => e.actor === 'importer')!;
    const restored = await admin.client.post('/admin-api/sentences/4/restore', { position: imported.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<AdminSentenceAnswer>().text.first).toBe(oldText);
    expect(restored.json<AdminSentenceAnswer>().fields.reason).toBe(before.fields.reason);
    expect((await reader.client.get('/api/lineinfo/4', after(restored))).json<{ lines: string }>().lines).toBe(oldText);

    const now = await history(after(restored));
    expect(new Set(now.map((e) => e.correlationId)).size).toBe(3);
    expect(now.length).toBe(entries.length + 2);
    expect(now[0]).toMatchObject({ actor: admin.userId, causationId: expect.any(String) });

    expect((await admin.client.post('/admin-api/sentences/4/restore', { position: '999999999' })).statusCode).toBe(400);
    expect((await admin.client.post('/admin-api/sentences/9999/restore', { position: imported.id })).statusCode).toBe(404);
  });
});
