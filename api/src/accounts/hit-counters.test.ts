import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { PostgresHitCounter } from './postgres-hit-counter.js';
import type { HitCounter } from './hit-counter.js';
import { RedisHitCounter } from './redis-hit-counter.js';

const database = useTestDatabase();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What every shared counter must do, whatever keeps the counts. */
function counterContract(name: string, open: () => HitCounter) {
  describe(name, () => {
    it('counts every hit exactly once when many processes hit the same key at once', async () => {
      const processes = [open(), open(), open()];
      try {
        const key = `race-${Math.random()}`;
        const hits = await Promise.all(Array.from({ length: 60 }, (_, i) => processes[i % 3]!.hit(key, 60_000)));
        expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
        for (const h of hits) expect(h.resetInMs).toBeGreaterThan(50_000);
      } finally {
        await Promise.all(processes.map((p) => p.close()));
      }
    });

    it('starts a new window once the old one has ended, and keeps keys apart', async () => {
      const counter = open();
      try {
        const key = `window-${Math.random()}`;
        expect((await counter.hit(key, 300)).count).toBe(1);
        expect((await counter.hit(key, 300)).count).toBe(2);
        expect((await counter.hit(`${key}-other`, 300)).count).toBe(1);
        await sleep(400);
        const fresh = await counter.hit(key, 300);
        expect(fresh.count).toBe(1);
        expect(fresh.resetInMs).toBeGreaterThan(150);
      } finally {
        await counter.close();
      }
    });

    it('keeps counting across a restart: a new process sees the old counts', async () => {
      const key = `restart-${Math.random()}`;
      const before = open();
      await before.hit(key, 60_000);
      await before.hit(key, 60_000);
      await before.close();
      const after = open();
      try {
        expect((await after.hit(key, 60_000)).count).toBe(3);
      } finally {
        await after.close();
      }
    });
  });
}

counterContract('PostgreSQL hit counter', () => new PostgresHitCounter(database().database.db));

const REDIS_URL = process.env.REDIS_URL;
describe.skipIf(!REDIS_URL)('with Redis', () => {
  counterContract('Redis hit counter', () => new RedisHitCounter(REDIS_URL ?? '', undefined, `epos-test:${process.pid}:`));
});

describe('PostgreSQL hit counter housekeeping', () => {
  it('deletes ended windows and keeps live ones', async () => {
    const counter = new PostgresHitCounter(database().database.db);
    try {
      await counter.hit('ends-soon', 50);
      await counter.hit('stays', 60_000);
      await sleep(100);
      expect(await counter.deleteEnded()).toBeGreaterThanOrEqual(1);
      const keys = (await database().database.db.selectFrom('rate_limits').select('key').execute()).map((r) => r.key);
      expect(keys).toContain('stays');
      expect(keys).not.toContain('ends-soon');
    } finally {
      await counter.close();
    }
  });
});
