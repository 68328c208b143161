/**
 * npm run bench:register — whether POST /register gives away that an email has an account:
 * median answer times over HTTP for an email that has one and for new ones, interleaved.
 * They should differ by less than 10 %.
 */
import type { AddressInfo } from 'node:net';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress } from '@epos/platform';
import { createJobQueue } from '@epos/platform/jobs/index';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { buildApi } from '@epos/api';
import { benchDatabase } from './bench-database.js';
import { percentile } from './stats.js';

const PAIRS = Number(process.env.BENCH_PAIRS ?? 100);
const WARMUP = 10;
/** Lets the work a registration does after answering finish before the next is timed. */
const PAUSE_MS = 50;
// Every registration here comes from one address: lift the per-address limit for the run.
process.env.RATE_LIMIT_FACTOR ??= '1000';

const logger = createLogger('warn', 'bench');
const bench = await benchDatabase();
const store = new PostgresEventStore(bench.database, new EventRegistry(eventCatalog));
const progress = new ProjectionProgress(bench.database, store);
await progress.start();
const jobs = createJobQueue({ databaseUrl: bench.url, prefix: 'bench-register' });
const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: bench.url, LOG_LEVEL: 'warn' });
const app = await buildApi({ config, database: bench.database, store, progress, logger, jobs }, { serveUi: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

const csrf = await fetch(`${base}/api/csrf`);
const { token } = (await csrf.json()) as { token: string };
const cookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

/** One registration over HTTP; its answer time in ms. */
async function register(userName: string, email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
    body: JSON.stringify({ UserName: userName, Email: email, Password: 'bench-password-1', Name: 'Bench' }),
  });
  await response.arrayBuffer();
  const took = performance.now() - started;
  if (response.status !== 201) throw new Error(`register answered ${response.status}`);
  return took;
}

try {
  await register('bench-owner', 'owner@example.org');
  for (let i = 0; i < WARMUP; i++) await register(`bench-warm-${i}`, `warm-${i}@example.org`);
  const times = { existing: [] as number[], fresh: [] as number[] };
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first, so neither kind always follows the other.
    const order = i % 2 === 0 ? (['existing', 'fresh'] as const) : (['fresh', 'existing'] as const);
    for (const kind of order) {
      times[kind].push(await register(`bench-${kind}-${i}`, kind === 'existing' ? 'owner@example.org' : `fresh-${i}@example.org`));
      await new Promise((r) => setTimeout(r, PAUSE_MS));
    }
  }
  for (const list of Object.values(times)) list.sort((a, b) => a - b);
  const existing = percentile(times.existing, 50);
  const fresh = percentile(times.fresh, 50);
  const difference = (Math.abs(existing - fresh) / fresh) * 100;
  console.log(`POST /register over HTTP, ${PAIRS} pairs after ${WARMUP} warm-up registrations, ${PAUSE_MS} ms apart`);
  console.log(`  email with an account: median ${existing.toFixed(1)} ms, p90 ${percentile(times.existing, 90).toFixed(1)} ms`);
  console.log(`  new email:             median ${fresh.toFixed(1)} ms, p90 ${percentile(times.fresh, 90).toFixed(1)} ms`);
  console.log(`  medians differ by ${difference.toFixed(1)} % (${difference < 10 ? 'within' : 'NOT within'} 10 %)`);
  if (difference >= 10) process.exitCode = 1;
} finally {
  await app.close();
  await jobs.close();
  await progress.close();
  await store.close();
  await bench.close();
}
