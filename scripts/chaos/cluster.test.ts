import { expect, it } from 'vitest';
import { runClusterChaos } from './cluster-scenario.js';

it('a short npm run chaos: two processes of each role under load, killed one at a time and PostgreSQL restarted, violate nothing', async () => {
  const report = await runClusterChaos({ seconds: 45, seed: 7, killEveryMs: [3_000, 5_000], downMs: [500, 1_500], postgresDownMs: 3_000 });
  const summary = [...report.timeline, ...report.checks.map((c) => `${c.name}: ${c.figures}`)].join('\n');
  expect(report.violations, summary).toEqual([]);
  expect(report.kills.length, summary).toBeGreaterThan(0);
  expect(
    report.kills.map((k) => k.process.replace(/-\d+$/, '')),
    summary,
  ).toEqual(expect.arrayContaining(['projections', 'workers']));
  expect(report.postgresRestarts).toBe(1);
  expect(report.checks.map((c) => c.name)).toHaveLength(6);
}, 600_000);
