import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { HttpError } from '../http/error-handler.js';
import type { HitCounter } from './hit-counter.js';
import { PostgresHitCounter } from './postgres-hit-counter.js';
import { perMinute, RateLimits } from './rate-limits.js';

const database = useTestDatabase();
const searches = { what: 'searches', windows: [perMinute(3)] };

/** The PostgreSQL counter, telling how many hits reached it. */
function countingCounter(): HitCounter & { hits: () => number } {
  const counter = new PostgresHitCounter(database().database.db);
  let hits = 0;
  return {
    hit: (key, windowMs) => {
      hits++;
      return counter.hit(key, windowMs);
    },
    close: () => counter.close(),
    hits: () => hits,
  };
}

describe('rate limits', () => {
  it('counts a crowd from one address in turn: once one finds the key over its limit, the rest are refused without being counted', async () => {
    const counter = countingCounter();
    try {
      const limits = new RateLimits(counter);
      const key = `read:search:${Math.random()}`;
      const answers = await Promise.allSettled(Array.from({ length: 40 }, () => limits.take({} as FastifyRequest, [searches, key])));
      expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(3);
      const refusals = answers.flatMap((a) => (a.status === 'rejected' ? [a.reason as unknown] : []));
      expect(refusals).toHaveLength(37);
      for (const refusal of refusals) {
        expect(refusal).toBeInstanceOf(HttpError);
        expect((refusal as HttpError).statusCode).toBe(429);
        expect(Number((refusal as HttpError).headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(counter.hits()).toBe(4);
    } finally {
      await counter.close();
    }
  });

  it('counts different addresses side by side', async () => {
    const counter = countingCounter();
    try {
      const limits = new RateLimits(counter);
      const answers = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => limits.take({} as FastifyRequest, [searches, `read:search:${i}-${Math.random()}`])),
      );
      expect(answers.every((a) => a.status === 'fulfilled')).toBe(true);
      expect(counter.hits()).toBe(6);
    } finally {
      await counter.close();
    }
  });
});
