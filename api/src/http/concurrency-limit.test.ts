import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConcurrencyLimit, type Release } from './concurrency-limit.js';

afterEach(() => vi.useRealTimers());

describe('a concurrency limit', () => {
  it('lets `running` in at once, the next `queued` wait in the order they came, and refuses the rest', async () => {
    const limit = new ConcurrencyLimit(2, 2, 60_000);
    const [a, b] = await Promise.all([limit.enter(), limit.enter()]);
    const entered: string[] = [];
    const c = limit.enter().then((r) => (entered.push('c'), r));
    const d = limit.enter().then((r) => (entered.push('d'), r));
    expect(await limit.enter()).toBeNull();

    a!();
    a!(); // a second release gives back nothing more
    expect(await c).not.toBeNull();
    expect(entered).toEqual(['c']);
    b!();
    expect(await d).not.toBeNull();
    expect(entered).toEqual(['c', 'd']);
  });

  it('refuses whoever waits longer than `waitMs`, and whoever gives up waiting, and keeps their places for others', async () => {
    vi.useFakeTimers();
    const limit = new ConcurrencyLimit(1, 2, 1000);
    const first = (await limit.enter())!;
    const late = limit.enter();
    vi.advanceTimersByTime(1000);
    expect(await late).toBeNull();

    const leaving = new AbortController();
    const gone = limit.enter(leaving.signal);
    const next = limit.enter();
    leaving.abort();
    expect(await gone).toBeNull();
    first();
    const release: Release | null = await next;
    expect(release).not.toBeNull();
    // One place, now held by `next`: the line takes two more again.
    const waiting = [limit.enter(), limit.enter()];
    expect(await limit.enter()).toBeNull();
    release!();
    expect(await waiting[0]).not.toBeNull();
  });

  it('with no wait allowed, refuses at once when every place is taken', async () => {
    const limit = new ConcurrencyLimit(1, 5, 0);
    expect(await limit.enter()).not.toBeNull();
    expect(await limit.enter()).toBeNull();
  });
});
