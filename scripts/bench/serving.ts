/**
 * `npm run bench:serving`: the site as `npm start` runs it (one process, demo content, the default
 * log level), its cached reads under `wrk`, each in turns with nginx and bare `node:http` servers
 * serving the very same bytes, in rounds, in the same run (./beside-references.ts; issue 15's
 * budgets: cached reads at least 40 % of nginx and 75 % of bare node:http, the page shell and
 * built assets 75 % of node:http), uncompressed and as brotli; then each at a fixed 200 req/s
 * while the projections apply a steady 100 writes/s (p99 < 5 ms). Needs `wrk` and `nginx`
 * (`apt-get install -y wrk nginx`).
 * Env: BENCH_COMPILED=1 (the production build, compiled first, instead of `npm start`'s tsx),
 * BENCH_DURATION (1 s per turn), BENCH_PACED_DURATION (5 s per paced read), BENCH_ROUNDS (15 turns of each server per read at 1 s), BENCH_WRITES (100 a second; 0 to see the reads alone),
 * BENCH_ONLY (a substring: only the reads whose name has it), BENCH_CPU_PROF (a folder for a V8
 * CPU profile of the site), BENCH_NODE_FLAGS (more flags for the site's node).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { startSite } from '../testkit/site-process.js';
import { benchDatabase } from './bench-database.js';
import { budgetLine, OF_NODE_HTTP, requireTools, throughputBesideReferences, type Read } from './beside-references.js';
import { freePort } from '@epos/platform/testkit/free-port';
import { openLoopProcess } from './paced-reads.js';
import { startNginx, startNodeHttp, type Reference } from './poem/references.js';
import { scriptProcess } from './script-process.js';
import { SERVER_CORE } from './pinning.js';

const SECONDS = Number(process.env.BENCH_DURATION ?? 1);
const PACED_SECONDS = Number(process.env.BENCH_PACED_DURATION ?? 5);
const OPEN_LOOP_RATE = 200;
const WRITES_PER_SECOND = Number(process.env.BENCH_WRITES ?? 100);
const P99_BUDGET_MS = 5;

interface Writes {
  appended: number;
  seconds: number;
  worstLagMs: number;
}

/** ./serving/writer-process.ts: `rate` autosaves a second into the site's log for `seconds`, in a process of its own. */
const steadyWrites = (databaseUrl: string, rate: number, seconds: number) =>
  scriptProcess<Writes>(new URL('./serving/writer-process.ts', import.meta.url), [databaseUrl, String(rate), String(seconds)], seconds + 60);

const tools = requireTools('bench:serving');
const bench = await benchDatabase();
const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
// BENCH_NODE_FLAGS: more flags for the site's node (a space-separated list), to try one.
const nodeFlags = [...profile, ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean)];
// BENCH_COMPILED=1: the production build (compiled JavaScript, `npm run start:prod`) instead of `npm start`'s tsx.
const compiled = process.env.BENCH_COMPILED === '1';
if (compiled) await promisify(execFile)('npm', ['run', 'build:server'], { maxBuffer: 16 * 1024 * 1024 });
const site = await startSite({ databaseUrl: bench.url, env: { NODE_ENV: 'development', LOG_LEVEL: 'info' }, nodeFlags, compiled, core: SERVER_CORE });
try {
  const shell = await (await fetch(`${site.base}/`)).text();
  const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(shell)?.[1];
  const url = (path: string) => `${site.base}${path}`;
  const cached: Read[] = [
    { name: 'cached section', url: url('/api/sbook/1/1/1'), cached: true },
    { name: 'cached section, brotli', url: url('/api/sbook/1/1/1'), cached: true, acceptEncoding: 'gzip, deflate, br' },
    { name: 'blog list', url: url('/api/blogs/reading-notes'), cached: true },
    { name: 'recent posts', url: url('/api/blogs/recent'), cached: true },
    { name: 'post page', url: url('/api/blogs/reading-notes/on-reading-aloud'), cached: true },
    { name: 'section page (server-rendered)', url: url('/1/1/1'), cached: true },
  ];
  const files: Read[] = [
    { name: 'page shell', url: url('/'), cached: false },
    ...(script
      ? [
          { name: 'hashed asset', url: url(script), cached: false },
          { name: 'hashed asset, brotli', url: url(script), cached: false, acceptEncoding: 'gzip, deflate, br' },
        ]
      : []),
  ];
  const only = (reads: Read[]) => reads.filter((read) => !process.env.BENCH_ONLY || read.name.includes(process.env.BENCH_ONLY));
  console.log(
    `bench:serving: ${compiled ? 'npm run start:prod (compiled)' : 'npm start (tsx)'} (NODE_ENV=development, LOG_LEVEL=info, demo content), ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `throughput: wrk -t1 -c32 -d${SECONDS}s, a process of its own, in rounds: the site, nginx, bare node:http and bare node:http with the site's headers, serving the same bytes, one server at a time (each warmed by 1 s unmeasured before the first round)\n`,
  );
  const rows = await throughputBesideReferences({
    tools,
    reads: [...only(cached), ...only(files)],
    seconds: SECONDS,
    serverCpuSeconds: () => site.cpuSeconds(),
  });
  const budgets = [budgetLine(rows)];
  const fileMisses = rows.filter((row) => !row.read.cached && row.shares.ofNode < OF_NODE_HTTP);
  const fileRows = rows.filter((row) => !row.read.cached);
  budgets.push({
    ok: fileRows.length > 0 && fileMisses.length === 0,
    line: `page shell and hashed assets >= ${Math.round(OF_NODE_HTTP * 100)} % of bare node:http: ${fileRows.length === 0 ? 'not measured (BENCH_ONLY left none)' : fileMisses.length === 0 ? 'met' : `MISSED (${fileMisses.map((row) => `${row.read.name} ${Math.round(row.shares.ofNode * 100)} %`).join('; ')})`}`,
  });

  // p99 of each read at a fixed pace while the site's projections apply a steady stream of writes.
  const paced = only([...cached.filter((read) => !read.acceptEncoding), files[0]!]);
  console.log(
    `\nopen loop: ${OPEN_LOOP_RATE} req/s for ${PACED_SECONDS} s per read (1 s warm-up), from a process of its own, while another appends ${WRITES_PER_SECOND} autosaves/s that the projections apply`,
  );
  const writes = WRITES_PER_SECOND > 0 ? steadyWrites(bench.url, WRITES_PER_SECOND, (paced.length + 2) * (PACED_SECONDS + 3) + 2) : null;
  const slow: string[] = [];
  for (const read of paced) {
    const result = await openLoopProcess(read.url, OPEN_LOOP_RATE, PACED_SECONDS, 1);
    const { p50, p99, max } = result.fromDue;
    const errors = result.errors + result.non2xx;
    console.log(
      `  ${read.name.padEnd(26)} ${new URL(read.url).pathname.padEnd(44)} p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${max.toFixed(1)} ms (${Math.round(result.achievedRate)} req/s, errors ${errors})`,
    );
    if (p99 >= P99_BUDGET_MS || errors > 0) slow.push(`${read.name} p99 ${p99.toFixed(2)} ms${errors > 0 ? `, ${errors} errors` : ''}`);
  }
  // The machine's own floor for the same pace and bytes, under the same writes: the references serving the section.
  const section = paced.find((read) => read.name === 'cached section');
  if (section) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-serving-'));
    try {
      fs.writeFileSync(
        path.join(dir, 'section.json'),
        Buffer.from(await (await fetch(section.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()),
      );
      const starts: [string, () => Promise<Reference>][] = [
        ['nginx, same bytes', async () => startNginx(tools.nginx, dir, 'section.json', await freePort())],
        ['bare node:http, same bytes', async () => startNodeHttp(path.join(dir, 'section.json'), await freePort())],
      ];
      for (const [name, start] of starts) {
        const reference = await start();
        try {
          const { p50, p99, max } = (await openLoopProcess(reference.url, OPEN_LOOP_RATE, PACED_SECONDS, 1)).fromDue;
          console.log(`  ${name.padEnd(26)} ${'(the section)'.padEnd(44)} p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms, max ${max.toFixed(1)} ms`);
        } finally {
          await reference.stop();
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }
  const written = await writes;
  if (written)
    console.log(
      `  writes: ${written.appended} appended in ${written.seconds.toFixed(1)} s (${Math.round(written.appended / written.seconds)}/s; the writer fell ${written.worstLagMs.toFixed(0)} ms behind its pace at worst)`,
    );
  budgets.push({
    ok: paced.length > 0 && slow.length === 0,
    line: `p99 < ${P99_BUDGET_MS} ms at ${OPEN_LOOP_RATE} req/s under ${WRITES_PER_SECOND} writes/s: ${paced.length === 0 ? 'not measured (BENCH_ONLY left no uncompressed read)' : slow.length === 0 ? 'met' : `MISSED (${slow.join('; ')})`}`,
  });

  console.log('\nbudgets:');
  for (const budget of budgets) console.log(`  ${budget.line}`);
} finally {
  await site.stop();
  await bench.close();
}
