import { describe, expect, it } from 'vitest';
import { BoundedEntries } from './bounded-entries.js';
import { keptBodyCost, MemoryBudget } from './memory-budget.js';

const KIB = 1024;
const bytes = (value: string) => value.length;

describe('one memory budget for every cache', () => {
  it('never lets the caches together hold more than the budget, taking room from the largest', () => {
    const budget = new MemoryBudget(100 * KIB);
    const large = new BoundedEntries<string>(budget, 'large', bytes);
    const small = new BoundedEntries<string>(budget, 'small', bytes);
    small.set('a', 'x'.repeat(5 * KIB));
    for (let i = 0; i < 50; i++) large.set(`page ${i}`, 'y'.repeat(10 * KIB));
    expect(budget.usedBytes).toBeLessThanOrEqual(100 * KIB);
    // The small cache kept its entry: the large one gave up its oldest.
    expect(small.peek('a')).toBeDefined();
    expect(large.peek('page 0')).toBeUndefined();
    expect(large.peek('page 49')).toBeDefined();
    expect(budget.usage()).toEqual({ large: large.size * keptBodyCost('page 10', 10 * KIB), small: keptBodyCost('a', 5 * KIB) });
  });

  it('drops the least recently used entry first', () => {
    const budget = new MemoryBudget(3 * keptBodyCost('k1', KIB));
    const cache = new BoundedEntries<string>(budget, 'c', bytes);
    for (const key of ['k1', 'k2', 'k3']) cache.set(key, 'z'.repeat(KIB));
    cache.get('k1');
    cache.set('k4', 'z'.repeat(KIB));
    expect(['k1', 'k2', 'k3', 'k4'].filter((k) => cache.peek(k) !== undefined)).toEqual(['k1', 'k3', 'k4']);
  });

  it('counts an entry replaced, deleted or cleared only once, and a closed cache not at all', () => {
    const budget = new MemoryBudget(1024 * KIB);
    const cache = new BoundedEntries<string>(budget, 'c', bytes);
    cache.set('k', 'a'.repeat(KIB));
    cache.set('k', 'b'.repeat(2 * KIB));
    expect(budget.usedBytes).toBe(keptBodyCost('k', 2 * KIB));
    cache.deleteWhere((v) => v.startsWith('b'));
    expect(budget.usedBytes).toBe(0);
    cache.set('k', 'c');
    cache.clear();
    expect(budget.usedBytes).toBe(0);
    cache.set('k', 'c');
    cache.close();
    expect(budget.usage()).toEqual({});
  });

  it('keeps nothing larger than the whole budget', () => {
    const budget = new MemoryBudget(10 * KIB);
    const cache = new BoundedEntries<string>(budget, 'c', bytes);
    cache.set('huge', 'h'.repeat(20 * KIB));
    expect(cache.size).toBe(0);
    expect(budget.usedBytes).toBe(0);
  });
});
