import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type Projection } from '@epos/platform';
import { counterProjection } from '@epos/platform/testkit/counter-projection';
import { sampleRegistry } from '@epos/platform/testkit/sample-events';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { changeLogProjection } from './history/change-log.js';

const testDb = useTestDatabase();
const here = path.dirname(fileURLToPath(import.meta.url));
const LEASE_MS = 1_000;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

/** A projections process (counters and the change log) that prints its lease holder name once started. */
function startProcess(url: string, leaseMs = LEASE_MS): Promise<{ child: ChildProcess; holder: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testkit/replay-process.ts')], {
    env: { ...process.env, DATABASE_URL: url, LEASE_MS: String(leaseMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const started = /started (\S+)/.exec(chunk.toString());
      if (started) resolve({ child, holder: started[1]! });
    });
    child.on('exit', (code, signal) => reject(new Error(`projections process exited early (${code ?? signal})`)));
  });
}

const projections = () => [counterProjection() as Projection, changeLogProjection as Projection];

async function increment(store: PostgresEventStore, stream: string, times: number): Promise<bigint> {
  let position = 0n;
  for (let i = 0; i < times; i++) {
    position = (await store.append(stream, [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 'any', cause: { actor: 'test' } })).position;
  }
  return position;
}

describe('one runner per projection version, across processes', () => {
  it(
    'a second process waits; when the holder hangs it takes over within the lease, the old holder cannot commit when it wakes, each event is applied once; health shows the holder',
    { timeout: 300_000 },
    async () => {
      const { database, url } = testDb();
      const store = new PostgresEventStore(database, sampleRegistry(), { pollIntervalMs: 50 });
      const progress = new ProjectionProgress(database, store, 1_500);
      await progress.start();
      await store.append('counter-a', [{ type: 'CounterOpened', data: { name: 'a' } }], { expectedRevision: 'no_stream', cause: { actor: 'test' } });

      const first = await startProcess(url);
      const standby = new ProjectionRunner({
        database,
        store,
        logger: createLogger('silent', 'standby'),
        projections: projections(),
        lease: { ttlMs: LEASE_MS },
      });
      await standby.start();

      const before = await increment(store, 'counter-a', 20);
      expect(await progress.waitFor(before, { names: ['counters', 'change_log'], timeoutMs: 60_000 })).not.toBeNull();
      const holders = (await progress.health()).projections.map((p) => [p.name, p.holder]);
      expect(holders).toEqual([
        ['change_log', first.holder],
        ['counters', first.holder],
      ]);

      // A holder that hangs (SIGSTOP: alive, renewing nothing, as a paused VM or a partitioned host)
      // loses its lease once it lapses, and the standby takes over.
      const stoppedAt = Date.now();
      first.child.kill('SIGSTOP');
      const after = await increment(store, 'counter-a', 30);
      expect(await progress.waitFor(after, { names: ['counters', 'change_log'], timeoutMs: 60_000 })).not.toBeNull();
      expect(Date.now() - stoppedAt).toBeLessThan(LEASE_MS + 3_000);
      // Woken, the old holder finds its lease gone in its next batch's transaction and applies nothing.
      first.child.kill('SIGCONT');
      const woken = await increment(store, 'counter-a', 10);
      expect(await progress.waitFor(woken, { names: ['counters', 'change_log'], timeoutMs: 60_000 })).not.toBeNull();
      await new Promise((r) => setTimeout(r, LEASE_MS));
      first.child.kill('SIGKILL');
      // 'live' is marked in the transaction after the one that reaches the head.
      await expect
        .poll(async () => (await progress.health()).projections.map((p) => [p.name, p.holder, p.status]), { timeout: 5_000, interval: 100 })
        .toEqual([
          ['change_log', standby.holder, 'live'],
          ['counters', standby.holder, 'live'],
        ]);

      // Every event applied exactly once, whoever applied it.
      const total = await sql<{ total: number }>`select total from rm_counters_v1.counters where id = 'counter-a'`.execute(database.db);
      expect(total.rows[0]!.total).toBe(60);
      const changes = await sql<{
        n: string;
        d: string;
      }>`select count(*)::text as n, count(distinct position)::text as d from ${sql.id(await progress.schemaOf('change_log'), 'changes')}`.execute(database.db);
      expect(changes.rows[0]).toEqual({ n: '61', d: '61' });

      // With no projections process left, health shows no holder and, once the checkpoint has
      // stood still behind the head for longer than the threshold, flags the projection stalled.
      await standby.stop();
      expect((await progress.health()).projections.map((p) => p.holder)).toEqual([null, null]);
      const behind = await increment(store, 'counter-a', 1);
      expect((await progress.health()).projections.map((p) => p.lag)).toEqual(['1', '1']);
      await expect
        .poll(async () => (await progress.health()).projections.map((p) => p.status), { timeout: 10_000, interval: 200 })
        .toEqual(['stalled', 'stalled']);
      expect((await progress.health()).status).toBe('degraded');

      // A process that starts again clears it.
      const again = await startProcess(url);
      expect(await progress.waitFor(behind, { names: ['counters', 'change_log'], timeoutMs: 60_000 })).not.toBeNull();
      await expect.poll(async () => (await progress.health()).status, { timeout: 5_000, interval: 100 }).toBe('ok');
      expect((await progress.health()).projections.map((p) => p.holder)).toEqual([again.holder, again.holder]);
      again.child.kill('SIGKILL');
      await progress.close();
      await store.close();
    },
  );

  it('a holder SIGKILLed on this machine is replaced at once, not after its lease lapses', { timeout: 300_000 }, async () => {
    const { database, url } = testDb();
    const store = new PostgresEventStore(database, sampleRegistry(), { pollIntervalMs: 50 });
    const progress = new ProjectionProgress(database, store);
    await progress.start();
    const head = (
      await store.append('counter-b', [{ type: 'CounterOpened', data: { name: 'b' } }], { expectedRevision: 'no_stream', cause: { actor: 'test' } })
    ).position;
    const longLease = 60_000;
    const killed = await startProcess(url, longLease);
    expect(await progress.waitFor(head, { names: ['counters'], timeoutMs: 60_000 })).not.toBeNull();
    await new Promise<void>((resolve) => {
      killed.child.on('exit', () => resolve());
      killed.child.kill('SIGKILL');
    });
    const restarted = new ProjectionRunner({
      database,
      store,
      logger: createLogger('silent', 'restarted'),
      projections: projections(),
      lease: { ttlMs: longLease },
    });
    const startedAt = Date.now();
    await restarted.start();
    const after = await increment(store, 'counter-b', 3);
    expect(await progress.waitFor(after, { names: ['counters', 'change_log'], timeoutMs: 60_000 })).not.toBeNull();
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect((await progress.health()).projections.map((p) => p.holder)).toEqual([restarted.holder, restarted.holder]);
    await restarted.stop();
    await progress.close();
    await store.close();
  });
});
