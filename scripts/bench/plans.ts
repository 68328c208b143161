/**
 * npm run bench:plans — issue 38's budget: a plan's today answer p99 < 20 ms with 10,000 readers on
 * plans. The whole Divine Comedy (Longfellow; scripts/bench/corpora: 3 books, 100 cantos, 14,233
 * lines) imported into a site of its own (`npm start`, on a core of its own), 10,000 readers' plans
 * written straight into its event log (a plan each over the whole poem, a book or a run of cantos,
 * started up to a year ago, most partly read: the plans projection applies them as any others), and
 * a reader made as an operator makes one, with three plans made over HTTP (one of them days behind).
 * Then that reader's `GET /api/my/plans` (their plans worked out on the poem's line index for their
 * day: today's portion, what is behind, the ways back):
 * 1. at a fixed 200 req/s from a process of its own, p99 from due to last byte, beside nginx and a
 *    bare node:http serving the same bytes at that pace;
 * 2. under wrk beside nginx and a bare node:http serving the same bytes in the same run (an uncached
 *    answer of its reader's own: shown for its cost, issue 15's share is for cached reads).
 * Env: BENCH_READERS (10000), BENCH_DURATION (5 s per wrk run), BENCH_PACED_DURATION (20 s).
 * Needs wrk and nginx (Debian: apt-get install -y wrk nginx).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import { PostgresEventStore, ProjectionProgress, type NewEvent } from '@epos/platform';
import { EventRegistry, eventCatalog, studyStream, type MyPlansAnswer } from '@epos/schemas';
import { benchDatabase, runConcurrently } from './bench-database.js';
import { requireTools, throughputBesideReferences, type Read } from './beside-references.js';
import { pacedReadsProcess } from './paced-reads.js';
import { pacedReferences } from './paced-references.js';
import { pinningNote, SERVER_CORE } from './pinning.js';
import { divineComedySite } from './divine-comedy-site.js';

const READERS = Number(process.env.BENCH_READERS ?? 10_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 4 * DURATION);
const RATE = 200;
/** Unmeasured seconds before each paced run: right after the 10,000 plans' writes the site's first seconds stall now and then (collecting what the catch-up left). */
const WARM_UP_S = 10;
const BUDGET_MS = 20;
const report = (name: string, value: string) => console.log(`${name.padEnd(64)} ${value}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const tools = requireTools('bench:plans');
const bench = await benchDatabase();
const { site, client } = await divineComedySite({ databaseUrl: bench.url, core: SERVER_CORE });
let failed = false;
let store: PostgresEventStore | undefined;
try {
  console.log(
    `bench:plans: the Divine Comedy, ${READERS.toLocaleString('en')} readers on plans; ${os.cpus().length} cores, Node ${process.version}; ${pinningNote()}`,
  );

  // 1. Ten thousand readers' plans, each on its reader's own study stream.
  store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
  const scopes = [
    { fromBook: 1, fromCanto: 1, toBook: 3, toCanto: 33 },
    { fromBook: 1, fromCanto: 1, toBook: 1, toCanto: 34 },
    { fromBook: 2, fromCanto: 1, toBook: 2, toCanto: 33 },
    { fromBook: 3, fromCanto: 10, toBook: 3, toCanto: 20 },
  ];
  let started = performance.now();
  await runConcurrently(READERS, 8, async (i) => {
    const userId = randomUUID();
    const planId = randomUUID();
    const startDay = dayOffset(-(i % 365));
    const events: NewEvent[] = [{ type: 'PlanStarted', data: { userId, planId, ...scopes[i % scopes.length]!, startDay, endDay: dayOffset(365 - (i % 365)) } }];
    if (i % 3 !== 0) events.push({ type: 'PlanRead', data: { userId, planId, through: 1 + ((i * 37) % 4000), linesDone: (i * 13) % 5000 } });
    await store!.append(studyStream(userId), events, { expectedRevision: 'any', cause: { actor: userId } });
  });
  report(`${READERS.toLocaleString('en')} readers' plans appended`, `${((performance.now() - started) / 1000).toFixed(1)} s`);

  // 2. The bench reader's own three plans, over HTTP.
  const ok = async (response: Promise<Response>, what: string) => {
    const answer = await response;
    if (!answer.ok) throw new Error(`${what}: ${answer.status} ${await answer.text()}`);
    return answer;
  };
  await ok(client.request('POST', '/api/my/plans', { body: { days: 365, timeZone: 'Europe/Paris' } }), 'the whole poem in a year');
  await ok(
    client.request('POST', '/api/my/plans', { body: { from: { book: 2, canto: 1 }, to: { book: 2, canto: 33 }, days: 30, timeZone: 'Europe/Paris' } }),
    'Purgatorio in a month',
  );
  await ok(
    client.request('POST', '/api/my/plans', {
      body: { from: { book: 1, canto: 1 }, to: { book: 1, canto: 10 }, linesPerDay: 40, startDay: dayOffset(-10), timeZone: 'Europe/Paris' },
    }),
    'Inferno I–X at 40 lines a day, from ten days ago',
  );

  // Every read model at the log's head (the change log, the activity feed … apply them too): nothing left for the site's background to do.
  started = performance.now();
  const progress = new ProjectionProgress(bench.database, store);
  await progress.start();
  const reached = await progress.waitFor(await store.headPosition(), { timeoutMs: 600_000 });
  await progress.close();
  if (!reached) throw new Error('the read models did not reach the head of the log in 10 minutes');
  report('every read model caught up with them', `${((performance.now() - started) / 1000).toFixed(1)} s after the last`);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from rm_plans_v1.plans`.execute(bench.database.db);
  report('plans in the plans read model', (rows[0]?.n ?? 0).toLocaleString('en'));
  // A site in its steady state: the tables just filled are vacuumed and analysed now rather than by autovacuum mid-measure.
  started = performance.now();
  await sql`vacuum analyze`.execute(bench.database.db);
  report('vacuum analyze after the writes', `${((performance.now() - started) / 1000).toFixed(1)} s`);

  const url = '/api/my/plans?timeZone=Europe/Paris';
  const answer = (await (await ok(client.request('GET', url), 'my plans')).json()) as MyPlansAnswer;
  report(
    "the reader's answer",
    `${answer.plans.length} plans; ${answer.plans.map((p) => `day ${p.day}/${p.days}, ${p.behind.days} behind, today ${p.today?.lines ?? 0} lines`).join('; ')}`,
  );
  const cookie = { cookie: client.cookieHeader() };

  console.log(`\npaced reads: ${RATE} req/s for ${PACED_DURATION} s (after ${WARM_UP_S} s unmeasured), from due to last byte`);
  // A reader's own uncached answer of two indexed queries, paced the same in the same site, for comparison.
  const groups = [
    { name: 'GET /api/notifications/unread (for comparison)', path: '/api/notifications/unread', budget: false },
    { name: `GET ${url}`, path: url, budget: true },
  ];
  for (const group of groups) {
    const { result } = await pacedReadsProcess({
      base: site.base,
      paths: [group.path],
      rate: RATE,
      seconds: PACED_DURATION,
      warmUp: WARM_UP_S,
      headers: cookie,
    });
    const { p50, p99, max } = result.fromDue;
    report(
      `  ${group.name}`,
      `p50 ${ms(p50)} / p99 ${ms(p99)} / max ${ms(max)}; ${result.achievedRate.toFixed(0)} req/s, ${result.errors} errors, ${result.non2xx} non-2xx`,
    );
    if (group.budget && (!(p99 < BUDGET_MS) || result.errors > 0 || result.non2xx > 0)) failed = true;
  }
  const bytes = Buffer.from(await (await client.request('GET', url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  await pacedReferences({ tools, bytes, what: 'the same answer', rate: RATE, seconds: PACED_DURATION, report });

  const reads: Read[] = [{ name: 'my plans (3, on the whole poem)', url: `${site.base}${url}`, cached: false, headers: cookie }];
  console.log(`\nthroughput: wrk -t1 -c32 -d${DURATION}s, beside nginx (1 worker, sendfile) and bare node:http serving the same bytes; medians`);
  await throughputBesideReferences({ tools, reads, seconds: DURATION, serverCpuSeconds: () => site.cpuSeconds() });
  console.log('\nbudgets:');
  console.log(
    `  ${`today's answer p99 < ${BUDGET_MS} ms at ${RATE} req/s, ${READERS.toLocaleString('en')} readers on plans`.padEnd(60)} ${failed ? 'MISSED' : 'met'}`,
  );
} finally {
  await site.stop();
  await store?.close();
  await bench.close();
}
process.exit(0);
