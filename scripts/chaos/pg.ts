/**
 * npm run chaos:pg: the whole site on a PostgreSQL of its own (a temporary folder, a free port;
 * never the machine's server), under closed loops of reads (an anonymous visitor and the signed-in
 * reader) and acknowledged writes (the reader's notes). PostgreSQL is fast-stopped, then later
 * killed outright, and started again each time. Fails (exit 1) if:
 * - the site exits during the run, or exits other than 0 on SIGINT at the end;
 * - any request gets no answer, or a status ≥ 500 other than 503 with Retry-After;
 * - from 500 ms after a stop until the restart: a read is neither served from the cache nor a 503
 *   with Retry-After, a write is not a 503, or /api/health is not a 503 with Retry-After naming
 *   the database; and at any time while down, a cached read by the signed-in reader answers 503;
 * - a fresh read and an acknowledged write take longer than the bound after a restart;
 * - no write is acknowledged, or for an acknowledged write the event store holds no event or
 *   more than one carrying its request id, or the reader's notes lack it;
 * - the site logs a line at error level or above.
 */
import { runPgChaos } from './scenario.js';

const RECOVERY_BOUND_MS = 15_000;

const report = await runPgChaos({ outages: ['fast', 'kill'], downMs: 5_000, settleMs: 4_000, recoveryBoundMs: RECOVERY_BOUND_MS });
console.log(`timeline:\n${report.timeline.join('\n')}`);
console.log('\nanswers:', report.counts);
console.log(`recoveries: ${report.recoveriesMs.map((ms) => `${ms} ms`).join(', ')} (bound ${RECOVERY_BOUND_MS} ms)`);
if (report.failures.length > 0) {
  console.error(`\nchaos:pg FAILED\n- ${report.failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nchaos:pg passed: the site stayed up, answered 503 or from its cache while PostgreSQL was down, recovered, and lost no acknowledged write');
