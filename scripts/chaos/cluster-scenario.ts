/**
 * The chaos run across processes: two API, two projections and two workers processes on one
 * PostgreSQL of the run's own, behind one proxy, under a mixed load; every few seconds a random
 * process is killed (SIGKILL) and started again a moment later, and once PostgreSQL itself is
 * restarted. Then the load stops, the processes catch up, and the checks of cluster-checks.ts
 * and read-model-rebuild.ts run.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { DEFAULT_LEASE_TTL_MS } from '@epos/platform/projections/lease';
import { seededRandom } from '@epos/platform/testkit/seeded-random';
import { createKillablePostgres, type KillablePostgres } from '@epos/platform/testkit/killable-postgres';
import { startCluster, type Cluster, type ClusterRole, type RoleProcess } from '../testkit/cluster.js';
import { SiteClient } from '../testkit/site-client.js';
import { logLinesAtLeast, startSite } from '../testkit/site-process.js';
import {
  checkAcknowledgedWrites,
  checkAnswers,
  checkMails,
  checkScheduledPosts,
  commentIdsOf,
  eventsByCorrelation,
  outboxSuffix,
  outboxSuffixes,
  type CheckResult,
  type ExpectedFailures,
  type Window,
} from './cluster-checks.js';
import { ClusterLoad, type ChaosAnswer } from './cluster-load.js';
import { watchProjectionLag } from './projection-lag.js';
import { compareWithRebuild, untilProjectionsAtHead } from './read-model-rebuild.js';

export interface ClusterChaosOptions {
  seconds: number;
  seed: number;
  /** Between one kill's restart and the next kill. */
  killEveryMs: readonly [number, number];
  /** How long a killed process stays down. */
  downMs: readonly [number, number];
  /** How long PostgreSQL stays down in its one restart. */
  postgresDownMs: number;
  log?: (line: string) => void;
  /** Where to write each process's output (all its lives) at the end, as `<name>.log`. */
  logDir?: string;
}

interface Kill {
  process: string;
  /** Milliseconds since the run's load started. */
  at: number;
  downMs: number;
  /** How long the restart took until it was ready again. */
  restartMs: number;
}

export interface ClusterChaosReport {
  kills: Kill[];
  postgresRestarts: number;
  checks: CheckResult[];
  violations: string[];
  timeline: string[];
}

/** A 503 with Retry-After counts as the outage's from PostgreSQL's stop until this long after its start. */
const RECONNECT_GRACE_MS = 15_000;
/** A request cut short counts as the kill's when it fails this long after it. */
const KILL_GRACE_MS = 2_000;
/** The processes run the default PROJECTION_LEASE_SECONDS: a killed holder's leases may stand that long. */
const LEASE_MS = DEFAULT_LEASE_TTL_MS;
/** A read that must see a write waits this long (CONSISTENCY_TIMEOUT_MS, 3 s, and a margin) before its 503. */
const CONSISTENCY_WAIT_MS = 4_000;

const LOGINS = { reader: 'demo-reader-password', blogger: 'demo-blogger-password', admin: 'demo-admin-password' } as const;

export async function runClusterChaos(options: ClusterChaosOptions): Promise<ClusterChaosReport> {
  const log = options.log ?? (() => undefined);
  const postgres = await createKillablePostgres();
  let cluster: Cluster | null = null;
  try {
    const databaseUrl = await postgres.createDatabase('epos_chaos');
    log(`PostgreSQL of its own on port ${postgres.port}; seeding the demo…`);
    // Only the whole site seeds the demo: once, then the roles run on their own.
    const seeder = await startSite({ databaseUrl });
    await seeder.stop();
    cluster = await startCluster({ databaseUrl, api: 2, projections: 2, workers: 2, env: { RATE_LIMIT_FACTOR: '1000' } });
    log(`cluster ready behind ${cluster.base}: ${cluster.processes.map((p) => `${p.name} (pid ${p.pid()})`).join(', ')}`);
    return await underChaos(cluster, postgres, databaseUrl, options, log);
  } finally {
    if (cluster && options.logDir) await writeLogs(cluster, options.logDir);
    await cluster?.stop();
    await postgres.destroy();
  }
}

async function writeLogs(cluster: Cluster, dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const p of cluster.processes) await fs.writeFile(path.join(dir, `${p.name}.log`), p.output());
}

async function underChaos(
  cluster: Cluster,
  postgres: KillablePostgres,
  databaseUrl: string,
  options: ClusterChaosOptions,
  log: (line: string) => void,
): Promise<ClusterChaosReport> {
  const random = seededRandom(options.seed);
  const between = ([least, most]: readonly [number, number]) => least + random() * (most - least);
  const started = Date.now();
  const timeline: string[] = [];
  const mark = (line: string) => {
    const entry = `t=${((Date.now() - started) / 1000).toFixed(1).padStart(6)}s  ${line}`;
    timeline.push(entry);
    log(entry);
  };
  const clients = await signIn(cluster.base);
  const blog = await firstWritableBlog(clients.blogger);
  const load = new ClusterLoad(clients, { random, blog, scheduleAheadMs: [2_000, 8_000], pauseMs: 250 });
  const kills: Kill[] = [];
  const expected = { outages: [] as Window[], kills: [] as Window[], takeovers: [] as Window[] };
  const violations: string[] = [];
  const pickVictim = victims(cluster, random);
  const projectionKills: number[] = [];
  const lag = watchProjectionLag(databaseUrl);

  load.start();
  mark(`load started (blog ${blog})`);
  const end = started + options.seconds * 1000;
  const restarts = new Map<RoleProcess, Promise<void>>();
  let postgresRestarted = false;
  const restartPostgres = async () => {
    postgresRestarted = true;
    // A role cannot boot while PostgreSQL is down: the restarts under way finish first.
    await Promise.all(restarts.values());
    const from = Date.now();
    await postgres.stop('fast');
    mark('PostgreSQL stopped (fast shutdown)');
    await sleep(options.postgresDownMs);
    await postgres.start();
    mark('PostgreSQL started again');
    expected.outages.push({ from, to: Date.now() + RECONNECT_GRACE_MS });
  };
  while (Date.now() < end) {
    await sleep(between(options.killEveryMs));
    if (Date.now() >= end) break;
    if (!postgresRestarted && Date.now() - started > (options.seconds * 1000) / 2) {
      await restartPostgres();
      continue;
    }
    const victim = pickVictim([...restarts.keys()]);
    if (!victim) continue;
    const at = Date.now();
    await victim.kill('SIGKILL');
    expected.kills.push({ from: at, to: Date.now() + KILL_GRACE_MS });
    if (victim.role === 'projections') projectionKills.push(at);
    mark(`SIGKILL ${victim.name}`);
    const downMs = Math.round(between(options.downMs));
    restarts.set(
      victim,
      (async () => {
        await sleep(downMs);
        const restarting = Date.now();
        try {
          await victim.restart();
          mark(`${victim.name} restarted (pid ${victim.pid()}, ready in ${Date.now() - restarting} ms)`);
          kills.push({ process: victim.name, at: at - started, downMs, restartMs: Date.now() - restarting });
        } catch (error) {
          violations.push(`${victim.name} did not start again: ${error instanceof Error ? error.message.slice(0, 500) : String(error)}`);
        } finally {
          restarts.delete(victim);
        }
      })(),
    );
  }
  if (!postgresRestarted) await restartPostgres();
  await Promise.all(restarts.values());
  await load.stop();
  await lag.stop();
  mark(`load stopped: ${load.answers.length} answers`);
  for (const at of projectionKills) {
    const takeover = lag.untilCaughtUp(at, LEASE_MS);
    expected.takeovers.push({ from: takeover.from, to: takeover.to + CONSISTENCY_WAIT_MS });
    // Never shorter than the lease: the window, not the takeover time.
    const until =
      takeover.to === Number.POSITIVE_INFINITY
        ? 'the end (never caught up)'
        : `${((takeover.to - at) / 1000).toFixed(1)} s after it (at least the ${LEASE_MS / 1000} s lease)`;
    mark(`projections kill at t=${((at - started) / 1000).toFixed(1)}s: not_consistent_yet allowed until the read models were at the head again, ${until}`);
  }

  const checks = await settleAndCheck(cluster, postgres, databaseUrl, load.answers, expected, new Date(started), mark);
  for (const check of checks) violations.push(...check.violations.map((v) => `${check.name}: ${v}`));
  return { kills, postgresRestarts: postgresRestarted ? 1 : 0, checks, violations, timeline };
}

/**
 * The next process to kill, among those running and not being restarted, keeping one process of
 * each role up (two of each: the other one carries on): each role in turn first (so each is
 * killed at least once), then any.
 */
function victims(cluster: Cluster, random: () => number): (busy: readonly RoleProcess[]) => RoleProcess | null {
  const roles: ClusterRole[] = ['projections', 'workers', 'api'];
  let turn = 0;
  return (busy) => {
    const up = cluster.processes.filter((p) => p.running() && !busy.includes(p));
    const candidates = up.filter((p) => up.some((other) => other !== p && other.role === p.role));
    const role = roles[turn];
    const ofRole = candidates.filter((p) => p.role === role);
    const from = ofRole.length > 0 ? ofRole : candidates;
    if (from.length === 0) return null;
    turn++;
    return from[Math.floor(random() * from.length)]!;
  };
}

async function settleAndCheck(
  cluster: Cluster,
  postgres: KillablePostgres,
  databaseUrl: string,
  answers: readonly ChaosAnswer[],
  expected: ExpectedFailures,
  since: Date,
  mark: (line: string) => void,
): Promise<CheckResult[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const writes = answers.filter((a) => a.requestId).map((a) => a.requestId!);
    // Scheduled posts falling due after the load, and the mails they and the comments cause.
    await untilScheduledPublished(client, answers, 60_000);
    const events = await eventsByCorrelation(client, writes);
    const commentIds = commentIdsOf(answers, events);
    await untilMailed(cluster.dataDir, commentIds, 60_000);
    mark('scheduled posts due and comment mails sent (or timed out waiting)');

    for (const p of [...cluster.byRole('workers'), ...cluster.byRole('api')]) await p.kill('SIGINT');
    const atHead = await untilProjectionsAtHead(client, 60_000);
    mark(`workers and APIs stopped; projections ${atHead ? 'at the head' : 'NOT at the head after 60 s'}`);
    const checks: CheckResult[] = [
      checkAnswers(answers, expected),
      checkAcknowledgedWrites(answers, await eventsByCorrelation(client, writes)),
      await checkScheduledPosts(client, answers),
      await checkMails(client, cluster.dataDir, commentIds, since),
    ];
    for (const p of cluster.byRole('projections')) await p.kill('SIGINT');
    checks.push(processCheck(cluster));
    if (!atHead)
      checks.push({
        name: 'projections caught up',
        figures: '',
        violations: ['the projections did not reach the head of the log within 60 s of the load stopping'],
      });
    await client.end();
    mark('every process stopped; rebuilding the read models from position 0…');
    const comparison = await compareWithRebuild(postgres.adminUrl, databaseUrl, { timeoutMs: 300_000 });
    checks.push({
      name: 'read models equal a rebuild from position 0',
      figures: `${comparison.live.size} tables hashed, rebuilt in ${comparison.rebuildMs} ms`,
      violations: comparison.differences,
    });
    return checks;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** No process exited unless killed or stopped; how many error lines each logged. */
function processCheck(cluster: Cluster): CheckResult {
  const errors = cluster.processes.map((p) => ({ name: p.name, lines: logLinesAtLeast(50, p.output()) })).filter((e) => e.lines.length > 0);
  return {
    name: 'no process exited by itself',
    figures:
      errors.length === 0 ? 'no error lines logged' : `error lines: ${errors.map((e) => `${e.name} ${e.lines.length} (first: ${e.lines[0]!.msg})`).join('; ')}`,
    violations: cluster.unexpectedExits().map((e) => `${e.process} exited by itself (${e.code}): ${e.tail.slice(-300)}`),
  };
}

async function untilScheduledPublished(client: pg.Client, answers: readonly ChaosAnswer[], timeoutMs: number): Promise<void> {
  const ids = answers.filter((a) => a.command === 'scheduled-post' && a.status >= 200 && a.status < 300 && a.postId).map((a) => a.postId!);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query<{ n: string }>(
      `select count(distinct data->>'postId') as n from events where type = 'PostPublished' and data->>'postId' = any($1::text[])`,
      [ids],
    );
    if (Number(rows[0]!.n) >= ids.length) return;
    await sleep(500);
  }
}

async function untilMailed(dataDir: string, commentIds: readonly string[], timeoutMs: number): Promise<void> {
  const expected = commentIds.map((id) => outboxSuffix(`comment-${id}`));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const present = new Set(await outboxSuffixes(dataDir));
    if (expected.every((s) => present.has(s))) return;
    await sleep(500);
  }
}

async function signIn(base: string) {
  const client = async (userName: keyof typeof LOGINS) => {
    const c = new SiteClient(base);
    await c.login(userName, LOGINS[userName]);
    return c;
  };
  return {
    visitors: [new SiteClient(base), new SiteClient(base)],
    reader: await client('reader'),
    blogger: await client('blogger'),
    admin: await client('admin'),
  };
}

async function firstWritableBlog(blogger: SiteClient): Promise<string> {
  const response = await blogger.request('GET', '/postdata/myblogs');
  const blogs = (await response.json()) as { slug: string }[];
  if (!response.ok || blogs.length === 0) throw new Error(`the blogger has no blog to write in (${response.status})`);
  return blogs[0]!.slug;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
