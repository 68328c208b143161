/**
 * The quick fuzz against the three roles as separate processes (2 API, 1 projections, 1 workers)
 * behind one proxy: no answer ≥ 500 (but deliberate 503s), none missing, no process exiting. A
 * count of requests, not a time, sets its length (a busy machine sends fewer a second); the time bounds a hang.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { postgresLedger, type EventLedger } from '../testkit/event-ledger.js';
import { DEMO_LOGINS } from './cli-options.js';
import { startClusterTarget, type ClusterTarget } from './cluster-target.js';
import { runFuzz, type FuzzResult } from './fuzz-run.js';
import { describeFailure, fullReport } from './report.js';

let target: ClusterTarget;
let ledger: EventLedger;
let result: FuzzResult;

beforeAll(async () => {
  target = await startClusterTarget();
  ledger = postgresLedger(target.databaseUrl);
  result = await runFuzz({ base: target.cluster.base, seed: 1, tier: 1, maxRequests: 1000, maxSeconds: 100, credentials: DEMO_LOGINS, ledger });
  if (result.failures.length > 0) console.log(fullReport(result));
}, 400_000);

afterAll(async () => {
  await ledger?.close();
  await target?.close();
}, 300_000);

it('answers no request with a status ≥ 500 (but deliberate 503s) or not at all, through either API process', () => {
  const failed = result.failures.filter((f) => f.findings.some((x) => x.kind === 'server-error' || x.kind === 'no-answer'));
  expect(failed.map((f) => describeFailure(f, result.base))).toEqual([]);
  expect(result.total).toBeGreaterThan(500);
  expect([...target.cluster.proxy.answeredBy().keys()].sort()).toEqual(['api-1', 'api-2']);
});

it('leaves every process running, and appends no event for a refused request', () => {
  expect(target.cluster.unexpectedExits().map((e) => `${e.process} (${e.code}): ${e.tail.slice(-300)}`)).toEqual([]);
  const refused = result.failures.filter((f) => f.findings.some((x) => x.kind === 'refused-with-events'));
  expect(refused.map((f) => describeFailure(f, result.base))).toEqual([]);
});
