/**
 * `npm run bench:idle`: what the site does while nobody uses it (docs/decisions/idle-background-work.md).
 * The site as `npm start` runs it (demo content, on core 0), left alone to settle, then sampled every
 * 5 s: the CPU its process used (every thread) as a share of one core, and the commits its database
 * made (PostgreSQL's `pg_stat_database`, so the work of every process on it). No budget: the figure
 * is what the idle site takes from the core that serves answers.
 * Env: BENCH_SETTLE (60 s before the first sample), BENCH_DURATION (90 s of samples), DATABASE_URL
 * (its server; else an embedded PostgreSQL).
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { startSite } from '../testkit/site-process.js';
import { benchDatabase } from './bench-database.js';
import { pinningNote, SERVER_CORE } from './pinning.js';
import { median } from './stats.js';

const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE ?? 60);
const SECONDS = Number(process.env.BENCH_DURATION ?? 90);
const SAMPLE_SECONDS = 5;

const bench = await benchDatabase();
const site = await startSite({ databaseUrl: bench.url, env: { NODE_ENV: 'development', LOG_LEVEL: 'info' }, core: SERVER_CORE });
const commits = async () => {
  const { rows } = await sql<{ n: string }>`select xact_commit::text as n from pg_stat_database where datname = current_database()`.execute(bench.database.db);
  return Number(rows[0]!.n);
};
try {
  console.log(`bench:idle: npm start (tsx, demo content), ${os.cpus().length} cores, Node ${process.version}; ${pinningNote()}`);
  console.log(`settling ${SETTLE_SECONDS} s, then ${SECONDS} s of ${SAMPLE_SECONDS}-second samples`);
  await sleep(SETTLE_SECONDS * 1000);
  const cpu: number[] = [];
  const perSecond: number[] = [];
  for (let elapsed = 0; elapsed < SECONDS; elapsed += SAMPLE_SECONDS) {
    const [cpu0, commits0, t0] = [site.cpuSeconds(), await commits(), performance.now()];
    await sleep(SAMPLE_SECONDS * 1000);
    const seconds = (performance.now() - t0) / 1000;
    // Less this sample's own query.
    const made = (await commits()) - commits0 - 1;
    cpu.push((site.cpuSeconds() - cpu0) / seconds);
    perSecond.push(made / seconds);
  }
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  console.log(`site process CPU, share of a core (median / max of ${cpu.length} samples): ${percent(median(cpu))} / ${percent(Math.max(...cpu))}`);
  console.log(`database commits per second (median / max): ${median(perSecond).toFixed(1)} / ${Math.max(...perSecond).toFixed(1)}`);
} finally {
  await site.stop();
  await bench.close();
}
