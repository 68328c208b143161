import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { BusyError, Limiter } from './limiter.js';

describe('Limiter', () => {
  it('runs at most `concurrency` tasks at once and every task in the end', async () => {
    const limiter = new Limiter(2, 10);
    let running = 0;
    let most = 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        limiter.run(async () => {
          running++;
          most = Math.max(most, running);
          await sleep(5);
          running--;
          return i;
        }),
      ),
    );
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(limiter.peak).toBe(2);
  });

  it('refuses work beyond its queue with BusyError, and frees slots after failures', async () => {
    const limiter = new Limiter(1, 1);
    const slow = limiter.run(() => sleep(20));
    const queued = limiter.run(() => Promise.reject(new Error('synthesis failed'))).catch((error: Error) => error.message);
    await expect(limiter.run(async () => 'too many')).rejects.toBeInstanceOf(BusyError);
    await slow;
    expect(await queued).toBe('synthesis failed');
    await expect(limiter.run(async () => 'again')).resolves.toBe('again');
  });
});
