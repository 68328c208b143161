import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createLogger } from '../logging/logger.js';
import { capturingLogger } from '../testkit/capturing-logger.js';
import { counterProjection } from '../testkit/counter-projection.js';
import { sampleRegistry } from '../testkit/sample-events.js';
import { newTestDatabase } from '../testkit/vitest.js';
import type { TestDatabase } from '../testkit/test-database.js';
import type { Projection } from './define-projection.js';
import { ProjectionProgress } from './progress.js';
import { requestRebuild } from './rebuilds.js';
import { ProjectionRunner } from './runner.js';

const logger = createLogger('silent', 'test');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup() {
  const testDb = await newTestDatabase();
  const store = new PostgresEventStore(testDb.database, sampleRegistry(), { pollIntervalMs: 50 });
  const progress = new ProjectionProgress(testDb.database, store);
  await progress.start();
  cleanups.push(
    () => testDb.drop(),
    () => store.close(),
    () => progress.close(),
  );
  return { testDb, store, progress };
}

async function startRunner(testDb: TestDatabase, store: PostgresEventStore, projections: Projection[], batchSize = 100) {
  const runner = new ProjectionRunner({ database: testDb.database, store, projections, logger, batchSize });
  await runner.start();
  cleanups.push(() => runner.stop());
  return runner;
}

async function openCounters(store: PostgresEventStore, count: number, increments: number[]) {
  let position = 0n;
  for (let c = 0; c < count; c++) {
    const r = await store.append(
      `counter-${c}`,
      [{ type: 'CounterOpened', data: { name: `c${c}` } }, ...increments.map((by) => ({ type: 'CounterIncremented', data: { by } }))],
      { expectedRevision: 'no_stream', cause: { actor: 'test' } },
    );
    position = r.position;
  }
  return position;
}

async function counters(testDb: TestDatabase, schema: string) {
  const result = await sql<{ id: string; total: number }>`select id, total from ${sql.id(schema)}.counters order by id`.execute(testDb.database.db);
  return result.rows;
}

async function checkpoint(testDb: TestDatabase, name: string, version: number) {
  return testDb.database.db.selectFrom('projection_checkpoints').selectAll().where('name', '=', name).where('version', '=', version).executeTakeFirstOrThrow();
}

describe('projection runner', () => {
  it('projects events and commits its checkpoint with the read model; waitFor sees it', async () => {
    const { testDb, store, progress } = await setup();
    const head = await openCounters(store, 3, [1, 2]);
    await startRunner(testDb, store, [counterProjection()]);
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 60_000 })).toEqual(new Map([['counters', 'rm_counters_v1']]));
    expect(await counters(testDb, await progress.schemaOf('counters'))).toEqual([
      { id: 'counter-0', total: 3 },
      { id: 'counter-1', total: 3 },
      { id: 'counter-2', total: 3 },
    ]);
    const later = await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 4 } }], { expectedRevision: 2n, cause: { actor: 't' } });
    expect(await progress.waitFor(later.position, { timeoutMs: 60_000 })).not.toBeNull();
    expect((await counters(testDb, 'rm_counters_v1'))[0]).toEqual({ id: 'counter-0', total: 7 });
    expect((await checkpoint(testDb, 'counters', 1)).position).toBe(later.position.toString());
    const health = await progress.health();
    expect(health.projections).toEqual([expect.objectContaining({ name: 'counters', version: 1, active: true, status: 'live', lag: '0' })]);
  });

  it('waitFor answers false when the projection does not reach the position in time', async () => {
    const { testDb, store, progress } = await setup();
    await startRunner(testDb, store, [counterProjection()]);
    const head = await openCounters(store, 1, []);
    expect(await progress.waitFor(head + 1000n, { names: ['counters'], timeoutMs: 300 })).toBeNull();
  });

  it('stops at a failing handler, naming projection, position and type, without advancing', async () => {
    const { testDb, store, progress } = await setup();
    await openCounters(store, 1, [1, 2]);
    const good = await store.headPosition();
    const bad = await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 13 } }], { expectedRevision: 2n, cause: { actor: 't' } });
    await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 3n, cause: { actor: 't' } });
    const runner = await startRunner(testDb, store, [counterProjection(1, { failOn: 13 })], 1);
    await expect
      .poll(() => runner.failed.get('counters')?.message, { timeout: 60_000 })
      .toBe(`Projection counters v1 stopped at position ${bad.position} (stream counter-0, event CounterIncremented): refusing increment by 13`);
    const row = await checkpoint(testDb, 'counters', 1);
    expect(row).toMatchObject({
      status: 'failed',
      position: good.toString(),
      error: 'refusing increment by 13',
      failed_position: bad.position.toString(),
      failed_stream: 'counter-0',
      failed_type: 'CounterIncremented',
    });
    const health = await progress.health();
    expect(health.status).toBe('degraded');
    expect(health.projections[0]).toMatchObject({
      status: 'failed',
      failedAt: { position: bad.position.toString(), streamId: 'counter-0', eventType: 'CounterIncremented' },
    });
    expect(health.message).toBe(
      `Projection counters v1 stopped at position ${bad.position} (stream counter-0, event CounterIncremented): refusing increment by 13`,
    );
    expect(await counters(testDb, 'rm_counters_v1')).toEqual([{ id: 'counter-0', total: 3 }]);
  });

  it('a wait for a position past the failed event ends at once with the failure; one before it is answered', async () => {
    const { testDb, store, progress } = await setup();
    await openCounters(store, 1, [1]);
    const good = await store.headPosition();
    const bad = await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 13 } }], { expectedRevision: 1n, cause: { actor: 't' } });
    await startRunner(testDb, store, [counterProjection(1, { failOn: 13 })]);
    const started = Date.now();
    await expect(progress.waitFor(bad.position, { names: ['counters'], timeoutMs: 30_000 })).rejects.toMatchObject({
      name: 'ReadModelFailedError',
      projection: 'counters',
      position: bad.position,
      streamId: 'counter-0',
      eventType: 'CounterIncremented',
      reason: 'refusing increment by 13',
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await progress.waitFor(good, { names: ['counters'], timeoutMs: 1000 })).toEqual(new Map([['counters', 'rm_counters_v1']]));
  });

  it('restarted after a fix, resumes from the event it stopped at; the failure is gone', async () => {
    const { testDb, store, progress } = await setup();
    await openCounters(store, 1, [1, 13, 2]);
    const head = await store.headPosition();
    const broken = await startRunner(testDb, store, [counterProjection(1, { failOn: 13 })]);
    await expect.poll(() => broken.failed.size, { timeout: 60_000 }).toBe(1);
    await broken.stop();
    await startRunner(testDb, store, [counterProjection(1)]);
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 60_000 })).not.toBeNull();
    expect(await counters(testDb, 'rm_counters_v1')).toEqual([{ id: 'counter-0', total: 16 }]);
    await expect.poll(() => checkpoint(testDb, 'counters', 1), { timeout: 60_000 }).toMatchObject({ status: 'live', error: null, failed_position: null });
  });

  it('a projection failing on one event of a batch is stopped at that event, the commands before it applied and its own not at all', async () => {
    const { testDb, store } = await setup();
    await openCounters(store, 1, []);
    for (const [by, revision] of [
      [1, 0n],
      [2, 1n],
    ] as const)
      await store.append('counter-0', [{ type: 'CounterIncremented', data: { by } }], { expectedRevision: revision, cause: { actor: 't' } });
    // One command of three events, the second of which cannot be applied.
    const command = await store.append(
      'counter-0',
      [5, 13, 4].map((by) => ({ type: 'CounterIncremented', data: { by } })),
      { expectedRevision: 2n, cause: { actor: 't' } },
    );
    const perEvent = counterProjection(1, { failOn: 13 });
    const batched: Projection = {
      name: 'counters',
      version: 1,
      setup: perEvent.setup,
      handles: perEvent.handles,
      apply: async (events, db, version) => {
        // As batch projections do: one failure for the whole batch, without naming an event.
        try {
          await perEvent.apply(events, db, version);
        } catch (error) {
          throw new Error(`bulk write failed: ${(error as Error).message}`, { cause: error });
        }
      },
    };
    for (const projection of [perEvent, batched]) {
      const runner = await startRunner(testDb, store, [projection], 100);
      await expect.poll(() => runner.failed.get('counters')?.position, { timeout: 60_000 }).toBe(command.position - 1n);
      expect(runner.failed.get('counters')).toMatchObject({ streamId: 'counter-0', eventType: 'CounterIncremented' });
      expect(await counters(testDb, 'rm_counters_v1')).toEqual([{ id: 'counter-0', total: 3 }]);
      expect((await checkpoint(testDb, 'counters', 1)).position).toBe((command.position - 3n).toString());
      await runner.stop();
    }
  });

  it('stops at an event type nobody knows, naming it, without advancing', async () => {
    const { testDb, store } = await setup();
    await openCounters(store, 1, [5]);
    const known = await store.headPosition();
    await sql`insert into events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
      values ('odd', 0, gen_random_uuid(), 'MysteryHappened', 1, '{}', '{"actor":"x"}')`.execute(testDb.database.db);
    const runner = await startRunner(testDb, store, [counterProjection()]);
    await expect
      .poll(() => runner.failed.get('counters')?.message, { timeout: 60_000 })
      .toMatch(new RegExp(`^Projection counters v1 stopped at position ${known + 1n} \\(stream odd, event MysteryHappened\\): Unknown event type`));
    expect((await checkpoint(testDb, 'counters', 1)).position).toBe(known.toString());
  });

  it('rebuilds a new version beside the old one, which keeps serving and updating, then takes over', async () => {
    const { testDb, store, progress } = await setup();
    const head = await openCounters(store, 300, [1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const activatedV1 = vi.fn(async () => {});
    const v1 = await startRunner(testDb, store, [{ ...counterProjection(1), activated: activatedV1 }], 500);
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 20_000 })).not.toBeNull();
    // Once caught up, the served version is told so, once.
    await expect.poll(() => activatedV1.mock.calls.length, { timeout: 60_000 }).toBe(1);
    await v1.stop();
    const switches = progress.switchCount;

    // The new deployment lists both versions: v1 stays active and current while v2 replays.
    const activatedV2 = vi.fn(async () => {
      throw new Error('the alias service is down');
    });
    const both = await startRunner(testDb, store, [counterProjection(1), { ...counterProjection(2, { delayMs: 1 }), activated: activatedV2 }], 20);
    const during = await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 9n, cause: { actor: 't' } });
    expect(await progress.waitFor(during.position, { names: ['counters'], timeoutMs: 60_000 })).toEqual(new Map([['counters', 'rm_counters_v1']]));
    const v2WhileServing = await checkpoint(testDb, 'counters', 2);
    expect(BigInt(v2WhileServing.position) < during.position).toBe(true);
    expect((await counters(testDb, 'rm_counters_v1'))[0]).toEqual({ id: 'counter-0', total: 10 });

    await expect.poll(() => progress.schemaOf('counters'), { timeout: 30_000, interval: 20 }).toBe('rm_counters_v2');
    await expect.poll(() => activatedV2.mock.calls.length, { timeout: 60_000 }).toBe(1);
    // Answers kept from v1 are told apart by the count of switches.
    expect(progress.switchCount).toBe(switches + 1);
    // v2 doubles increments, so its rows tell the versions apart.
    expect((await counters(testDb, 'rm_counters_v2'))[0]).toEqual({ id: 'counter-0', total: 20 });
    const health = await progress.health();
    expect(health.projections.map((p) => [p.version, p.active, p.status])).toEqual([
      [1, false, 'live'],
      [2, true, 'live'],
    ]);
    // After the takeover v1 is no longer updated, and a later start drops it.
    const after = await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 10n, cause: { actor: 't' } });
    expect(await progress.waitFor(after.position, { names: ['counters'], timeoutMs: 60_000 })).toEqual(new Map([['counters', 'rm_counters_v2']]));
    expect((await counters(testDb, 'rm_counters_v1'))[0]).toEqual({ id: 'counter-0', total: 10 });
    // A failing activation is logged, not fatal, and not tried again until the next start.
    expect(activatedV2).toHaveBeenCalledTimes(1);
    // The next deployment: the old process stops (releasing its leases), the new one starts.
    await both.stop();
    await startRunner(testDb, store, [counterProjection(1), counterProjection(2)], 20);
    const schemas = await sql<{ n: string }>`select nspname as n from pg_namespace where nspname like 'rm_counters_%' order by 1`.execute(testDb.database.db);
    expect(schemas.rows.map((r) => r.n)).toEqual(['rm_counters_v2']);
  });

  it("an operator's rebuild request rebuilds the read model beside the one serving, which then takes over", async () => {
    const { testDb, store, progress } = await setup();
    const head = await openCounters(store, 20, [1, 1]);
    const first = await startRunner(testDb, store, [counterProjection(1)], 10);
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 20_000 })).not.toBeNull();

    // The request reaches the running process, which rebuilds version 2 beside version 1 and switches readers over.
    expect(await requestRebuild(testDb.database.db, 'counters')).toBe(1);
    await expect.poll(() => progress.schemaOf('counters'), { timeout: 30_000, interval: 20 }).toBe('rm_counters_v2');
    expect(await counters(testDb, 'rm_counters_v2')).toEqual(await counters(testDb, 'rm_counters_v1'));
    const later = await store.append('counter-0', [{ type: 'CounterIncremented', data: { by: 5 } }], { expectedRevision: 2n, cause: { actor: 't' } });
    expect(await progress.waitFor(later.position, { names: ['counters'], timeoutMs: 60_000 })).toEqual(new Map([['counters', 'rm_counters_v2']]));
    expect((await counters(testDb, 'rm_counters_v2'))[0]).toEqual({ id: 'counter-0', total: 7 });
    await first.stop();

    // A process started later runs its code's version plus the rebuilds: version 2, still served.
    const bad = await store.append('counter-1', [{ type: 'CounterIncremented', data: { by: 13 } }], { expectedRevision: 2n, cause: { actor: 't' } });
    const broken = await startRunner(testDb, store, [counterProjection(1, { failOn: 13 })], 10);
    await expect.poll(() => broken.failed.get('counters')?.version, { timeout: 60_000 }).toBe(2);
    // Stopped on a bad event, a rebuild with the same code stops there too and never takes over: readers keep version 2.
    expect(await requestRebuild(testDb.database.db, 'counters')).toBe(2);
    await expect
      .poll(async () => (await checkpoint(testDb, 'counters', 3).catch(() => null))?.failed_position ?? null, { timeout: 60_000 })
      .toBe(bad.position.toString());
    expect(await progress.schemaOf('counters')).toBe('rm_counters_v2');
    await broken.stop();
    // The fix deployed: the rebuilt version resumes from the event it stopped at, catches up and takes over.
    await startRunner(testDb, store, [counterProjection(1)], 10);
    await expect.poll(() => progress.schemaOf('counters'), { timeout: 30_000, interval: 20 }).toBe('rm_counters_v3');
    expect(await progress.waitFor(bad.position, { names: ['counters'], timeoutMs: 60_000 })).toEqual(new Map([['counters', 'rm_counters_v3']]));
    expect((await counters(testDb, 'rm_counters_v3'))[1]).toEqual({ id: 'counter-1', total: 15 });
    // The version that stopped is left behind, superseded: it degrades nothing.
    const health = await progress.health();
    expect(health.projections.find((p) => p.version === 2)).toMatchObject({ status: 'failed', superseded: true, active: false });
    expect(health.status).toBe('ok');
    expect(health.message).toBeUndefined();
  });

  it('reports a projection stalled when it is behind and its checkpoint has not moved for a minute', async () => {
    const { testDb, store, progress } = await setup();
    const runner = await startRunner(testDb, store, [counterProjection()]);
    await runner.stop();
    await openCounters(store, 1, [1]);
    await testDb.database.db
      .updateTable('projection_checkpoints')
      .set({ updated_at: new Date(Date.now() - 120_000) })
      .execute();
    const health = await progress.health();
    expect(health.status).toBe('degraded');
    expect(health.projections[0]).toMatchObject({ name: 'counters', status: 'stalled' });
  });

  it('resumes from its checkpoint after losing its database connections', async () => {
    const { testDb, store, progress } = await setup();
    const head = await openCounters(store, 50, [1, 2]);
    await startRunner(testDb, store, [counterProjection()], 10);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(
      testDb.database.db,
    );
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 20_000 })).not.toBeNull();
    // The checkpoint reaches the head first; 'live' is marked in the next transaction.
    await expect.poll(async () => (await checkpoint(testDb, 'counters', 1)).status, { timeout: 10_000, interval: 20 }).toBe('live');
    const totals = await counters(testDb, 'rm_counters_v1');
    expect(totals).toHaveLength(50);
    expect(totals.every((r) => r.total === 3)).toBe(true);
  });
});

describe('projection runner retries', () => {
  it('log an unexpected error with its stack, an outage by its reason only', async () => {
    const { testDb, store, progress } = await setup();
    const head = await openCounters(store, 1, [1]);
    const log = capturingLogger();
    const failures: Error[] = [new Error('a bug, not an outage'), Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })];
    const flaky = Object.create(store) as PostgresEventStore;
    flaky.headPosition = async () => {
      const failure = failures.shift();
      if (failure) throw failure;
      return store.headPosition();
    };
    const runner = new ProjectionRunner({ database: testDb.database, store: flaky, projections: [counterProjection()], logger: log.logger });
    await runner.start();
    cleanups.push(() => runner.stop());
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 60_000 })).not.toBeNull();
    await vi.waitFor(() => expect(log.lines.some((l) => l.msg === 'projection resumed')).toBe(true), { timeout: 60_000 });

    const interrupted = log.lines.find((l) => l.msg === 'projection interrupted; resuming from its checkpoint');
    expect(interrupted).toMatchObject({ err: { message: 'a bug, not an outage', stack: expect.stringContaining('runner.test.ts') } });
    expect(interrupted).not.toHaveProperty('reason');
    const still = log.lines.find((l) => l.msg === 'projection still interrupted');
    expect(still).toMatchObject({ reason: 'connect ECONNREFUSED 127.0.0.1:1' });
    expect(still).not.toHaveProperty('err');
  });
});
