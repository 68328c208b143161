/**
 * npm run bench:backlinks — issue 38's budget: the backlink projection keeps up with 100 writes/s.
 * The projection alone, in this process, on a fresh database (DATABASE_URL's, else an embedded one),
 * fed through the event store as the site feeds it:
 * 1. steady: for BENCH_SECONDS (30), 100 writes a second, each naming sentences with `||n||`: a
 *    revision of one of 40 published posts (nine in ten) or a new library page (one in ten); every
 *    100 ms, how many events the projection is behind the log's head, and after the last write how
 *    long until it is at the head. Keeping up: the lag stays under a second's writes and does not grow,
 *    and the head is reached within a second of the last write.
 * 2. capacity: 20,000 such events appended at once, and how fast the projection applies them.
 * The whole site under a write load (comments over HTTP and every projection at once) is
 * `npm run chaos`'s and bench:blogs's; this measures what the backlinks add to it.
 * Env: BENCH_SECONDS (30), BENCH_RATE (100).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type NewEvent } from '@epos/platform';
import { blogStream, EventRegistry, eventCatalog } from '@epos/schemas';
import { backlinksProjection, BACKLINKS_PROJECTION } from '@epos/projections/poem/backlinks-projection';
import { benchDatabase } from './bench-database.js';
import { median } from './stats.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const POSTS = 40;
const CAPACITY_EVENTS = 20_000;
const report = (name: string, value: string) => console.log(`${name.padEnd(64)} ${value}`);

const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog), { pollIntervalMs: 20 });
const progress = new ProjectionProgress(bench.database, store);
const runner = new ProjectionRunner({ database: bench.database, store, projections: [backlinksProjection], logger: createLogger('warn', 'bench') });
try {
  console.log(
    `bench:backlinks: the backlinks projection, ${RATE} writes/s for ${SECONDS} s, then ${CAPACITY_EVENTS.toLocaleString('en')} at once; ${os.cpus().length} cores, Node ${process.version}`,
  );
  await progress.start();
  await runner.start();
  const author = randomUUID();
  const posts = Array.from({ length: POSTS }, () => randomUUID());
  const append = (streamId: string, events: NewEvent[]) => store.append(streamId, events, { expectedRevision: 'any', cause: { actor: 'bench' } });
  const content = (title: string, n: number) => ({
    title,
    subtitle: '',
    seriesTitle: 'Bench',
    excerpt: '',
    markdown: `Compare ||${n}|| with ||${n + 3}||, and ||${n}|| again.`,
  });
  for (const [i, postId] of posts.entries())
    await append(blogStream(`post-${postId}`), [
      { type: 'PostCreated', data: { postId, blogId: 'notes', url: `thread-${i}`, authorId: author, content: content(`Thread ${i}`, i + 1) } },
      { type: 'PostPublished', data: { postId, publishedAt: new Date().toISOString(), scheduled: false, first: true } },
    ]);
  const write = (i: number): [string, NewEvent[]] => {
    const n = 1 + (i % 400);
    if (i % 10 === 9) {
      const pageId = randomUUID();
      return [
        `page-${pageId}`,
        [
          {
            type: 'PageCreated',
            data: {
              pageId,
              path: `/bench-${i}`,
              content: { name: `Note ${i}`, permalink: `bench-${i}`, category: 'Footer', parent: null, priority: null, markdown: `See ||${n}||.` },
            },
          },
        ],
      ];
    }
    const postId = posts[i % POSTS]!;
    return [blogStream(`post-${postId}`), [{ type: 'PostRevised', data: { postId, content: content(`Thread ${i % POSTS}`, n) } }]];
  };
  const behind = async () => {
    const { rows } = await sql<{ behind: string }>`
      select (select coalesce(max(global_position), 0) from events) - c.position as behind
      from projection_checkpoints c join projection_active a on a.name = c.name and a.version = c.version
      where c.name = ${BACKLINKS_PROJECTION}`.execute(bench.database.db);
    return Number(rows[0]?.behind ?? Number.NaN);
  };
  const atHead = async (limitMs: number) => {
    const started = performance.now();
    while ((await behind()) > 0) {
      if (performance.now() - started > limitMs) throw new Error(`the backlinks projection did not reach the head within ${limitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return performance.now() - started;
  };
  await atHead(60_000);

  // 1. Steady writes, due at a fixed pace (open loop), the lag sampled meanwhile.
  const total = SECONDS * RATE;
  const started = performance.now();
  const lags: { at: number; behind: number }[] = [];
  let writing = true;
  const sampling = (async () => {
    while (writing) {
      lags.push({ at: (performance.now() - started) / 1000, behind: await behind() });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    writes.push(append(...write(i)));
  }
  await Promise.all(writes);
  const sent = (performance.now() - started) / 1000;
  writing = false;
  await sampling;
  const catchUp = await atHead(60_000);
  const during = lags.map((l) => l.behind).filter(Number.isFinite);
  const half = (first: boolean) => lags.filter((l) => l.at < SECONDS / 2 === first).map((l) => l.behind);
  report(
    'writes appended (post revisions 9 in 10, new pages 1 in 10)',
    `${total.toLocaleString('en')} in ${sent.toFixed(1)} s (${(total / sent).toFixed(0)} /s)`,
  );
  report('events behind the head, sampled every 100 ms (median / max)', `${median(during)} / ${Math.max(...during)}`);
  report('  first half / second half of the run (median)', `${median(half(true))} / ${median(half(false))}`);
  report('head reached after the last write', `${catchUp.toFixed(0)} ms`);
  const keepsUp = catchUp < 1000 && Math.max(...during) < RATE && median(half(false)) <= Math.max(2 * median(half(true)), 5);

  // 2. Capacity: many at once.
  const capacityStart = performance.now();
  for (let i = 0; i < CAPACITY_EVENTS; i += 500) await Promise.all(Array.from({ length: 500 }, (_, k) => append(...write(total + i + k))));
  const appended = performance.now();
  const applied = await atHead(600_000);
  const applying = (appended - capacityStart + applied) / 1000;
  report(
    `${CAPACITY_EVENTS.toLocaleString('en')} events appended at once, applied by`,
    `${applying.toFixed(1)} s after the first (${(CAPACITY_EVENTS / applying).toFixed(0)} events/s)`,
  );
  const links = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(`rm_${BACKLINKS_PROJECTION}_v1`, 'links')}`.execute(bench.database.db);
  report('links kept', (links.rows[0]?.n ?? 0).toLocaleString('en'));
  console.log('\nbudgets:');
  console.log(`  ${`the backlink projection keeps up with ${RATE} writes/s`.padEnd(60)} ${keepsUp ? 'met' : 'MISSED'}`);
} finally {
  await runner.stop();
  await progress.close();
  await store.close();
  await bench.close();
}
process.exit(0);
