/**
 * npm run abuse — what a hostile client can make the site hold, store or spend (issue 35): each
 * attack against a real site process on its embedded PostgreSQL, printing the resident memory, the
 * disk and the cheap reads' latency it measured, and every bound that did not hold (exit 1).
 *   --seconds N   how long each attack may run (default 60)
 *   --only a,b    only these attacks (names in scripts/abuse/attacks.ts)
 */
import { parseArgs } from 'node:util';
import { pinningNote, SERVER_CORE } from '../bench/pinning.js';
import { startSite } from '../testkit/site-process.js';
import type { AbuseReport } from './attack.js';
import { attacks } from './attacks.js';

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '60' }, only: { type: 'string' } } });
const seconds = Number(values.seconds);
if (!(seconds > 0)) throw new Error('--seconds: expected a number of seconds above 0');
const chosen = values.only ? values.only.split(',').map((name) => name.trim()) : Object.keys(attacks);
const unknown = chosen.filter((name) => !(name in attacks));
if (unknown.length > 0) throw new Error(`--only: no attack named ${unknown.join(', ')} (there are ${Object.keys(attacks).join(', ')})`);

/** A budget small enough that the cache attack meets it within a minute. */
const settings = { CACHE_MEMORY_MB: '128', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
console.log(
  `starting the site (${Object.entries(settings)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')})…`,
);
// The site (and the PostgreSQL it starts) on one core, the attacks and the measuring clients on the other.
const site = await startSite({ env: settings, core: SERVER_CORE });
console.log(pinningNote('embedded'));
const reports: AbuseReport[] = [];
try {
  for (const name of chosen) {
    console.log(`\n${name}…`);
    const report = await attacks[name]!({ site, seconds, settings });
    reports.push(report);
    console.log(`${report.attack}`);
    for (const [figure, value] of Object.entries(report.figures)) console.log(`  ${figure.padEnd(44)} ${value}`);
    for (const problem of report.problems) console.log(`  PROBLEM: ${problem}`);
  }
} finally {
  await site.stop();
}
const problems = reports.flatMap((r) => r.problems);
console.log(problems.length === 0 ? '\nevery bound held' : `\n${problems.length} bound(s) broken`);
process.exitCode = problems.length === 0 ? 0 : 1;
