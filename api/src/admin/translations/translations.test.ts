import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApi } from '../../testkit/test-api.js';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, type Person } from '../../testkit/people.js';

interface Translation { id: string; sentence: number; number: number; lang: string; edition: string; source: string; translation: string; version: string }

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
});
