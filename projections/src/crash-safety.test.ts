import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type Projection } from '@epos/platform';
import { counterProjection } from '@epos/platform/testkit/counter-projection';
import { sampleRegistry } from '@epos/platform/testkit/sample-events';
import { useTestDatabase } from '@epos/platform/testkit/vitest';

const testDb = useTestDatabase();
const here = path.dirname(fileURLToPath(import.meta.url));
const COUNTERS = 4000;
const EVENTS_PER_COUNTER = 10;
const KILLS = 8;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

function startProcess(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testkit/replay-process.ts')], {
    // A killed process's lease lapses quickly, so the next one takes over at once.
    env: { ...process.env, DATABASE_URL: url, BATCH_SIZE: '50', LEASE_MS: '300' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('started') && resolve(child));
    child.on('exit', (code, signal) => reject(new Error(`replay process exited early (${code ?? signal})`)));
  });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

it(`a projections process SIGKILLed ${KILLS} times mid-replay ends equal to a rebuild from scratch`, { timeout: 480_000 }, async () => {
  const { database, url } = testDb();
  const store = new PostgresEventStore(database, sampleRegistry());
  const appends = Array.from({ length: COUNTERS }, (_, c) =>
    store.append(
      `counter-${c}`,
      [
        { type: 'CounterOpened', data: { name: `c${c}` } },
        ...Array.from({ length: EVENTS_PER_COUNTER - 1 }, (_, i) => ({ type: 'CounterIncremented', data: { by: ((c + i) % 7) + 1 } })),
      ],
      { expectedRevision: 'no_stream', cause: { actor: 'test' } },
    ),
  );
  await Promise.all(appends);
  const head = await store.headPosition();

  const checkpoint = async () =>
    BigInt((await database.db.selectFrom('projection_checkpoints').select('position').where('name', '=', 'counters').executeTakeFirst())?.position ?? 0);
  const checkpoints: bigint[] = [];
  for (let k = 0; k < KILLS; k++) {
    const child = await startProcess(url);
    // Killed once it has moved on from where the last one was killed, however busy the machine: then at a random moment of its replay.
    const before = checkpoints.at(-1) ?? 0n;
    while ((await checkpoint()) <= before) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, Math.random() * 100));
    await kill(child);
    checkpoints.push(await checkpoint());
  }
  // Every kill landed during the replay, and the replay did move between kills.
  expect(checkpoints.filter((c) => c < head)).toHaveLength(KILLS);
  expect(checkpoints.at(-1)! > 0n).toBe(true);

  const finalRun = await startProcess(url);
  const progress = new ProjectionProgress(database, store);
  await progress.start();
  expect(await progress.waitFor(head, { names: ['counters', 'change_log'], timeoutMs: 120_000 })).not.toBeNull();
  await kill(finalRun);

  const reference = new ProjectionRunner({
    database,
    store,
    logger: createLogger('silent', 'reference'),
    projections: [counterProjection(1, { name: 'counters_reference' }) as Projection],
    batchSize: 1000,
  });
  await reference.start();
  expect(await progress.waitFor(head, { names: ['counters_reference'], timeoutMs: 120_000 })).not.toBeNull();
  await reference.stop();

  const rows = (schema: string) =>
    sql<{ id: string; name: string; total: number; position: string }>`select * from ${sql.id(schema, 'counters')} order by id`.execute(database.db);
  const crashed = (await rows('rm_counters_v1')).rows;
  const rebuilt = (await rows('rm_counters_reference_v1')).rows;
  expect(crashed).toHaveLength(COUNTERS);
  expect(crashed).toEqual(rebuilt);
  const changes = await sql<{ n: string; distinct_positions: string }>`
    select count(*)::text as n, count(distinct position)::text as distinct_positions from ${sql.id(await progress.schemaOf('change_log'), 'changes')}`.execute(
    database.db,
  );
  expect(changes.rows[0]).toEqual({ n: String(COUNTERS * EVENTS_PER_COUNTER), distinct_positions: String(COUNTERS * EVENTS_PER_COUNTER) });
  await progress.close();
  await store.close();
});
