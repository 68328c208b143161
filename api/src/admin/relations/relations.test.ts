import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApi } from '../../testkit/test-api.js';
import { listQuery, startAdminTestApi } from '../../testkit/admin-api.js';
import { TestClient } from '../../testkit/client.js';
import { after, type Person } from '../../testkit/people.js';

interface Relations {
  id: number;
  version: string;
  text: string;
  relations: { Snumber: number; SText: string; Enumber: number }[];
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

describe('/admin-api/relations', () => {
  it('reads and replaces the word relations of a sentence (409 when stale, 400 for a malformed row)', async () => {
    const list = await admin.client.get(`/admin-api/relations${q({ filter: { number: [1, 2] } })}`);
    expect(list.headers['content-range']).toBe('relations 0-1/2');
    const before = (await admin.client.get('/admin-api/relations/1')).json<Relations>();
    const relations = [
      { Snumber: 1, SText: 'अग्नि', Enumber: 1 },
      { Snumber: 2, SText: 'देव', Enumber: 3 },
    ];
    const saved = await put(admin.client, '/admin-api/relations/1', { version: before.version, relations });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await admin.client.get('/admin-api/relations/1', after(saved))).json<Relations>().relations).toEqual(relations);
    expect((await put(admin.client, '/admin-api/relations/1', { version: before.version, relations: [] })).statusCode).toBe(409);
    const malformed = await put(admin.client, '/admin-api/relations/1', {
      version: saved.json<Relations>().version,
      relations: [{ Snumber: -1, SText: '', Enumber: 1 }],
    });
    expect(malformed.statusCode).toBe(400);
    expect((await admin.client.get('/admin-api/relations/9999')).statusCode).toBe(404);
    expect((await reader.client.get('/admin-api/relations/1')).statusCode).toBe(403);
  });
});
