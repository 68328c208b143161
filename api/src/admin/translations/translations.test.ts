import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApi } from '../../testkit/test-api.js';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, type Person } from '../../testkit/people.js';
import type { HistoryEntryAdminAnswer } from '@epos/schemas/admin/events';

interface Translation {
  id: string;
  sentence: number;
  number: number;
  lang: string;
  edition: string;
  source: string;
  translation: string;
  version: string;
}

let api: TestApi;
let admin: Person;
let reader: Person;

beforeAll(async () => {
  ({ api, admin, reader } = await startAdminTestApi());
});
afterAll(async () => api?.close());

const q = listQuery;
const put = (client: TestClient, url: string, body: unknown): Promise<LightMyRequestResponse> => client.send('PUT', url, body);

describe('/admin-api/translations', () => {
  it('lists one language beside the edition it was made from, pages with Content-Range, and refuses a bad language', async () => {
    const response = await admin.client.get(`/admin-api/translations${q({ filter: { lang: 'de' }, range: [0, 4] })}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-range']).toBe('translations 0-4/69');
    const rows = response.json<Translation[]>();
    expect(rows.map((r) => r.number)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]).toMatchObject({ id: '1-de', lang: 'de', edition: 'revised' });
    expect(rows[0]!.source.length).toBeGreaterThan(0);
    const bad = await admin.client.get(`/admin-api/translations${q({ filter: { lang: 'xx' } })}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^filter: lang/);
    expect((await admin.client.get('/admin-api/translations/9999-de')).statusCode).toBe(404);
    expect((await admin.client.get('/admin-api/translations/1-xx')).statusCode).toBe(400);
    expect((await reader.client.get('/admin-api/translations')).statusCode).toBe(403);
    expect((await new TestClient(api.app).get('/admin-api/translations')).statusCode).toBe(401);
  });

  it("saves a translation the reader then serves, refuses an empty one with the spec's message and a stale one with 409", async () => {
    const before = (await admin.client.get('/admin-api/translations/2-fr')).json<Translation>();
    const saved = await put(admin.client, '/admin-api/translations/2-fr', { version: before.version, translation: 'Une ligne\nDeux lignes' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Translation>()).toMatchObject({ translation: 'Une ligne\nDeux lignes', version: (BigInt(before.version) + 1n).toString() });
    expect((await admin.client.get('/admin-api/translations/2-fr', after(saved))).json<Translation>().translation).toBe('Une ligne\nDeux lignes');
    const empty = await put(admin.client, '/admin-api/translations/2-fr', { version: saved.json<Translation>().version, translation: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toBe('TextBox cant be Empty');
    expect((await put(admin.client, '/admin-api/translations/2-fr', { version: before.version, translation: 'Perdu' })).statusCode).toBe(409);
    expect((await put(reader.client, '/admin-api/translations/2-fr', { version: before.version, translation: 'Non' })).statusCode).toBe(403);
  });

  it("shows only that language's history of the sentence, and restores an earlier version as a new event caused by it", async () => {
    const before = (await admin.client.get('/admin-api/translations/3-de')).json<Translation>();
    const history = async (headers: Record<string, string> = {}, record = 'translation:de') =>
      (await admin.client.get(`/admin-api/history?streamId=sentence-3&record=${record}`, headers)).json<HistoryEntryAdminAnswer[]>();
    const imported = await history();
    expect(imported.map((e) => [e.type, e.actor])).toEqual([['TranslationSet', 'importer']]);
    const whole = (await admin.client.get('/admin-api/history?streamId=sentence-3')).json<HistoryEntryAdminAnswer[]>();
    expect(whole.length).toBeGreaterThan(imported.length);

    const saved = await put(admin.client, '/admin-api/translations/3-de', { version: before.version, translation: 'Eine neue Zeile' });
    expect(saved.statusCode, saved.body).toBe(200);
    const site = async (headers: Record<string, string>) =>
      (await reader.client.get('/api/translate/3?lang=de', headers)).json<{ Translated: string }>().Translated;
    expect(await site(after(saved))).toBe('Eine neue Zeile');
    const edited = await history(after(saved));
    expect(edited).toHaveLength(2);
    expect(edited[0]!.changes).toEqual([expect.objectContaining({ field: 'de.lines', after: ['Eine neue Zeile'] })]);

    const restored = await admin.client.post('/admin-api/translations/3-de/restore', { position: imported[0]!.id });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Translation>()).toMatchObject({ translation: before.translation, version: (BigInt(before.version) + 2n).toString() });
    expect(await site(after(restored))).toBe(before.translation);
    expect((await admin.client.get('/admin-api/translations/3-de', after(restored))).json<Translation>().translation).toBe(before.translation);

    const now = await history(after(restored));
    expect(now).toHaveLength(3);
    const reverted = (await api.deps.store.readStream('sentence-3')).find((e) => e.position.toString() === imported[0]!.id)!;
    expect(now[0]).toMatchObject({ type: 'TranslationSet', actor: admin.userId, causationId: reverted.id });
    expect(now[0]!.changes[0]!.after).toEqual(before.translation.split('\n'));
    expect(await history(after(restored), 'translation:fr')).not.toContainEqual(expect.objectContaining({ id: now[0]!.id }));

    const text = whole.find((e) => e.type !== 'TranslationSet')!;
    const notThisTranslation = await admin.client.post('/admin-api/translations/3-de/restore', { position: text.id });
    expect(notThisTranslation.statusCode).toBe(400);
    expect(notThisTranslation.json<{ message: string }>().message).toBe('position: not a version of this translation');
    expect((await admin.client.post('/admin-api/translations/3-fr/restore', { position: imported[0]!.id })).statusCode).toBe(400);
    expect((await admin.client.post('/admin-api/translations/9999-de/restore', { position: imported[0]!.id })).statusCode).toBe(404);
    expect((await reader.client.post('/admin-api/translations/3-de/restore', { position: imported[0]!.id })).statusCode).toBe(403);
    const badRecord = await admin.client.get('/admin-api/history?streamId=sentence-3&record=translation:xx');
    expect(badRecord.statusCode).toBe(400);
    expect(badRecord.body).toMatch(/record/);
  });
});
