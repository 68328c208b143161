import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type SiteProcess } from '../testkit/site-process.js';
import { memoryAttack } from './memory.js';
import { streamsAttack } from './streams.js';
import { diskAttack } from './disk.js';
import { expensiveCallsAttack } from './expensive-calls.js';

// The short version of `npm run abuse`, on a real site process, as `npm start` runs it (under
// vitest NODE_ENV is test, where every answer is parsed again against its contract).
const settings = { CACHE_MEMORY_MB: '32', STORAGE_ACCOUNT_QUOTA_MB: '120', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
let site: SiteProcess;
beforeAll(async () => {
  site = await startSite({ env: settings });
}, 180_000);
afterAll(async () => site?.stop());
// The site holds through each attack: if it ended, its last words say why.
afterEach(() => expect(site.exitCode(), site.output().slice(-5000)).toBeNull());

describe('the site under abuse', () => {
  it('holds its memory within the cache budget + 100 MiB through 20,000 GETs with made-up query strings over every cached read', async () => {
    const report = await memoryAttack({ site, seconds: 150, settings }, 20_000);
    expect(report.problems).toEqual([]);
    expect(report.figures['GETs sent']).toBe(20_000);
  }, 180_000);

  it('caps the notification streams one session and one address hold, refusing with 429 and Retry-After, and ends them all on logging out', async () => {
    const report = await streamsAttack({ site, seconds: 30, settings });
    expect(report.problems).toEqual([]);
    expect(report.figures).toMatchObject({
      'streams held by one session': 4,
      'streams held from one address': 16,
      'refusals seen': 'in this session, from your address',
    });
  }, 60_000);
  // Its p99 budget is measured by `npm run abuse`, not asserted here: on a machine busy with other work it is noise.
  it('refuses most of a flood of searches and downloads from one address, each refusal with Retry-After and the RateLimit fields', async () => {
    const report = await expensiveCallsAttack({ site, seconds: 8, settings });
    expect(report.figures['refusals without Retry-After or the RateLimit fields']).toBe(0);
    expect(report.figures['answers other than 200, 429 or 503']).toBe(0);
    for (const kind of ['downloads', 'searches']) expect(String(report.figures[kind])).toMatch(/ [1-9]\d* refused 429/);
    expect(report.problems.filter((p) => !p.startsWith("a cached section's p99"))).toEqual([]);
  }, 180_000);

  it("stores a reader's 50 MB uploads only up to the account's quota, refusing the rest by name, leaving nothing half-written, and reading goes on", async () => {
    const report = await diskAttack({ site, seconds: 20, settings });
    expect(report.problems).toEqual([]);
    expect(report.figures['uploads stored']).toBeGreaterThan(0);
    expect(String(report.figures.answers)).toMatch(/ 413/);
  }, 120_000);
});
