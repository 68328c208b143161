/**
 * npm run chaos [-- --seconds N --seed N --logs DIR]: the three roles as separate processes (two of each)
 * on a PostgreSQL of the run's own, behind one proxy, under a mixed load of readers and writers;
 * every few seconds a random process is killed with SIGKILL and started again, and once
 * PostgreSQL is restarted. Then: every write answered 2xx is in the log exactly once, every read
 * model equals a rebuild from position 0, every scheduled post was published once and not early,
 * every mail job ran once, no answer was ≥ 500 (but 503 with Retry-After while PostgreSQL was
 * down) and no process exited by itself. Exits 1 on any violation.
 */
import { runClusterChaos } from './cluster-scenario.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const value = process.argv[i + 1] ?? '';
  if (!/^\d+$/.test(value)) throw new Error(`--${name}: expected a whole number, got ${value}`);
  return Number(value);
}

const seconds = option('seconds', 120);
const seed = option('seed', Date.now() % 100_000);
const logsAt = process.argv.indexOf('--logs');
const logDir = logsAt === -1 ? undefined : process.argv[logsAt + 1];
console.log(`chaos: ${seconds} s, seed ${seed}`);
const report = await runClusterChaos({
  seconds,
  seed,
  killEveryMs: [3_000, 6_000],
  downMs: [500, 3_000],
  postgresDownMs: 4_000,
  log: (line) => console.log(line),
  ...(logDir ? { logDir } : {}),
});

console.log(`\nkills survived: ${report.kills.length} (${report.kills.map((k) => k.process).join(', ')}); PostgreSQL restarts: ${report.postgresRestarts}`);
const restartMs = report.kills.map((k) => k.restartMs);
if (restartMs.length > 0) console.log(`restart until ready: ${Math.min(...restartMs)}–${Math.max(...restartMs)} ms`);
console.log('\nchecks:');
for (const check of report.checks)
  console.log(`- ${check.name}: ${check.violations.length === 0 ? 'ok' : `${check.violations.length} violation(s)`}; ${check.figures}`);
console.log(`\nviolations: ${report.violations.length}`);
for (const v of report.violations.slice(0, 50)) console.log(`- ${v}`);
process.exit(report.violations.length > 0 ? 1 : 0);
