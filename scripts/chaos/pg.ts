/**
 * npm run chaos:pg: the whole site on a PostgreSQL of its own (a temporary folder, a free port;
 * never the machine's server), under a closed loop of reads and acknowledged writes. PostgreSQL
 * is fast-stopped, then later killed outright, and started again each time. Fails (exit 1) if
 * the site exits, answers anything but a success or a 503 with Retry-After, takes longer than
 * the bound to recover, or loses or duplicates an acknowledged write.
 */
import { runPgChaos } from './scenario.js';

const report = await runPgChaos({ outages: ['fast', 'kill'], downMs: 5_000, settleMs: 4_000, recoveryBoundMs: 15_000 });
console.log(`timeline:\n${report.timeline.join('\n')}`);
console.log('\nanswers:', report.counts);
console.log(`recoveries: ${report.recoveriesMs.map((ms) => `${ms} ms`).join(', ')} (bound 15000 ms)`);
if (report.failures.length > 0) {
  console.error(`\nchaos:pg FAILED\n- ${report.failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nchaos:pg passed: the site stayed up, answered 503 or from its cache while PostgreSQL was down, recovered, and lost no acknowledged write');
