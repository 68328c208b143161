import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApi } from '../../testkit/test-api.js';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, type Person } from '../../testkit/people.js';
import type { HistoryEntryAdminAnswer } from '@epos/schemas/admin/events';

interface Layer {
  id: string;
  label: string;
  author: string;
  order: number;
  version: string;
  cantoNotes: { book: number; canto: number; name: string; text: string | null }[];
}

let api: TestApi;
let admin: Person;
let reader: Person;

beforeAll(async () => {
  ({ api, admin, reader } = await startAdminTestApi());
});
afterAll(async () => api?.close());

const q = listQuery;
const send = (client: TestClient, method: 'PUT' | 'DELETE', url: string, body?: unknown): Promise<LightMyRequestResponse> => client.send(method, url, body);

describe('/admin-api/layers', () => {
  it('adds, renames, reorders, notes a canto and retires a layer, through the structure decider', async () => {
    const initial = await admin.client.get(`/admin-api/layers${q({ sort: ['order', 'ASC'] })}`);
    expect(initial.statusCode, initial.body).toBe(200);
    const before = initial.json<Layer[]>();
    expect(initial.headers['content-range']).toMatch(new RegExp(`^layers (0-\\d+|\\*)/${before.length}$`));

    const added = await admin.client.post('/admin-api/layers', { id: 'console', label: 'Console notes', author: 'An editor', order: 99 });
    expect(added.statusCode, added.body).toBe(200);
    expect((await admin.client.post('/admin-api/layers', { id: 'console', label: 'Again', author: 'X', order: 1 })).statusCode).toBe(409);
    const bad = await admin.client.post('/admin-api/layers', { id: 'Not A Key', label: 'x', author: 'y', order: 1 });
    expect(bad.statusCode).toBe(400);

    const layer = (await admin.client.get('/admin-api/layers/console', after(added))).json<Layer>();
    expect(layer).toMatchObject({ id: 'console', label: 'Console notes', order: 99 });
    expect(layer.cantoNotes.length).toBeGreaterThan(0);
    const canto = layer.cantoNotes[0]!;
    const edited = await send(admin.client, 'PUT', '/admin-api/layers/console', {
      version: layer.version,
      label: 'Editor notes',
      author: 'An editor',
      order: 0,
      cantoNotes: [{ book: canto.book, canto: canto.canto, text: 'A note on the canto.' }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Layer>()).toMatchObject({ label: 'Editor notes', order: 0 });
    expect(edited.json<Layer>().cantoNotes[0]!.text).toBe('A note on the canto.');
    expect((await send(admin.client, 'PUT', '/admin-api/layers/console', { version: layer.version, label: 'Stale', author: 'x', order: 1 })).statusCode).toBe(
      409,
    );

    const sorted = (await admin.client.get(`/admin-api/layers${q({ sort: ['order', 'ASC'] })}`, after(edited))).json<Layer[]>();
    expect(sorted[0]!.id).toBe('console');
    expect(sorted.length).toBe(before.length + 1);
    expect((await admin.client.get(`/admin-api/layers${q({ filter: { q: 'editor n' } })}`, after(edited))).json<Layer[]>().map((l) => l.id)).toEqual([
      'console',
    ]);
    expect((await admin.client.get(`/admin-api/layers${q({ sort: ['author', 'ASC'] })}`)).statusCode).toBe(400);

    const retired = await send(admin.client, 'DELETE', '/admin-api/layers/console');
    expect(retired.statusCode).toBe(200);
    expect((await admin.client.get('/admin-api/layers/console', after(retired))).statusCode).toBe(404);
    expect((await send(admin.client, 'DELETE', '/admin-api/layers/console')).statusCode).toBe(404);
    // Keys that name Object's own properties are layers like any other: none here (the fuzz found 500s).
    for (const key of ['constructor', 'tostring', 'hasownproperty']) {
      expect((await admin.client.get(`/admin-api/layers/${key}`)).statusCode, key).toBe(404);
      expect((await send(admin.client, 'DELETE', `/admin-api/layers/${key}`)).statusCode, key).toBe(404);
      expect((await admin.client.get(`/api/worksection/${key}/1`)).statusCode, key).toBe(404);
    }
  });

  it("shows a layer's history: only the events about it, each canto's note diffed against that canto's last", async () => {
    const add = async (id: string) => {
      const added = await admin.client.post('/admin-api/layers', { id, label: `Layer ${id}`, author: 'An editor', order: 50 });
      expect(added.statusCode, added.body).toBe(200);
      return added;
    };
    await add('alpha');
    const alpha = (await admin.client.get('/admin-api/layers/alpha', after(await add('beta')))).json<Layer>();
    const [first, second] = alpha.cantoNotes as [Layer['cantoNotes'][number], Layer['cantoNotes'][number]];
    const edit = async (version: string, label: string, notes: Record<number, string>) => {
      const cantoNotes = [first, second].map((c, i) => ({ book: c.book, canto: c.canto, text: notes[i] ?? null }));
      const edited = await send(admin.client, 'PUT', '/admin-api/layers/alpha', { version, label, author: 'An editor', order: 50, cantoNotes });
      expect(edited.statusCode, edited.body).toBe(200);
      return edited.json<Layer>();
    };
    const once = await edit(alpha.version, 'Alpha notes', { 0: 'On the first canto.', 1: 'On the second canto.' });
    await edit(once.version, 'Alpha notes', { 0: 'On the first canto, again.', 1: 'On the second canto.' });
    const retired = await send(admin.client, 'DELETE', '/admin-api/layers/alpha');

    const history = (await admin.client.get('/admin-api/history?streamId=poem&record=layer:alpha', after(retired))).json<HistoryEntryAdminAnswer[]>();
    expect(history.map((e) => e.type)).toEqual([
      'CommentaryLayerRemoved',
      'CantoNoteSet',
      'CantoNoteSet',
      'CantoNoteSet',
      'CommentaryLayerDefined',
      'CommentaryLayerDefined',
    ]);
    expect(new Set(history.map((e) => e.correlationId)).size).toBe(4);
    const firstCanto = `alpha book ${first.book} canto ${first.canto}.text`;
    expect(history[1]!.changes).toEqual([expect.objectContaining({ field: firstCanto, before: 'On the first canto.', after: 'On the first canto, again.' })]);
    expect(history.find((e) => e.type === 'CommentaryLayerDefined')!.changes).toContainEqual(
      expect.objectContaining({ field: 'alpha.label', before: 'Layer alpha', after: 'Alpha notes' }),
    );
    const whole = (await admin.client.get('/admin-api/history?streamId=poem')).json<HistoryEntryAdminAnswer[]>();
    expect(whole.filter((e) => e.type === 'CommentaryLayerDefined').length).toBeGreaterThan(2);
    expect((await admin.client.get('/admin-api/history?streamId=poem&record=layer:Not-A-Key')).statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await reader.client.get('/admin-api/layers')).statusCode).toBe(403);
    expect((await reader.client.post('/admin-api/layers', { id: 'x', label: 'x', author: 'x', order: 1 })).statusCode).toBe(403);
    expect((await new TestClient(api.app).get('/admin-api/layers/x')).statusCode).toBe(401);
  });
});
