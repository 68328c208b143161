import { describe, expect, it } from 'vitest';
import { runPgChaos } from './scenario.js';

describe('the site across a PostgreSQL restart (a short npm run chaos:pg)', () => {
  it('stays up, answers 503 with Retry-After or from its cache while PostgreSQL is down, recovers, and loses no acknowledged write', async () => {
    const report = await runPgChaos({ outages: ['fast'], downMs: 2_000, settleMs: 1_500, recoveryBoundMs: 10_000 });
    expect(report.failures, report.timeline.join('\n')).toEqual([]);
    expect(report.recoveriesMs).toHaveLength(1);
    expect(report.counts['read 200 (from cache)']).toBeGreaterThan(0);
    expect(report.counts['write 503']).toBeGreaterThan(0);
    expect(report.counts['write 200']).toBeGreaterThan(0);
  }, 300_000);
});
