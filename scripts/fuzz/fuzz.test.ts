/**
 * The quick fuzz inside `npm test`: every route of the OpenAPI document with the quick subset of
 * hostile values, as anonymous, reader, blogger and admin, against an in-process API on a fresh
 * database with the demo content. `npm run fuzz` runs the full set for longer.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import { postgresLedger, type EventLedger } from '../testkit/event-ledger.js';
import { runFuzz, type FuzzResult } from './fuzz-run.js';
import { startInProcessTarget, type InProcessTarget } from './in-process-target.js';
import { describeFailure, fullReport } from './report.js';

let target: InProcessTarget;
let ledger: EventLedger;
let result: FuzzResult;

beforeAll(async () => {
  const database = await newTestDatabase();
  target = await startInProcessTarget({ database: database.database, url: database.url, close: () => database.drop() });
  ledger = postgresLedger(database.url);
  result = await runFuzz({ base: target.base, seed: 1, tier: 1, maxSeconds: 420, provision: (role) => target.provision(role), ledger });
  if (result.failures.length > 0 || !result.complete) console.log(fullReport(result));
}, 540_000);

afterAll(async () => {
  await ledger?.close();
  await target?.close();
}, 300_000);

it('sends the whole quick subset to every route of the OpenAPI document', () => {
  expect(result.complete).toBe(true);
  expect(result.operations.length).toBeGreaterThan(50);
  const starved = result.stats.filter((s) => s.requests < 5).map((s) => `${s.route}: ${s.requests} requests`);
  expect(starved).toEqual([]);
});

it('answers no request with a status ≥ 500 (but deliberate 503s) or not at all', () => {
  const failed = result.failures.filter((f) => f.findings.some((x) => x.kind === 'server-error' || x.kind === 'no-answer'));
  expect(failed.map((f) => describeFailure(f, result.base))).toEqual([]);
});

it('leaks no stack trace, server path, SQL or unescaped script in any answer', () => {
  const leaks = result.failures.filter((f) => f.findings.some((x) => ['stack-trace', 'file-path', 'sql', 'xss'].includes(x.kind)));
  expect(leaks.map((f) => describeFailure(f, result.base))).toEqual([]);
});

it('appends no event for a refused request', () => {
  const refused = result.failures.filter((f) => f.findings.some((x) => x.kind === 'refused-with-events'));
  expect(refused.map((f) => describeFailure(f, result.base))).toEqual([]);
});

it('takes no non-canonical number (true, [1], "0x1", " 1 ") where a number is expected', () => {
  expect(result.lenient.map((f) => `${f.request.method} ${f.request.path} [${f.request.attack}] → ${f.status}`)).toEqual([]);
});
