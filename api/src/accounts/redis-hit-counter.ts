import { Redis } from 'ioredis';
import type { HitCounter, Hits } from './hit-counter.js';

/** INCR and the window's expiry in one step, so concurrent processes never lose a hit or a window. */
const HIT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

/** Rate-limit counters in Redis (when REDIS_URL is set): keys expire with their window. */
export class RedisHitCounter implements HitCounter {
  private readonly redis: Redis;

  constructor(
    url: string,
    onError: (error: unknown) => void = () => undefined,
    private readonly prefix = 'epos:rate-limit:',
  ) {
    this.redis = new Redis(url, { connectionName: 'epos-rate-limits', maxRetriesPerRequest: 2 });
    // While Redis is away, each hit fails (and so does the request counted): the connection retries meanwhile.
    this.redis.on('error', onError);
  }

  async hit(key: string, windowMs: number): Promise<Hits> {
    const reply = await this.redis.eval(HIT, 1, `${this.prefix}${key}`, Math.ceil(windowMs));
    if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number')
      throw new Error('Redis answered the rate-limit script unexpectedly');
    return { count: reply[0], resetInMs: reply[1] };
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
