/**
 * npm run bench:poem — the poem's budgets, on a synthetic poem the size of the Mahabharata:
 * 1. import of 200,000 verse lines in the plain-text format, end to end (appended and projected)
 *    < 60 s, with the importing process's peak memory < 1 GB;
 * 2. re-import after one punctuation change early in the poem (a comma made a full stop in a
 *    verse line near the 10th, which splits a sentence): < 10 events appended, < 10 s;
 * 3. section reads (GET /api/sbook/…) at 200 req/s: p99 < 10 ms, printed beside nginx and a bare
 *    node:http server serving the same bytes, with throughput of all three measured by wrk.
 * Every process measured runs on its own: the import is `npm run import`'s script as a child
 * process (./poem/import-process.ts), which runs the projections itself as the command-line tool
 * does; the API (with every projection and the job queue) runs in a child process as `npm start`
 * runs it (./blogs/server.ts); nginx, the node:http server and wrk are processes of their own.
 * The load generators are processes of their own too: the paced reads (./open-loop.ts, run by
 * ./paced-reads.ts) and wrk. This process only generates the poem, starts the others and
 * prints. All share the machine's cores with PostgreSQL.
 * Env: DATABASE_URL (else an embedded PostgreSQL in a temporary folder on a free port),
 * BENCH_LINES (200000), BENCH_DURATION (10 s per load run), BENCH_IMPORT_FLAGS (more node flags
 * for the import process, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { PostgresEventStore, ProjectionProgress } from '@epos/platform';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { freePort } from '@epos/platform/testkit/free-port';
import { allProjections } from '@epos/projections';
import { generatePoemText } from '../poem/generate.js';
import { benchDatabase } from './bench-database.js';
import { spawnServer } from './blogs/server-process.js';
import type { OpenLoopResult } from './open-loop.js';
import { runImport, type ImportRun } from './poem/import-process.js';
import { openLoopProcess } from './paced-reads.js';
import { findCommand, runWrk, startNginx, startNodeHttp, type Reference, type WrkResult } from './poem/references.js';
import type { ServerTimes } from './blogs/server-timing.js';
import { latencies } from './stats.js';

const LINES = Number(process.env.BENCH_LINES ?? 200_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const IMPORT_FLAGS = process.env.BENCH_IMPORT_FLAGS?.split(' ').filter(Boolean) ?? [];
const RATE = 200;
const EDIT_FROM_LINE = 10;

const runStarted = performance.now();
const load = () => os.loadavg().map((l) => l.toFixed(1)).join(' ');
const report = (name: string, value: string) => console.log(`${name.padEnd(62)} ${value}`);
const ms = (value: number) => value.toFixed(1);
const seconds = (value: number | null) => (value === null ? '—' : `${(value / 1000).toFixed(1)} s`);
const megabytes = (kb: number) => (kb > 0 ? `${((kb * 1024) / 1e6).toFixed(0)} MB` : '—');
const count = (n: number) => n.toLocaleString('en');
console.log(`${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load()} at the start`);

const wrk = findCommand('wrk');
const nginx = findCommand('nginx');
if (!wrk || !nginx) {
  console.error(`bench:poem needs ${[wrk ? null : 'wrk', nginx ? null : 'nginx'].filter(Boolean).join(' and ')} for its references (Debian: apt-get install -y wrk nginx)`);
  process.exit(1);
}
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-bench-poem-'));
const references: Reference[] = [];
let server: ReturnType<typeof spawnServer> | null = null;

try {
  // 1. The whole poem, imported into an empty database by `npm run import`'s script in its own process.
  const generated = performance.now();
  const poem = generatePoemText(LINES);
  const file = path.join(work, `synthetic-${LINES}-lines.txt`);
  fs.writeFileSync(file, poem.text);
  console.log(
    `\nsynthetic poem (scripts/poem/generate.ts, --format text): ${count(poem.verseLines)} verse lines, ${count(poem.sentences)} sentences, ${count(poem.stanzas)} stanzas, ${poem.books} book${poem.books === 1 ? '' : 's'}, ` +
      `${(Buffer.byteLength(poem.text) / 1e6).toFixed(1)} MB, generated in ${seconds(performance.now() - generated)}`,
  );
  const first = await runImport(bench.url, [file], IMPORT_FLAGS);
  printRun(`npm run import -- ${path.basename(file)}`, first);
  const firstPlan = planOf(first);
  if (firstPlan.sentences !== poem.sentences) throw new Error(`the parser found ${firstPlan.sentences} sentences; the generator wrote ${poem.sentences}`);
  const firstHead = await store.headPosition();
  report(`import of ${count(LINES)} verse lines (${count(firstPlan.sentences)} sentences, ${count(firstPlan.events)} events)`, '');
  report('  end to end, spawn to exit (appended and projected)', seconds(first.wallMs));
  report('  first batch appended / last batch appended', `${seconds(first.firstAppendMs)} / ${seconds(first.lastAppendMs)}`);
  report('  poem projection applied the last batch', seconds(first.projectedMs));
  report('  peak RSS of the import process (getrusage, at exit)', first.usage ? megabytes(first.usage.maxRssKb) : '— (no report)');
  report('  peak RSS as /proc showed it (VmHWM, sampled every 50 ms)', megabytes(first.procPeakKb));
  report('  RSS peak: before the first append / appending / after', `${megabytes(first.peakBeforeAppendKb)} / ${megabytes(first.peakWhileAppendingKb)} / ${megabytes(first.peakAfterAppendKb)}`);
  report('  CPU: import process / whole machine (PostgreSQL included)', `${first.usage ? `${(first.usage.userSeconds + first.usage.systemSeconds).toFixed(1)} s` : '—'} / ${(first.machineCores * first.wallMs / 1000).toFixed(1)} s (${first.machineCores.toFixed(2)} of ${os.cpus().length} cores)`);

  // 2. One comma made a full stop early in the poem: the sentence splits in two.
  const edit = punctuationEdit(poem.text, EDIT_FROM_LINE);
  const edited = path.join(work, `synthetic-${LINES}-lines-edited.txt`);
  fs.writeFileSync(edited, edit.text);
  const second = await runImport(bench.url, [edited], IMPORT_FLAGS);
  printRun(`npm run import -- ${path.basename(edited)}`, second);
  const secondPlan = planOf(second);
  const secondHead = await store.headPosition();
  const appended = Number(secondHead - firstHead);
  report(`re-import, verse line ${edit.verseLine} (file line ${edit.fileLine}): "…${edit.before.slice(-24)}" → "…${edit.after.slice(-24)}"`, '');
  report('  plan', secondPlan.countsLine.trim());
  report('  events appended: planned / log head moved by', `${secondPlan.events} / ${appended}`);
  report('  end to end, spawn to exit (appended and projected)', seconds(second.wallMs));
  report('  peak RSS of the import process', second.usage ? megabytes(second.usage.maxRssKb) : '—');

  // 3. Section reads: the API in its own process, then nginx and bare node:http with the same bytes.
  // By the time readers come, autovacuum has vacuumed and analysed what the imports wrote and the
  // checkpoint has flushed it; done here so that neither runs in the background of the reads.
  const settling = performance.now();
  await sql`vacuum analyze`.execute(bench.database.db);
  const checkpointed = await sql`checkpoint`.execute(bench.database.db).then(() => '', (error: Error) => ` (no checkpoint: ${error.message})`);
  report('\nvacuum analyze and checkpoint after the imports', `${seconds(performance.now() - settling)}${checkpointed}`);
  const serverStarted = performance.now();
  server = spawnServer(bench.url, await freePort());
  await server.ready;
  const head = await store.headPosition();
  if (!(await progress.waitFor(head, { names: allProjections.map((p) => p.name), timeoutMs: 600_000 }))) throw new Error('the projections did not catch up');
  report(`API server started, every projection caught up with ${count(Number(head))} events`, seconds(performance.now() - serverStarted));
  const { base } = server;
  const sectionAt = (i: number) => {
    const { book, canto, section } = poem.sections[i % poem.sections.length]!;
    return `/api/sbook/${book}/${canto}/${section}`;
  };
  // A section in the middle of the poem; the cold reads below take others, spread over the poem.
  const middle = Math.floor(poem.sections.length / 2);
  const sectionPath = sectionAt(middle);
  const response = await fetch(`${base}${sectionPath}`);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${sectionPath}: ${response.status} ${body.toString()}`);
  const view = JSON.parse(body.toString()) as { customSection: { customSection: unknown[] }[] };
  report(`section ${sectionPath}`, `${(body.length / 1024).toFixed(1)} KiB, ${view.customSection[0]!.customSection.length} sentences`);

  // First reads of sections nobody has read yet: built from the database, not the cache.
  const cold: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const answer = await fetch(`${base}${sectionAt(middle + 1 + Math.floor((i * poem.sections.length) / 30))}`);
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`cold read ${i}: ${answer.status}`);
    cold.push(performance.now() - t);
  }
  const coldTimes = latencies(cold);
  report('first (uncached) read of 30 other sections: p50 / max', `${ms(coldTimes.p50)} / ${ms(coldTimes.max)} ms`);
  const past = performance.now();
  const asOf = await fetch(`${base}${sectionPath}?asOf=${encodeURIComponent(new Date().toISOString())}`);
  await asOf.arrayBuffer();
  report('time travel (?asOf=now) of the section, first call', `${ms(performance.now() - past)} ms (${asOf.status})`);

  fs.writeFileSync(path.join(work, 'section.json'), body);
  references.push(await startNginx(nginx, work, 'section.json', await freePort()));
  references.push(await startNodeHttp(path.join(work, 'section.json'), await freePort()));
  for (const reference of references) {
    const same = Buffer.from(await (await fetch(reference.url)).arrayBuffer());
    if (!same.equals(body)) throw new Error(`${reference.name} does not serve the API's bytes`);
  }
  const targets = [{ name: 'GET /api/sbook (API, its own process)', url: `${base}${sectionPath}` }, ...references.map((r) => ({ name: r.name, url: r.url }))];

  const paced: { result: OpenLoopResult; server?: ServerTimes; cpu?: string }[] = [];
  for (const [i, target] of targets.entries()) {
    if (i > 0) {
      paced.push({ result: await openLoopProcess(target.url, RATE, DURATION, 3) });
      continue;
    }
    await openLoopProcess(target.url, RATE, 3, 0);
    await server.serverTimes();
    const cpuBefore = server.cpuSeconds();
    const result = await openLoopProcess(target.url, RATE, DURATION, 0);
    const used = server.cpuSeconds() - cpuBefore;
    paced.push({ result, server: await server.serverTimes(), cpu: `${used.toFixed(1)} s (${(used / DURATION).toFixed(2)} cores)` });
  }
  const throughput: WrkResult[] = [];
  for (const target of targets) {
    await runWrk(wrk, target.url, 3);
    throughput.push(await runWrk(wrk, target.url, DURATION));
  }

  console.log(`\nthe same ${(body.length / 1024).toFixed(1)} KiB section from three servers, one after another, each alone:`);
  console.log(`- at a constant ${RATE} req/s for ${DURATION} s (an open loop, ./open-loop.ts, from a process of its own): latency to the last byte from when each request was due;`);
  console.log(`- throughput: wrk -t1 -c32 -d${DURATION}s (a process of its own; a closed loop, so its latency is at saturation).`);
  for (const [i, target] of targets.entries()) {
    const { result, server: side, cpu } = paced[i]!;
    const w = throughput[i]!;
    report(`  ${target.name}`, '');
    report(`    ${RATE} req/s: p50 / p90 / p99 / max`, `${ms(result.fromDue.p50)} / ${ms(result.fromDue.p90)} / ${ms(result.fromDue.p99)} / ${ms(result.fromDue.max)} ms (${result.achievedRate.toFixed(0)} req/s achieved, ${result.errors} errors, ${result.non2xx} non-2xx)`);
    if (side) report('    server-side: p50 / p99; event loop delay p99', `${ms(side.handling.p50)} / ${ms(side.handling.p99)} ms; ${ms(side.loopDelay.p99)} ms`);
    if (cpu) report('    CPU used by the API process', cpu);
    report('    wrk, 32 connections: throughput, p50 / p99 at saturation', `${count(Math.round(w.requestsPerSecond))} req/s, ${ms(w.p50)} / ${ms(w.p99)} ms (${w.errors} errors)`);
  }
  const api = throughput[0]!.requestsPerSecond;
  report('  throughput API / nginx / bare node:http', `${count(Math.round(api))} / ${count(Math.round(throughput[1]!.requestsPerSecond))} / ${count(Math.round(throughput[2]!.requestsPerSecond))} req/s (API = ${((api / throughput[1]!.requestsPerSecond) * 100).toFixed(0)}% of nginx, ${((api / throughput[2]!.requestsPerSecond) * 100).toFixed(0)}% of node:http)`);

  const rssKb = first.usage?.maxRssKb ?? first.procPeakKb;
  const apiPaced = paced[0]!.result;
  const nodeRatio = api / throughput[2]!.requestsPerSecond;
  console.log('\nbudgets:');
  const budget = (name: string, ok: boolean, figure: string) => console.log(`  ${name.padEnd(56)} ${ok ? 'met' : 'MISSED'} (${figure})`);
  budget(`import of ${count(LINES)} verse lines < 60 s end to end`, first.wallMs < 60_000, seconds(first.wallMs));
  budget('peak memory of the import process < 1 GB', rssKb * 1024 < 1e9, megabytes(rssKb));
  budget('re-import after one full stop: < 10 events', appended < 10, `${appended}`);
  budget('re-import after one full stop: < 10 s', second.wallMs < 10_000, seconds(second.wallMs));
  budget(`sbook p99 < 10 ms at ${RATE} req/s`, apiPaced.fromDue.p99 < 10 && apiPaced.achievedRate >= RATE * 0.95 && apiPaced.errors + apiPaced.non2xx === 0, `${ms(apiPaced.fromDue.p99)} ms`);
  // Issue 3's budget was set against sirv with autocannon in the bench process; wrk and a bare node:http are a harder reference.
  budget('sbook >= 50% of bare node:http throughput (issue 3)', nodeRatio >= 0.5, `${(nodeRatio * 100).toFixed(0)}%`);
  console.log(`\nrun time ${((performance.now() - runStarted) / 1000).toFixed(0)} s; load average ${load()} at the end`);
} finally {
  for (const reference of references) await reference.stop();
  await server?.stop();
  await progress.close();
  await store.close();
  await bench.close();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(0);

/** The import tool's output, indented; throws when it failed. */
function printRun(command: string, run: ImportRun): void {
  console.log(`\n$ ${command}   (exit: ${run.exit})`);
  for (const line of [...run.stdout, ...run.stderr]) console.log(`  | ${line}`);
  if (run.exit !== 'code 0') throw new Error(`${command} failed (${run.exit})`);
}

/** The plan the import tool printed (api/src/poem/import/describe-plan.ts). */
function planOf(run: ImportRun): { sentences: number; events: number; countsLine: string } {
  const sentences = /: (\d+) sentences in the file$/.exec(run.stdout.find((l) => l.startsWith('plan ')) ?? '')?.[1];
  const events = run.stdout.map((l) => /^\s+(\d+) events to append$/.exec(l)?.[1]).find(Boolean);
  const countsLine = run.stdout.find((l) => l.trim().startsWith('unchanged ')) ?? '';
  if (sentences === undefined || events === undefined) throw new Error(`no plan in the import's output:\n${run.stdout.join('\n')}`);
  return { sentences: Number(sentences), events: Number(events), countsLine };
}

/**
 * The poem with one comma made a full stop: on the `fromVerseLine`-th verse line, or the first
 * after it that ends with a comma. The sentence running through that line then ends there and
 * the rest of it becomes a new sentence.
 */
function punctuationEdit(text: string, fromVerseLine: number): { text: string; verseLine: number; fileLine: number; before: string; after: string } {
  const lines = text.split('\n');
  let verse = 0;
  for (const [i, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || /^(title|author|edition)\s*:/i.test(trimmed) || /^(book|canto|section)\s+([0-9]+|[ivxlcdm]+)\s*(:|$)/i.test(trimmed)) continue;
    verse++;
    if (verse >= fromVerseLine && trimmed.endsWith(',')) {
      const after = `${line.slice(0, -1)}.`;
      return { text: [...lines.slice(0, i), after, ...lines.slice(i + 1)].join('\n'), verseLine: verse, fileLine: i + 1, before: trimmed, after: after.trim() };
    }
  }
  throw new Error('no verse line ending with a comma');
}
