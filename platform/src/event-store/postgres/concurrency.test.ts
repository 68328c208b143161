import { afterAll, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../db/database.js';
import { sampleRegistry } from '../../testkit/sample-events.js';
import { useTestDatabase } from '../../testkit/vitest.js';
import type { RecordedEvent } from '../port.js';
import { PostgresEventStore } from './postgres-event-store.js';

const testDb = useTestDatabase();
const WRITERS = 50;
const EVENTS_PER_WRITER = 200;
const opened: Database[] = [];
afterAll(async () => Promise.all(opened.map((d) => d.close())));

/**
 * Each writer has its own store and connection pool, as separate API processes would,
 * so in-process group commit cannot hide ordering bugs: only the database lock serialises them.
 */
it('a live subscriber sees all 10,000 concurrently appended events exactly once, in one reproducible order', async () => {
  const registry = sampleRegistry();
  const reader = new PostgresEventStore(testDb().database, registry, { pollIntervalMs: 20 });
  const total = WRITERS * EVENTS_PER_WRITER;
  const seen: RecordedEvent[] = [];
  const controller = new AbortController();
  const subscriber = (async () => {
    for await (const batch of reader.subscribeToAll({ after: 0n, batchSize: 137, signal: controller.signal })) {
      seen.push(...batch);
      if (seen.length >= total) controller.abort();
    }
  })();

  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    const database = connectDatabase(testDb().url, { max: 1 });
    opened.push(database);
    const store = new PostgresEventStore(database, registry);
    for (let i = 0; i < EVENTS_PER_WRITER; i++) {
      // Random small pauses interleave the writers' transactions differently on every run.
      if (Math.random() < 0.1) await new Promise((r) => setTimeout(r, Math.random() * 3));
      await store.append(`writer-${w}`, [{ type: 'CounterIncremented', data: { by: i + 1 } }], {
        expectedRevision: i === 0 ? 'no_stream' : BigInt(i - 1),
        cause: { actor: `writer-${w}` },
      });
    }
  });
  await Promise.all(writers);
  // The subscriber stops once it has seen them all; a lost event shows as this test's timeout.
  await subscriber;

  expect(seen).toHaveLength(total);
  expect(new Set(seen.map((e) => e.id)).size).toBe(total);
  for (let i = 1; i < seen.length; i++) expect(seen[i]!.position > seen[i - 1]!.position).toBe(true);
  // Each writer's own events arrive in its order.
  const perWriter = new Map<string, number[]>();
  for (const e of seen) perWriter.set(e.streamId, [...(perWriter.get(e.streamId) ?? []), (e.data as { by: number }).by]);
  expect(perWriter.size).toBe(WRITERS);
  for (const values of perWriter.values()) expect(values).toEqual(Array.from({ length: EVENTS_PER_WRITER }, (_, i) => i + 1));

  const reread: string[] = [];
  for (let after = 0n; ;) {
    const page = await reader.readAll({ after, maxCount: 999 });
    if (page.length === 0) break;
    reread.push(...page.map((e) => e.id));
    after = page.at(-1)!.position;
  }
  expect(reread).toEqual(seen.map((e) => e.id));
  await reader.close();
  // 10,000 appends one at a time per writer: minutes on a busy 2-core machine, so the bound is only against a hang.
}, 600_000);
