import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../demo/seed.js';
import { startTestApi, type TestApi } from '../testkit/test-api.js';
import { caughtUp, signIn, type Person } from '../testkit/people.js';
import { listQuery } from '../testkit/admin-api.js';

/** Every list route of /admin-api (admin-ui/src/resources.ts names the same ones). */
const RESOURCES = [
  'authors',
  'blogs',
  'books',
  'comments',
  'events',
  'layers',
  'media',
  'pages',
  'posts',
  'queues',
  'relations',
  'sentences',
  'suggestions',
  'translations',
  'users',
] as const;

let api: TestApi;
let admin: Person;

beforeAll(async () => {
  api = await startTestApi();
  await seedDemoIfEmpty({ config: api.deps.config, store: api.deps.store, database: api.deps.database, logger: api.deps.logger });
  admin = await signIn(api, 'admin');
  // The demo has one author and no suggestions: a second of each, so their order shows.
  await admin.client.send('POST', '/admin-api/authors', { name: 'Mira Alder' });
  const reader = await signIn(api, 'user');
  for (const sentence of [1, 2, 3])
    await reader.client.post('/postdata/suggestions', { sentence, part: 'motherNote', proposed: `A note on line ${sentence}.` });
  await caughtUp(api, 60_000);
}, 120_000);
afterAll(async () => api?.close());

type Id = string | number;
/** Numbers (and ids that start with one, such as a translation's `12-sa`) by their number, the rest as text. */
const leadingNumber = (id: Id) => (typeof id === 'number' ? id : /^\d+(?=-|$)/.test(id) ? Number(/^\d+/.exec(id)![0]) : null);
function inOrder(ids: readonly Id[], order: 'ASC' | 'DESC'): boolean {
  const sign = order === 'ASC' ? 1 : -1;
  return ids.every((id, i) => {
    if (i === 0) return true;
    const [a, b] = [ids[i - 1]!, id];
    const [na, nb] = [leadingNumber(a), leadingNumber(b)];
    const compared = na !== null && nb !== null ? Math.sign(na - nb) : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
    return compared * sign <= 0;
  });
}

describe("react-admin's default sort", () => {
  it.each(RESOURCES)('%s answers sort=["id","ASC"] and ["id","DESC"] with its records in that order', async (resource) => {
    const page = async (order: 'ASC' | 'DESC') => {
      const answer = await admin.client.get(`/admin-api/${resource}${listQuery({ sort: ['id', order], range: [0, 49] })}`);
      expect([answer.statusCode, answer.statusCode === 200 ? '' : answer.body]).toEqual([200, '']);
      return answer.json<{ id: Id }[]>().map((record) => record.id);
    };
    const [ascending, descending] = [await page('ASC'), await page('DESC')];
    expect(ascending.length, `${resource} has records to sort`).toBeGreaterThan(1);
    expect(inOrder(ascending, 'ASC'), `${resource} ascending: ${ascending.join(', ')}`).toBe(true);
    expect(inOrder(descending, 'DESC'), `${resource} descending: ${descending.join(', ')}`).toBe(true);
    expect(descending[0]).not.toEqual(ascending[0]);
  });

  it('still refuses a field a resource does not sort by, naming id among those it does', async () => {
    const answer = await admin.client.get(`/admin-api/books${listQuery({ sort: ['md_content', 'ASC'] })}`);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<{ message: string }>().message).toMatch(/^sort: cannot sort by md_content \(one of: id, title/);
  });
});
