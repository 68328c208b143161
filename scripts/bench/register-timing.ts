/**
 * npm run bench:register — whether POST /register gives away that an email has an account:
 * median answer times over HTTP for an email that has one and for new ones, interleaved, with a
 * second series of new emails beside them as the noise floor (what two series of the same kind
 * differ by on this machine). The site (`npm start`'s scripts/start.ts, NODE_ENV=production) runs
 * in a process of its own on a fresh database; this process only sends the registrations.
 * Fails (exit 1) when the medians of the email with an account and of new emails differ by 10 %
 * or more. Env: DATABASE_URL (else an embedded PostgreSQL in a temporary folder), BENCH_ROUNDS (100).
 */
import os from 'node:os';
import { Credentials } from '@epos/platform/accounts/credentials';
import { SiteClient } from '../testkit/site-client.js';
import { startSite, type SiteProcess } from '../testkit/site-process.js';
import { benchDatabase } from './bench-database.js';
import { latencies } from './stats.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const WARMUP = 10;
/** Lets the work a registration does after answering finish before the next is timed. */
const PAUSE_MS = 50;
const LIMIT = 10;
const OWNER = { userName: 'bench-owner', email: 'owner@example.org' };

type Series = 'existing' | 'fresh' | 'reference';
/** Every order of the three in turn, so no series always follows another. */
const ORDERS: readonly (readonly Series[])[] = [
  ['existing', 'fresh', 'reference'],
  ['fresh', 'reference', 'existing'],
  ['reference', 'existing', 'fresh'],
  ['existing', 'reference', 'fresh'],
  ['fresh', 'existing', 'reference'],
  ['reference', 'fresh', 'existing'],
];

const pause = () => new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
const apart = (a: number, b: number) => (Math.abs(a - b) / b) * 100;
const differ = (a: number, b: number) => `${Math.abs(a - b).toFixed(1)} ms (${apart(a, b).toFixed(1)} %)`;

const bench = await benchDatabase();
let site: SiteProcess | null = null;
try {
  // Every registration here comes from one address: the per-address limit is lifted for the run.
  site = await startSite({ databaseUrl: bench.url, env: { NODE_ENV: 'production', RATE_LIMIT_FACTOR: '1000' } });
  const client = new SiteClient(site.base);

  /** One registration over HTTP; its answer time in ms. */
  const register = async (userName: string, email: string): Promise<number> => {
    const started = performance.now();
    const response = await client.request('POST', '/register', { body: { UserName: userName, Email: email, Password: 'bench-password-1', Name: 'Bench' } });
    await response.arrayBuffer();
    const took = performance.now() - started;
    if (response.status !== 201) throw new Error(`register answered ${response.status}`);
    await pause();
    return took;
  };

  await register(OWNER.userName, OWNER.email);
  for (let i = 0; i < WARMUP; i++) await register(`bench-warm-${i}`, `warm-${i}@example.org`);
  if (!(await new Credentials(bench.database.db).byEmail(OWNER.email)))
    throw new Error(`${OWNER.email} has no account after the warm-up: the existing-email path would not be measured`);

  const times: Record<Series, number[]> = { existing: [], fresh: [], reference: [] };
  for (let i = 0; i < ROUNDS; i++) {
    for (const series of ORDERS[i % ORDERS.length]!) {
      times[series].push(await register(`bench-${series}-${i}`, series === 'existing' ? OWNER.email : `${series}-${i}@example.org`));
    }
  }
  const [existing, fresh, reference] = [latencies(times.existing), latencies(times.fresh), latencies(times.reference)];
  const row = (label: string, l: typeof fresh) => console.log(`  ${label.padEnd(26)} median ${l.p50.toFixed(1)} ms, p90 ${l.p90.toFixed(1)} ms`);
  console.log(
    `POST /register over HTTP to the site in its own process (NODE_ENV=production): ${ROUNDS} rounds of three after the owner's and ${WARMUP} warm-up registrations, ${PAUSE_MS} ms apart`,
  );
  console.log(
    `  ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} at the end`,
  );
  row('email with an account:', existing);
  row('new email:', fresh);
  row('new email (reference):', reference);
  const result = apart(existing.p50, fresh.p50);
  console.log(
    `  email with an account vs new email: medians differ by ${differ(existing.p50, fresh.p50)}, ${result < LIMIT ? 'within' : 'NOT within'} ${LIMIT} %`,
  );
  console.log(`  new email vs new email (the noise floor): medians differ by ${differ(reference.p50, fresh.p50)}`);
  if (result >= LIMIT) process.exitCode = 1;
} finally {
  await site?.stop();
  await bench.close();
}
