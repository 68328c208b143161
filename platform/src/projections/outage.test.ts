import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, isDatabaseUnavailable, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { capturingLogger } from '../testkit/capturing-logger.js';
import { counterProjection } from '../testkit/counter-projection.js';
import { createKillablePostgres, type KillablePostgres } from '../testkit/killable-postgres.js';
import { sampleRegistry } from '../testkit/sample-events.js';
import { ProjectionProgress } from './progress.js';
import { ProjectionRunner } from './runner.js';

const log = capturingLogger();
let server: KillablePostgres;
let database: Database;
let store: PostgresEventStore;
let progress: ProjectionProgress;
let runner: ProjectionRunner;
let appended = 0;

beforeAll(async () => {
  server = await createKillablePostgres();
  database = connectDatabase(await server.createDatabase('outage'), { logger: log.logger, connectionTimeoutMillis: 1000 });
  await migrateToLatest(database.db);
  store = new PostgresEventStore(database, sampleRegistry(), { pollIntervalMs: 100 });
  progress = new ProjectionProgress(database, store);
  await progress.start();
  runner = new ProjectionRunner({ database, store, projections: [counterProjection()], logger: log.logger, batchSize: 10 });
  await runner.start();
  await store.append('counter-1', [{ type: 'CounterOpened', data: { name: 'one' } }], { expectedRevision: 'no_stream', cause: { actor: 'test' } });
});
afterAll(async () => {
  await runner?.stop();
  await progress?.close();
  await store?.close();
  await database?.close();
  await server?.destroy();
});

/** Appends increments of 1 to counter-1 one by one; answers the position of the last. */
async function increment(times: number): Promise<bigint> {
  let position = 0n;
  for (let i = 0; i < times; i++) {
    const result = await store.append('counter-1', [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 'any', cause: { actor: 'test' } });
    position = result.position;
    appended++;
  }
  return position;
}

async function total(): Promise<number> {
  const { rows } = await sql<{ total: number }>`select total from rm_counters_v1.counters where id = 'counter-1'`.execute(database.db);
  return rows[0]!.total;
}

async function outageCycle(mode: 'fast' | 'kill') {
  const before = await increment(20);
  expect(await progress.waitFor(before, { names: ['counters'], timeoutMs: 60_000 })).not.toBeNull();

  await server.stop(mode);
  // What is known to be reached is still answered; what is not fails at once, not after the timeout.
  expect(await progress.waitFor(before, { names: ['counters'], timeoutMs: 1000 })).not.toBeNull();
  const started = Date.now();
  await expect(progress.waitFor(before + 1000n, { names: ['counters'], timeoutMs: 60_000 })).rejects.toSatisfy(isDatabaseUnavailable);
  expect(Date.now() - started).toBeLessThan(3000);
  const health = await progress.health();
  expect(health).toMatchObject({ status: 'unavailable', dependencies: { database: 'down' }, head: before.toString() });
  await expect(increment(1)).rejects.toSatisfy(isDatabaseUnavailable);
  await new Promise((r) => setTimeout(r, 1500));

  await server.start();
  const restarted = Date.now();
  const after = await increment(20);
  expect(await progress.waitFor(after, { names: ['counters'], timeoutMs: 60_000 })).not.toBeNull();
  expect(Date.now() - restarted).toBeLessThan(8000);
  expect(await total()).toBe(appended);
  expect((await progress.health()).dependencies).toEqual({ database: 'up' });
}

describe('projections, their progress and the event store across a PostgreSQL outage', () => {
  it('resume from their checkpoints after a fast shutdown: nothing lost, nothing applied twice', async () => {
    await outageCycle('fast');
  });

  it('resume after the server is killed outright (SIGKILL)', async () => {
    await outageCycle('kill');
  });

  it('logged each interruption as warnings, not errors, and never crashed', () => {
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
    const interrupted = log.lines.filter((l) => l.msg === 'projection interrupted; resuming from its checkpoint');
    expect(interrupted.length).toBeGreaterThanOrEqual(1);
    expect(interrupted.length).toBeLessThanOrEqual(2);
    expect(log.lines.filter((l) => l.msg === 'projection resumed').length).toBe(interrupted.length);
    expect(runner.failed.size).toBe(0);
  });
});
