import { afterEach, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createLogger } from '../logging/logger.js';
import { counterOpened, sampleRegistry } from '../testkit/sample-events.js';
import { newTestDatabase } from '../testkit/vitest.js';
import type { TestDatabase } from '../testkit/test-database.js';
import { defineReactor, effectsTable, type Reactor } from './define-reactor.js';
import { ReactorRunner } from './runner.js';

const logger = createLogger('silent', 'test');
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A reactor that records each counter it saw opened; `fail` decides per name whether this try throws. */
function recordingReactor(seen: string[], fail: (name: string) => Error | null = () => null): Reactor<null> {
  return defineReactor({
    name: 'recorder',
    events: [counterOpened],
    on: {
      CounterOpened: {
        effect: 'records the name',
        async react(event) {
          const { name } = event.data;
          const error = fail(name);
          if (error) throw error;
          seen.push(name);
        },
      },
    },
  });
}

async function setup() {
  const testDb = await newTestDatabase();
  const store = new PostgresEventStore(testDb.database, sampleRegistry(), { pollIntervalMs: 20 });
  cleanups.push(
    () => testDb.drop(),
    () => store.close(),
  );
  return { testDb, store };
}

async function start(testDb: TestDatabase, store: PostgresEventStore, reactor: Reactor<null>, isTransient?: (error: unknown) => boolean) {
  const runner = new ReactorRunner({
    database: testDb.database,
    store,
    reactors: [reactor],
    context: null,
    logger,
    batchSize: 3,
    ...(isTransient ? { isTransient } : {}),
  });
  await runner.start();
  cleanups.push(() => runner.stop());
  return runner;
}

async function open(store: PostgresEventStore, names: string[]): Promise<bigint> {
  let position = 0n;
  for (const name of names)
    position = (
      await store.append(
        `counter-${name}`,
        [
          { type: 'CounterOpened', data: { name } },
          { type: 'CounterIncremented', data: { by: 1 } },
        ],
        { expectedRevision: 'no_stream', cause: { actor: 'test' } },
      )
    ).position;
  return position;
}

const checkpoint = async (testDb: TestDatabase) =>
  testDb.database.db.selectFrom('reactor_checkpoints').selectAll().where('name', '=', 'recorder').executeTakeFirstOrThrow();

describe('reactor runner', () => {
  it('reacts to each event once, in log order, and keeps its checkpoint across a restart', async () => {
    const { testDb, store } = await setup();
    const seen: string[] = [];
    const first = await start(testDb, store, recordingReactor(seen));
    const head = await open(store, ['a', 'b', 'c', 'd']);
    expect(await first.waitFor(head, 5000)).toBe(true);
    await first.stop();
    expect(BigInt((await checkpoint(testDb)).position)).toBe(head);
    const more = await open(store, ['e']);
    const second = await start(testDb, store, recordingReactor(seen));
    expect(await second.waitFor(more, 5000)).toBe(true);
    expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('takes turns with another process running the same reactor: each event reacted to once', async () => {
    const { testDb, store } = await setup();
    const seen: string[] = [];
    const runners = [await start(testDb, store, recordingReactor(seen)), await start(testDb, store, recordingReactor(seen))];
    const names = Array.from({ length: 30 }, (_, i) => `n${i}`);
    const head = await open(store, names);
    for (const runner of runners) expect(await runner.waitFor(head, 10_000)).toBe(true);
    expect(seen.sort()).toEqual([...names].sort());
  });

  it('retries a transient failure for as long as it lasts, losing nothing', async () => {
    const { testDb, store } = await setup();
    const seen: string[] = [];
    let failures = 0;
    const down = new Error('job backend down');
    const runner = await start(
      testDb,
      store,
      recordingReactor(seen, (name) => (name === 'b' && failures++ < 6 ? down : null)),
      (error) => error === down,
    );
    // 'a' first on its own: a batch is reacted to again after a failure (at least once), so 'a' in b's batch would be seen again.
    expect(await runner.waitFor(await open(store, ['a']), 5000)).toBe(true);
    const head = await open(store, ['b', 'c']);
    expect(await runner.waitFor(head, 20_000)).toBe(true);
    expect(failures).toBe(7); // more tries than a lasting failure gets before its event is passed over
    expect(seen).toEqual(['a', 'b', 'c']);
  });

  it('passes over an event whose reaction keeps failing for good, names it, and goes on', async () => {
    const { testDb, store } = await setup();
    const seen: string[] = [];
    const runner = await start(
      testDb,
      store,
      recordingReactor(seen, (name) => (name === 'bad' ? new Error('no such address') : null)),
    );
    const head = await open(store, ['a', 'bad', 'c']);
    expect(await runner.waitFor(head, 20_000)).toBe(true);
    // 'a' may be reacted to again while 'bad' is retried in its batch: reactions are idempotent.
    expect([...new Set(seen)]).toEqual(['a', 'c']);
    expect((await checkpoint(testDb)).error).toMatch(/recorder could not react to CounterOpened at position \d+: no such address/);
  });

  it('lists its reactions in a table of effects', () => {
    expect(effectsTable([recordingReactor([]) as Reactor<never>])).toBe(
      '| Event | Reactor | Effect |\n| --- | --- | --- |\n| CounterOpened | recorder | records the name |',
    );
  });
});
