import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, isDatabaseUnavailable, type Database } from '@epos/platform';
import { createKillablePostgres, type KillablePostgres } from '@epos/platform/testkit/killable-postgres';
import { ChangeCache } from './change-cache.js';
import { MemoryBudget, MIB } from './memory-budget.js';

let server: KillablePostgres;
let database: Database;
let cache: ChangeCache;
const schema = async () => 'rm_test_v1';

/** An answer read from the database, as a route builds one. */
const build = (value: string) => async () => (await sql<{ value: string }>`select ${value}::text as value`.execute(database.db)).rows[0];

beforeAll(async () => {
  server = await createKillablePostgres();
  database = connectDatabase(server.adminUrl, { connectionTimeoutMillis: 1000 });
  cache = new ChangeCache(database, 'epos_test_outage', new MemoryBudget(64 * MIB));
  await cache.start();
});
afterAll(async () => {
  await cache?.close();
  await database?.close();
  await server?.destroy();
});

describe('ChangeCache while the database is down', () => {
  it('serves the answers it kept (marked stale), refuses the others, and drops them all once it is back', async () => {
    const fresh = await cache.answer(undefined, schema, 'kept', build('before'));
    expect(fresh?.stale).toBeUndefined();

    await server.stop('fast');
    await expect.poll(() => cache.covers()).toBe(false);
    const kept = await cache.answer(undefined, schema, 'kept', build('during'));
    expect(kept).toMatchObject({ stale: true, etag: fresh!.etag });
    expect(JSON.parse(kept!.body.toString())).toEqual({ value: 'before' });
    // Never kept: nothing to serve. Must see a change the cache has not seen: not served from it.
    await expect(cache.answer(undefined, schema, 'never kept', build('during'))).rejects.toSatisfy(isDatabaseUnavailable);
    await expect(cache.answer(10n, schema, 'kept', build('during'))).rejects.toSatisfy(isDatabaseUnavailable);

    await server.start();
    await expect.poll(() => cache.covers(), { timeout: 60_000 }).toBe(true);
    const after = await cache.answer(undefined, schema, 'kept', build('after'));
    expect(after?.stale).toBeUndefined();
    expect(JSON.parse(after!.body.toString())).toEqual({ value: 'after' });
  });
});
