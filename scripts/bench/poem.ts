/**
 * npm run bench:poem — import of a 25,000-sentence synthetic poem end to end (appended and
 * projected), then GET /api/sbook latency at 200 req/s and throughput beside a static file
 * server (sirv) serving the same JSON, measured in one run.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import sirv from 'sirv';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner } from '@epos/platform';
import { EventRegistry, eventCatalog, SYSTEM_ACTOR } from '@epos/schemas';
import { buildApi } from '@epos/api';
import { createJobQueue } from '@epos/platform/jobs/index';
import { importPoem } from '@epos/api/poem/import/import-poem';
import { allProjections } from '@epos/projections';
import { POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import { generatePoem } from '../poem/generate.js';
import { benchDatabase } from './bench-database.js';
import { openLoop } from './open-loop.js';

const SENTENCES = Number(process.env.BENCH_SENTENCES ?? 25_000);
const logger = createLogger('warn', 'bench');
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const runner = new ProjectionRunner({ database: bench.database, store, logger, projections: allProjections, batchSize: 1000 });
await runner.start();
const report = (name: string, value: string) => console.log(`${name.padEnd(52)} ${value}`);
const ms = (value: number) => value.toFixed(1);

// 1. Import end to end.
const content = `${JSON.stringify(generatePoem(SENTENCES), null, 2)}\n`;
const started = performance.now();
const result = await importPoem(
  { store, progress, readModel: () => progress.readModel<PoemReadModel>(POEM_PROJECTION) },
  { fileName: 'synthetic.json', content, cause: { actor: SYSTEM_ACTOR } },
);
const appended = performance.now();
if (!(await progress.waitFor(result.position!, { names: [POEM_PROJECTION], timeoutMs: 600_000 }))) throw new Error('projection did not catch up');
const importSeconds = (performance.now() - started) / 1000;
report(`import ${SENTENCES} sentences (${result.plan.counts.events} events), appended`, `${((appended - started) / 1000).toFixed(1)} s`);
report('import end to end (appended and projected)', `${importSeconds.toFixed(1)} s`);

// 2. Reads: the API and a static file server with the same body, one after the other, each alone.
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
const jobs = createJobQueue({ databaseUrl: bench.url, prefix: 'bench' });
const app = await buildApi({ config, database: bench.database, store, progress, logger, jobs }, { serveUi: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const apiUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/sbook/5/3/2`;
const body = await (await fetch(apiUrl)).text();
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-static-'));
fs.writeFileSync(path.join(staticDir, 'section.json'), body);
const staticServer = http.createServer(sirv(staticDir, { etag: true }));
await new Promise<void>((resolve) => staticServer.listen(0, '127.0.0.1', resolve));
const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/section.json`;
report('section response size', `${(body.length / 1024).toFixed(1)} KiB (${JSON.parse(body).customSection[0].customSection.length} sentences)`);

// First reads of sections nobody has read yet: built from the database, not the cache.
const cold: number[] = [];
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  const response = await fetch(apiUrl.replace('/5/3/2', `/${1 + (i % 12)}/${1 + (i % 5)}/${1 + (i % 4)}`));
  await response.arrayBuffer();
  cold.push(performance.now() - t);
}
cold.sort((a, b) => a - b);
report('first (uncached) read of a section: p50 / max', `${cold[15]!.toFixed(1)} / ${cold.at(-1)!.toFixed(1)} ms`);
const past = performance.now();
await (await fetch(`${apiUrl}?asOf=${encodeURIComponent(new Date().toISOString())}`)).arrayBuffer();
report('time travel (?asOf=) of the section', `${(performance.now() - past).toFixed(1)} ms`);

const load = (url: string, options: Partial<autocannon.Options>) =>
  autocannon({ url, duration: 10, connections: 10, workers: 1, ...options }) as unknown as Promise<autocannon.Result>;
await load(apiUrl, { duration: 3 });
// Paced reads as an open loop (see open-loop.ts); autocannon's overallRate sends each second's requests in one burst.
const pacedAt = (url: string) => {
  const { origin, pathname } = new URL(url);
  return openLoop({ base: origin, nextPath: () => pathname, rate: 200, seconds: 10 });
};
const paced = await pacedAt(apiUrl);
report('GET /api/sbook at 200 req/s: p50 / p99 / max', `${ms(paced.fromDue.p50)} / ${ms(paced.fromDue.p99)} / ${ms(paced.fromDue.max)} ms (${paced.non2xx} non-2xx)`);
const apiMax = await load(apiUrl, { connections: 32 });
await load(staticUrl, { duration: 3 });
const staticPaced = await pacedAt(staticUrl);
report('static file server at 200 req/s: p50 / p99 / max', `${ms(staticPaced.fromDue.p50)} / ${ms(staticPaced.fromDue.p99)} / ${ms(staticPaced.fromDue.max)} ms`);
const staticMax = await load(staticUrl, { connections: 32 });
const ratio = apiMax.requests.average / staticMax.requests.average;
report('throughput GET /api/sbook (32 connections)', `${apiMax.requests.average.toFixed(0)} req/s, p99 ${apiMax.latency.p99} ms`);
report('throughput static file server, same JSON', `${staticMax.requests.average.toFixed(0)} req/s, p99 ${staticMax.latency.p99} ms`);
report('API / static', `${(ratio * 100).toFixed(0)}%`);

console.log('\nbudgets:');
console.log(`  import < 20 s end to end:          ${importSeconds < 20 ? 'met' : 'MISSED'} (${importSeconds.toFixed(1)} s)`);
console.log(`  sbook p99 < 10 ms at 200 req/s:    ${paced.fromDue.p99 < 10 && paced.achievedRate >= 190 ? 'met' : 'MISSED'} (${ms(paced.fromDue.p99)} ms)`);
console.log(`  sbook >= 50% of static throughput: ${ratio >= 0.5 ? 'met' : 'MISSED'} (${(ratio * 100).toFixed(0)}%)`);

await app.close();
await jobs.close();
staticServer.close();
fs.rmSync(staticDir, { recursive: true, force: true });
await runner.stop();
await progress.close();
await store.close();
await bench.close();
process.exit(0);
