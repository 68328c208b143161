/**
 * npm run fuzz — every route of the OpenAPI document with hostile values, as anonymous, reader,
 * blogger and admin (each with a real session and a valid anti-forgery token). By default against
 * an in-process API on a fresh database with the demo content; `--url` for a running site.
 * Prints requests per route, every answer ≥ 500 and every leak in full, and exits 1 when any.
 */
import fs from 'node:fs/promises';
import { benchDatabase } from '../bench/bench-database.js';
import { postgresLedger, type EventLedger } from '../testkit/event-ledger.js';
import { parseCli, USAGE } from './cli-options.js';
import { runFuzz, type FuzzResult } from './fuzz-run.js';
import { startInProcessTarget, type InProcessTarget } from './in-process-target.js';
import { fullReport, resultAsJson, traceTo } from './report.js';

const options = parseCli(process.argv.slice(2));
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}

let target: InProcessTarget | null = null;
let ledger: EventLedger | null = null;
const closeAll = async () => {
  await ledger?.close();
  await target?.close();
};
// Interrupted: the in-process API and its database server are closed all the same.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`${signal}: closing…`);
    void closeAll().finally(() => process.exit(130));
  });
}
let result: FuzzResult;
try {
  if (!options.url) {
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
    base: target?.base ?? options.url!,
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
} finally {
  await closeAll();
}

console.log(fullReport(result));
if (options.json) await fs.writeFile(options.json, JSON.stringify(resultAsJson(result), null, 2));
process.exit(result.failures.length > 0 ? 1 : 0);
