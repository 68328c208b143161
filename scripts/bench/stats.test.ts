import { describe, expect, it } from 'vitest';
import { latencies, median } from './stats.js';

describe("the benchmarks' statistics", () => {
  it('take the middle of an odd count and the mean of the middle two of an even one, in any order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
    expect(median([])).toBeNaN();
  });

  it('leave the rounds they are given as they were', () => {
    const rounds = [3, 1, 2];
    median(rounds);
    expect(rounds).toEqual([3, 1, 2]);
  });

  it('give latency percentiles from the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencies(values)).toEqual({ p50: 50, p90: 90, p95: 95, p99: 99, max: 100 });
  });
});
