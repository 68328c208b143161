/**
 * npm run bench:stats — the counts statistics' budgets (issue 21) on the 25,000-sentence poem:
 * 1. the stats projection replays the whole poem from position 0 at ≥ 10,000 sentences/s (a runner
 *    with only that projection, in this process, timed from its start until it reaches the head);
 * 2. GET /api/count over ranges of 1,000 sentences (random starts, first page and the range's totals,
 *    in a random edition) at a fixed rate, p99 < 20 ms, the reads paced from a process of their own
 *    (./paced-reads.ts) against the API in a child process (./blogs/server-process.ts).
 * (`scripts/bench/stats.ts` is the benchmarks' percentile helper, hence this file's name.)
 * Env: DATABASE_URL (else an embedded PostgreSQL), BENCH_SENTENCES (25000), BENCH_RATE (100 req/s),
 * BENCH_PACED_DURATION (20 s), BENCH_DURATION (5 s per wrk run). Each measure is printed beside nginx
 * and a bare node:http serving the same bytes (Debian: apt-get install -y wrk nginx).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, PostgresEventStore, ProjectionProgress, ProjectionRunner, type Projection } from '@epos/platform';
import { EventRegistry, eventCatalog, editions } from '@epos/schemas';
import { freePort } from '@epos/platform/testkit/free-port';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { allProjections } from '@epos/projections';
import { statsProjection } from '@epos/projections/stats/stats-projection';
import { benchDatabase } from './bench-database.js';
import { spawnServer } from './blogs/server-process.js';
import { importGeneratedPoem } from './poem/import-process.js';
import { pacedReadsProcess } from './paced-reads.js';
import { pacedReferences } from './paced-references.js';
import { requireTools, throughputBesideReferences, type Read } from './beside-references.js';

const SENTENCES = Number(process.env.BENCH_SENTENCES ?? 25_000);
const RATE = Number(process.env.BENCH_RATE ?? 100);
const PACED_DURATION = Number(process.env.BENCH_PACED_DURATION ?? 20);
const RANGE = 1_000;
const WRK_DURATION = Number(process.env.BENCH_DURATION ?? 5);
const report = (name: string, value: string) => console.log(`${name.padEnd(64)} ${value}`);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const tools = requireTools('bench:stats');
console.log(`bench:stats: ${os.cpus().length} cores, Node ${process.version}, load average ${load()} at the start`);
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-stats-'));
const failures: string[] = [];
let server: ReturnType<typeof spawnServer> | null = null;

try {
  const started = performance.now();
  await importGeneratedPoem(bench.url, dir, SENTENCES);
  report(`seed: a ${SENTENCES.toLocaleString('en')}-sentence poem imported`, `${((performance.now() - started) / 1000).toFixed(1)} s`);
  const head = await store.headPosition();

  // 1. Replay: the stats projection alone, from position 0 to the head, under a name of its own (the
  // import tool ran every projection, `stats` among them); beside it, for reference, a projection
  // that reads the same events and writes nothing (the runner's own share).
  const replayOf = async (projection: Projection) => {
    const runner = new ProjectionRunner({ database: bench.database, store, projections: [projection], logger: createLogger('warn', 'bench-stats') });
    const start = performance.now();
    await runner.start();
    if (!(await progress.waitFor(head, { names: [projection.name], timeoutMs: 600_000 }))) throw new Error(`${projection.name} did not catch up`);
    const took = (performance.now() - start) / 1000;
    await runner.stop();
    return took;
  };
  const floor = await replayOf({ ...(statsProjection as Projection), name: 'stats_floor', setup: async () => undefined, apply: async () => undefined });
  report('  a projection reading the same events, writing nothing', `${floor.toFixed(2)} s`);
  const replay = await replayOf({ ...(statsProjection as Projection), name: 'stats_replay' });
  const rate = SENTENCES / replay;
  report(
    `stats projection replaying ${Number(head).toLocaleString('en')} events (${SENTENCES.toLocaleString('en')} sentences)`,
    `${replay.toFixed(2)} s = ${Math.round(rate).toLocaleString('en')} sentences/s`,
  );
  if (!(rate >= 10_000)) failures.push('replay');

  // 2. /api/count over 1,000-sentence ranges, paced from a process of its own.
  server = spawnServer(bench.url, await freePort());
  await server.ready;
  if (!(await progress.waitFor(await store.headPosition(), { names: allProjections.map((p) => p.name), timeoutMs: 600_000 })))
    throw new Error('the projections did not catch up');
  const random = seededRandom(21);
  const paths = Array.from({ length: 500 }, () => {
    const from = 1 + Math.floor(random() * (SENTENCES - RANGE));
    return `/api/count?from=${from}&to=${from + RANGE - 1}&lbl=${editions[Math.floor(random() * editions.length)]}`;
  });
  const sample = (await (await fetch(`${server.base}${paths[0]}`)).json()) as { lcount: unknown[]; totals: { TotalSentences: number } };
  if (sample.totals.TotalSentences !== RANGE || sample.lcount.length === 0)
    throw new Error(`unexpected answer for ${paths[0]}: ${JSON.stringify(sample.totals)}`);
  console.log(`\npaced reads: ${RATE} req/s for ${PACED_DURATION} s (after 2 s unmeasured), from due to last byte; load average ${load()}`);
  const { result } = await pacedReadsProcess({ base: server.base, paths, rate: RATE, seconds: PACED_DURATION, warmUp: 2 });
  const { p50, p99, max } = result.fromDue;
  report(
    `  /api/count over ${RANGE.toLocaleString('en')} sentences (${paths.length} ranges, at random)`,
    `p50 ${ms(p50)} / p99 ${ms(p99)} / max ${ms(max)}; ${result.achievedRate.toFixed(0)} req/s, ${result.errors} errors, ${result.non2xx} non-2xx`,
  );
  if (!(p99 < 20) || result.errors > 0 || result.non2xx > 0) failures.push('/api/count p99');
  const range = Buffer.from(await (await fetch(`${server.base}${paths[0]}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  await pacedReferences({ tools, bytes: range, what: 'one range', rate: RATE, seconds: PACED_DURATION, report });

  // 3. Throughput beside nginx and bare node:http serving the same bytes.
  const reads: Read[] = [
    { name: `count, ${RANGE} sentences`, url: `${server.base}${paths[0]}`, cached: false },
    { name: 'count, per-canto averages of the whole poem', url: `${server.base}/api/count/cantos?from=1&to=${SENTENCES}`, cached: false },
  ];
  console.log(`\nthroughput: wrk -t1 -c32 -d${WRK_DURATION}s, beside nginx (1 worker, sendfile) and bare node:http serving the same bytes; medians`);
  const running = server;
  await throughputBesideReferences({ tools, reads, seconds: WRK_DURATION, serverCpuSeconds: () => running.cpuSeconds() });

  console.log('\nbudgets:');
  console.log(`  ${'stats projection replay ≥ 10,000 sentences/s'.padEnd(62)} ${failures.includes('replay') ? 'MISSED' : 'met'}`);
  console.log(`  ${`/api/count over ${RANGE} sentences p99 < 20 ms at ${RATE} req/s`.padEnd(62)} ${failures.includes('/api/count p99') ? 'MISSED' : 'met'}`);
} finally {
  await server?.stop();
  await progress.close();
  await store.close();
  await bench.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(failures.length > 0 ? 1 : 0);
