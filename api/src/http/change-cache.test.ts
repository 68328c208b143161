import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceChange, announceUnshownChange } from '@epos/platform';
import { useTestDatabase } from '@epos/platform/testkit/vitest';
import { ChangeCache } from './change-cache.js';
import { MemoryBudget, MIB } from './memory-budget.js';

const CHANNEL = 'epos_test_changes';
const testDb = useTestDatabase();
let cache: ChangeCache;

beforeAll(async () => {
  cache = new ChangeCache(testDb().database, CHANNEL, new MemoryBudget(64 * MIB));
  await cache.start();
});
afterAll(async () => cache.close());

/** Reads `keys` through the cache and answers which of them were built (not found in the cache). */
async function built(keys: [key: string, scope?: string][]): Promise<string[]> {
  const made: string[] = [];
  for (const [key, scope] of keys) await cache.body(key, async () => (made.push(key), { key }), scope);
  return made;
}

async function announce(position: bigint, scopes?: string[]) {
  await announceChange(testDb().database.db, CHANNEL, position, scopes);
  await expect.poll(() => cache.covers(position)).toBe(true);
}

describe('ChangeCache', () => {
  const keys: [string, string?][] = [['list of a', 'a'], ['list of b', 'b'], ['every blog']];

  it('keeps answers until a change: a scoped change drops that scope and unscoped answers, a change without scopes drops all', async () => {
    expect(await built(keys)).toEqual(['list of a', 'list of b', 'every blog']);
    expect(await built(keys)).toEqual([]);
    await announce(1n, ['a']);
    expect(await built(keys)).toEqual(['list of a', 'every blog']);
    await announce(2n, ['c']);
    expect(await built(keys)).toEqual(['every blog']);
    await announce(3n);
    expect(await built(keys)).toEqual(['list of a', 'list of b', 'every blog']);
  });

  it('does not keep an answer that was being built when a change arrived', async () => {
    let release = () => undefined as void;
    const slow = cache.body('slow', () => new Promise((resolve) => (release = () => resolve({ slow: true }))), 'b');
    await announce(4n, ['a']);
    release();
    await slow;
    expect(await built([['slow', 'b']])).toEqual(['slow']);
  });

  it('keeps every answer through a change none of them shows, and has seen its position', async () => {
    await announce(10n);
    expect(await built(keys)).toEqual(['list of a', 'list of b', 'every blog']);
    await announceUnshownChange(testDb().database.db, CHANNEL, 11n);
    await expect.poll(() => cache.covers(11n)).toBe(true);
    expect(await built(keys)).toEqual([]);
  });
});
