/**
 * npm run load (issue 22): the whole site (`npm start`'s process, demo content, its embedded
 * PostgreSQL) under 200 concurrent virtual readers, closed loops with short think times, reading a
 * realistic mix (./mix.ts: sections in every edition and their translations, sentence
 * pages, blog lists and posts, comments, feeds, search, the dictionary; a share of them signed in),
 * and 5 writers (notes, comments, a blogger editing a post), for 60 s after a short warm-up.
 * Readers and writers run in processes of their own (./readers-process.ts, ./writers-process.ts),
 * never in the site's. Prints per route count, p50, p95, p99 and errors; the site's CPU (and its
 * PostgreSQL's) and resident memory (sampled each second); and the generators' own CPU. Exits 1 on
 * any error: an answer ≥ 400, a request with no answer, an error in the site's log, or the site
 * exiting.
 *
 * `--soak`: the same load for 10 minutes (`--soak-minutes`) after a minute's warm-up, the site run
 * with `--trace-gc`; fails when the live heap left after full collections (each isolate's: the main
 * thread and the background worker thread) has grown, from the window's first third to its last,
 * by more than the bound printed with it (see `soakBound`). Its VmRSS is printed each minute too,
 * but not judged: glibc's arenas and V8's lazily grown spaces make it swing by ~200 MiB over minutes.
 *
 * Options: --seconds 60, --readers 200, --writers 5, --processes 2 (reader processes),
 * --think-ms 100 (mean think time, uniform in [0, 2 × mean)), --seed 1, --compiled (the production
 * build, `npm run start:prod`, compiled first).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs, promisify } from 'node:util';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { DEMO_ACCOUNTS, discoverCatalogue, READER_THINK_MS, readingMix, SIGNED_IN_SHARE, WRITER_THINK_MS, type Answer, type Catalogue } from './mix.js';
import { runConcurrently } from '../bench/bench-database.js';
import { childrenOf, processCpuSeconds } from '../testkit/process-cpu.js';
import { SiteClient } from '../testkit/site-client.js';
import { logLinesAtLeast, startSite } from '../testkit/site-process.js';
import { loadProcess, type LoadWindow } from './load-process.js';
import { heapAfterFullCollections, MIB, sampleResidentMemory, soakVerdict, type SoakVerdict } from './memory.js';
import { mergeReports, routeTable } from './samples.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    readers: { type: 'string', default: '200' },
    writers: { type: 'string', default: '5' },
    processes: { type: 'string', default: '2' },
    'think-ms': { type: 'string', default: String(READER_THINK_MS) },
    seed: { type: 'string', default: '1' },
    soak: { type: 'boolean', default: false },
    'soak-minutes': { type: 'string', default: '10' },
    compiled: { type: 'boolean', default: false },
  },
});
function numberOption(name: keyof typeof args, least: number): number {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < least) throw new Error(`--${name}: expected a number of at least ${least}, not ${args[name]}`);
  return value;
}
const READERS = numberOption('readers', 1);
const WRITERS = numberOption('writers', 0);
const PROCESSES = Math.min(numberOption('processes', 1), READERS);
const THINK_MS = numberOption('think-ms', 0);
const SEED = numberOption('seed', 0);
const SOAK = args.soak;
const SECONDS = SOAK ? numberOption('soak-minutes', 1) * 60 : numberOption('seconds', 1);
const WARM_UP_SECONDS = SOAK ? 60 : 5;
const SOAK_SAMPLE_SECONDS = 10;
/** Time for the generator processes to start (tsx compiles them) before the window opens. */
const START_DELAY_MS = 8_000;
/** The V8 heap's own breathing between collections, beside the caches (see `soakBound`). */
const HEAP_ALLOWANCE = 16 * MIB;

/** The site's node process: the one child of this process running the start script. */
function sitePid(): number {
  const pid = childrenOf(process.pid).find((child) => /scripts\/(dist\/)?start\.[jt]s/.test(fs.readFileSync(`/proc/${child}/cmdline`, 'utf8')));
  if (pid === undefined) throw new Error("cannot find the site's process in /proc");
  return pid;
}

async function catalogueOf(base: string): Promise<Catalogue> {
  const steps = discoverCatalogue();
  for (let step = steps.next(); ;) {
    if (step.done) return step.value;
    const response = await fetch(`${base}${step.value}`);
    const text = await response.text();
    const answer: Answer = { status: response.status, body: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
    step = steps.next(answer);
  }
}

/**
 * How much the site's memory may grow in the soak's last third over its first. Everything the mix
 * reads is cached by now: the warm-up asks each of its distinct URLs many times, so the caches
 * (the ready answers, at most 64 MiB and 10,000 URLs; each ChangeCache, at most 5,000 entries; the
 * dictionary's 1,000) hold the mix's answers from the first third on, and writes only replace
 * entries. The bound still grants them every distinct answer of the mix three times over (the
 * body, its brotli and its gzip forms, each compressed form no larger than the body), as if all
 * were new after the first third, plus HEAP_ALLOWANCE for the heap. Growth past that is a leak.
 */
async function soakBound(base: string, catalogue: Catalogue): Promise<{ urls: number; answerBytes: number; bound: number }> {
  const next = readingMix(catalogue, seededRandom(SEED), false);
  const paths = new Set<string>();
  // Enough draws to meet every URL of the mix (its largest family is sentences × languages).
  for (let i = 0; i < 200_000; i++) paths.add(next().path);
  const list = [...paths];
  let answerBytes = 0;
  await runConcurrently(list.length, 8, async (i) => {
    const response = await fetch(`${base}${list[i]}`, { headers: { 'accept-encoding': 'identity' } });
    answerBytes += (await response.arrayBuffer()).byteLength;
  });
  return { urls: list.length, answerBytes, bound: 3 * answerBytes + HEAP_ALLOWANCE };
}

/** Spreads `total` over `parts` as evenly as whole numbers allow. */
const shares = (total: number, parts: number) =>
  Array.from({ length: parts }, (_, i) => Math.floor((total * (i + 1)) / parts) - Math.floor((total * i) / parts));

const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;
const percentOfCore = (cpuSeconds: number) => `${((cpuSeconds / SECONDS) * 100).toFixed(1)} % of one core`;
const microsecondsPer = (cpuSeconds: number, requests: number) => `${((cpuSeconds / requests) * 1e6).toFixed(0)} µs per request`;

const compiled = args.compiled;
if (compiled) await promisify(execFile)('npm', ['run', 'build:server'], { maxBuffer: 16 * 1024 * 1024 });
// The writers write faster than a person may: the limits are not what is measured.
const site = await startSite({ env: { RATE_LIMIT_FACTOR: '1000' }, compiled, ...(SOAK ? { nodeFlags: ['--trace-gc'] } : {}) });
const failures: string[] = [];
try {
  const pid = sitePid();
  const catalogue = await catalogueOf(site.base);
  const reader = new SiteClient(site.base);
  await reader.login(DEMO_ACCOUNTS.reader.userName, DEMO_ACCOUNTS.reader.password);
  const bound = SOAK ? await soakBound(site.base, catalogue) : null;
  const signedIn = Math.round(READERS * SIGNED_IN_SHARE);
  console.log(
    `npm run load: ${compiled ? 'npm run start:prod (compiled)' : 'npm start (tsx)'}, demo content (${catalogue.sections.length} sections, ${catalogue.sentences.length} sentences, ${catalogue.posts.length} posts), ${os.cpus().length} cores, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `${READERS} readers (${signedIn} signed in) in ${PROCESSES} processes, closed loops, think time uniform in [0, ${2 * THINK_MS}) ms; ${WRITERS} writers in one process, think time [0, ${2 * WRITER_THINK_MS}) ms; ${WARM_UP_SECONDS} s warm-up, then ${SECONDS} s measured\n`,
  );

  const window: LoadWindow = { startAt: Date.now() + START_DELAY_MS, warmUpSeconds: WARM_UP_SECONDS, seconds: SECONDS };
  const base = { base: site.base, catalogue, seed: SEED, window };
  const readerShares = shares(READERS, PROCESSES);
  const signedInShares = shares(signedIn, PROCESSES);
  const generators = Promise.all([
    ...readerShares.map((readers, i) =>
      loadProcess(new URL('./readers-process.ts', import.meta.url), {
        ...base,
        seed: SEED + i,
        readers,
        signedIn: signedInShares[i]!,
        cookie: reader.cookieHeader(),
        thinkMs: THINK_MS,
      }),
    ),
    ...(WRITERS > 0 ? [loadProcess(new URL('./writers-process.ts', import.meta.url), { ...base, writers: WRITERS, thinkMs: WRITER_THINK_MS })] : []),
  ]);
  // A generator failing early is reported when awaited below, with the site stopped on the way out.
  generators.catch(() => undefined);

  // The site's CPU and memory over the measured window.
  const fromMs = window.startAt + WARM_UP_SECONDS * 1000 - Date.now();
  await new Promise((resolve) => setTimeout(resolve, fromMs));
  const cpuAtStart = { site: site.cpuSeconds(), withDatabase: processCpuSeconds(pid, true) };
  const memory = sampleResidentMemory(pid, 1000);
  const traceFrom = site.output().length;
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  const traceGc = site.output().slice(traceFrom);
  const siteCpu = site.cpuSeconds() - cpuAtStart.site;
  const databaseCpu = processCpuSeconds(pid, true) - cpuAtStart.withDatabase - siteCpu;
  const rss = memory.stop();
  const reports = await generators;
  const readers = mergeReports(reports.slice(0, PROCESSES));
  const all = mergeReports(reports);

  console.log('per route: requests sent in the measured window; latency from sending to the last byte');
  for (const line of routeTable(all.routes, SECONDS)) console.log(`  ${line}`);
  console.log(`\nsite (node, pid ${pid}): CPU ${siteCpu.toFixed(1)} s, ${percentOfCore(siteCpu)}, ${microsecondsPer(siteCpu, all.requests)}`);
  console.log(
    `its PostgreSQL (every process under the site): CPU ${databaseCpu.toFixed(1)} s, ${percentOfCore(databaseCpu)}, ${microsecondsPer(databaseCpu, all.requests)}`,
  );
  console.log(`site VmRSS, each second: start ${mib(rss[0]!)}, max ${mib(Math.max(...rss))}, end ${mib(rss.at(-1)!)}`);
  console.log(
    `load generator, ${PROCESSES} reader processes: CPU ${readers.cpuSeconds.toFixed(1)} s, ${percentOfCore(readers.cpuSeconds)}, ${microsecondsPer(readers.cpuSeconds, readers.requests)}; writers' process ${(all.cpuSeconds - readers.cpuSeconds).toFixed(1)} s`,
  );
  const perRequest = readers.cpuSeconds / readers.requests;
  const times = (cpuSeconds: number) => `${(cpuSeconds / all.requests / perRequest).toFixed(1)}×`;
  console.log(
    `per request the site spends ${times(siteCpu)} the readers' CPU, ${times(siteCpu + databaseCpu)} with its PostgreSQL (${(all.requests / SECONDS).toFixed(0)} requests/s in all)`,
  );

  if (bound) {
    // Every 10th of the 1-second samples: one each 10 s.
    const samples = rss.filter((_, i) => i % SOAK_SAMPLE_SECONDS === 0);
    const perMinute = 60 / SOAK_SAMPLE_SECONDS;
    const minutes = Array.from({ length: Math.ceil(samples.length / perMinute) }, (_, m) => samples.slice(m * perMinute, (m + 1) * perMinute));
    const minuteMeans = minutes.map((minute) => (minute.reduce((sum, bytes) => sum + bytes, 0) / minute.length / MIB).toFixed(0));
    console.log(
      `\nsoak, ${SECONDS / 60} min after ${WARM_UP_SECONDS} s warm-up: site VmRSS each minute's mean, MiB: ${minuteMeans.join(' ')} (printed, not judged)`,
    );
    const heaps = [...heapAfterFullCollections(traceGc)];
    const verdicts: SoakVerdict[] = [];
    for (const [isolate, after] of heaps) {
      const verdict = soakVerdict(after, bound.bound);
      verdicts.push(verdict);
      console.log(
        `  isolate ${isolate}: ${after.length} full collections, live heap after them: first third mean ${mib(verdict.firstThirdMean)}, last third mean ${mib(verdict.lastThirdMean)}, growth ${mib(verdict.growth)}, min ${mib(Math.min(...after))}, max ${mib(Math.max(...after))}`,
      );
    }
    const growth = verdicts.reduce((sum, v) => sum + v.growth, 0);
    const judged = verdicts.length > 0 && verdicts.every((v) => !Number.isNaN(v.growth));
    const flat = judged && growth <= bound.bound;
    console.log(
      `  growth of every isolate together ${mib(growth)}; bound ${mib(bound.bound)}: 3 × the ${bound.urls} distinct answers of the mix (${mib(bound.answerBytes)}) + ${mib(HEAP_ALLOWANCE)} for the heap: ${!judged ? 'TOO FEW FULL COLLECTIONS TO JUDGE' : flat ? 'flat' : 'GREW'}`,
    );
    if (!judged)
      failures.push(`too few full collections in the soak to judge the heap (${heaps.map(([, a]) => a.length).join(', ') || 'none'}; at least 3 per isolate)`);
    else if (!flat) failures.push(`the site's live heap grew ${mib(growth)} over the soak (bound ${mib(bound.bound)})`);
  }

  const errors = Object.values(all.routes).reduce((sum, route) => sum + route.errors, 0);
  if (errors > 0) failures.push(`${errors} requests failed, the first: ${all.failures.map((f) => `${f.route} ${f.path} → ${f.status || f.error}`).join('; ')}`);
  if (all.requests === 0) failures.push('no request was sent in the measured window');
} finally {
  if (site.exitCode() !== null) failures.push(`the site exited (${site.exitCode()}) during the run`);
  await site.stop();
  const logged = logLinesAtLeast(50, site.output());
  if (logged.length > 0) failures.push(`the site logged ${logged.length} errors, the first: ${logged[0]!.line.slice(0, 500)}`);
}
if (failures.length > 0) {
  console.error(`\nload FAILED\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log(`\nload passed: no errors${SOAK ? ', memory flat' : ''}`);
