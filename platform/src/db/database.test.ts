import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger } from '../testkit/capturing-logger.js';
import { createKillablePostgres, type KillablePostgres } from '../testkit/killable-postgres.js';
import { connectDatabase, isDatabaseUnavailable, type Database } from './database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: KillablePostgres;
let database: Database;
const log = capturingLogger();

beforeAll(async () => {
  server = await createKillablePostgres();
  database = connectDatabase(server.adminUrl, { max: 4, logger: log.logger, connectionTimeoutMillis: 1000 });
});
afterAll(async () => {
  await database?.close();
  await server?.destroy();
});

describe('connectDatabase when PostgreSQL goes away', () => {
  it('survives a fast shutdown under a transaction holding its connection, fails fast while down, and reconnects by itself', async () => {
    const held = database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      // The server ends this session (57P01) while no query runs on it: pg emits 'error' on the client.
      await server.stop('fast');
      await sleep(200);
      await sql`select 1`.execute(trx);
    });
    await expect(held).rejects.toSatisfy(isDatabaseUnavailable);

    const started = Date.now();
    await expect(sql`select 1`.execute(database.db)).rejects.toSatisfy(isDatabaseUnavailable);
    expect(Date.now() - started).toBeLessThan(2000);

    await server.start();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);

    const warnings = log.lines.filter((l) => l.level === 40);
    expect(warnings.map((l) => l.msg)).toEqual(['database connection lost; reconnecting']);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(log.lines.some((l) => l.msg === 'database connection back')).toBe(true);
  });

  it('survives the server being killed outright (SIGKILL) with idle and busy connections', async () => {
    await Promise.all([1, 2, 3].map(() => sql`select 1`.execute(database.db)));
    const busy = sql`select pg_sleep(5)`.execute(database.db).then(
      () => null,
      (error: unknown) => error,
    );
    await sleep(100);
    await server.stop('kill');
    expect(isDatabaseUnavailable(await busy)).toBe(true);
    await sleep(200);
    await server.start();
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
