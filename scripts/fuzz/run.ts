/**
 * npm run fuzz — every route of the OpenAPI document with hostile values, as anonymous, reader,
 * blogger and admin (each with a real session and a valid anti-forgery token). By default against
 * an in-process API on a fresh database with the demo content; `--url` for a running site,
 * `--cluster` for the three roles as separate processes behind one proxy.
 * Prints requests per route, every answer ≥ 500 and every leak in full, and exits 1 when any.
 */
import fs from 'node:fs/promises';
import { benchDatabase } from '../bench/bench-database.js';
import { postgresLedger, type EventLedger } from '../testkit/event-ledger.js';
import { parseCli, USAGE } from './cli-options.js';
import { runFuzz, type FuzzResult } from './fuzz-run.js';
import { startClusterTarget, type ClusterTarget } from './cluster-target.js';
import { startInProcessTarget, type InProcessTarget } from './in-process-target.js';
import { fullReport, resultAsJson, traceTo } from './report.js';

const options = parseCli(process.argv.slice(2));
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

let target: InProcessTarget | null = null;
let clusterTarget: ClusterTarget | null = null;
let ledger: EventLedger | null = null;
const closeAll = async () => {
  await ledger?.close();
  await target?.close();
  await clusterTarget?.close();
};
// Interrupted: the in-process API and its database server are closed all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: closing…`);
    void closeAll().finally(() => process.exit(130));
  });
}
let result: FuzzResult;
let exitedByThemselves: string[] = [];
try {
  if (options.cluster) {
    console.log('starting 2 API, 1 projections and 1 workers process behind a proxy, on a PostgreSQL of their own with the demo content…');
    clusterTarget = await startClusterTarget();
    ledger = postgresLedger(clusterTarget.databaseUrl);
  } else if (!options.url) {
    console.log('starting an in-process API on a fresh database with the demo content…');
    const database = await benchDatabase();
    try {
      target = await startInProcessTarget(database, { logLevel: process.env.FUZZ_LOG_LEVEL ?? 'silent' });
    } catch (error) {
      await database.close();
      throw error;
    }
    ledger = postgresLedger(database.url);
  } else if (options.databaseUrl) {
    ledger = postgresLedger(options.databaseUrl);
  } else {
    console.log('no --database-url: refused writes are checked by the head position of /api/health (other writers may cause false alarms)');
  }
  result = await runFuzz({
    base: target?.base ?? clusterTarget?.cluster.base ?? options.url!,
    seed: options.seed,
    tier: options.tier,
    ...(options.requests !== undefined ? { maxRequests: options.requests } : {}),
    ...(options.seconds !== undefined ? { maxSeconds: options.seconds } : {}),
    credentials: options.credentials,
    provision: target ? (role) => target!.provision(role) : null,
    ledger,
    progress: (line) => console.log(line),
    ...(options.trace ? { trace: traceTo(options.trace) } : {}),
  });
  if (clusterTarget) {
    exitedByThemselves = clusterTarget.cluster.unexpectedExits().map((e) => `${e.process} exited by itself (${e.code}): ${e.tail.slice(-500)}`);
    console.log(`answers by process: ${[...clusterTarget.cluster.proxy.answeredBy()].map(([name, n]) => `${name} ${n}`).join(', ')}`);
  }
} finally {
  await closeAll();
}

console.log(fullReport(result));
for (const line of exitedByThemselves) console.log(`FAILED: ${line}`);
if (options.json) await fs.writeFile(options.json, JSON.stringify(resultAsJson(result), null, 2));
process.exit(result.failures.length > 0 || exitedByThemselves.length > 0 ? 1 : 0);
