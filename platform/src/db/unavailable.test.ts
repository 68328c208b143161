import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testkit/free-port.js';
import { isDatabaseUnavailable } from './unavailable.js';

describe('an unreachable database', () => {
  it('is told from a wrong query for Redis too: a command given up after its retries, a closed connection', async () => {
    const redis = new Redis({ port: await freePort(), host: '127.0.0.1', maxRetriesPerRequest: 1, retryStrategy: () => 50 });
    redis.on('error', () => undefined);
    try {
      const error = await redis.incr('hits').then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      redis.disconnect();
    }
    // What ioredis throws for a command on a connection that has gone away.
    expect(isDatabaseUnavailable(new Error('Connection is closed.'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('ERR wrong number of arguments for command'))).toBe(false);
  });
});
