import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSite, type SiteProcess } from '../testkit/site-process.js';
import { memoryAttack } from './memory.js';
import { streamsAttack } from './streams.js';

// The short version of `npm run abuse`, on a real site process, as `npm start` runs it (under
// vitest NODE_ENV is test, where every answer is parsed again against its contract).
const settings = { CACHE_MEMORY_MB: '32', LOG_LEVEL: 'warn', NODE_ENV: 'development' };
let site: SiteProcess;
beforeAll(async () => {
  site = await startSite({ env: settings });
}, 180_000);
afterAll(async () => site?.stop());

describe('the site under abuse', () => {
  it('holds its memory within the cache budget + 100 MiB through 20,000 GETs with made-up query strings over every cached read', async () => {
    const report = await memoryAttack({ site, seconds: 150, settings }, 20_000);
    expect(report.problems).toEqual([]);
    expect(report.figures['GETs sent']).toBe(20_000);
  }, 180_000);

  it('caps the notification streams one session and one address hold, refusing with 429 and Retry-After, and ends them all on logging out', async () => {
    const report = await streamsAttack({ site, seconds: 30, settings });
    expect(report.problems).toEqual([]);
    expect(report.figures).toMatchObject({ 'streams held by one session': 4, 'streams held from one address': 16, 'refusals seen': 'in this session, from your address' });
  }, 60_000);
});
