import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTestDatabase } from '../testkit/vitest.js';
import type { TestDatabase } from '../testkit/test-database.js';
import { ProjectionLeases } from './lease.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await newTestDatabase();
});
afterAll(async () => testDb?.drop());

const expiry = async (name: string) =>
  (await testDb.database.db.selectFrom('projection_leases').select('expires_at').where('name', '=', name).executeTakeFirstOrThrow()).expires_at;

describe('kept leases', () => {
  it('are renewed together, one statement for all, and each one taken by another holder is told so', async () => {
    const db = testDb.database.db;
    const ours = new ProjectionLeases({ holder: 'ours', ttlMs: 600 });
    const theirs = new ProjectionLeases({ holder: 'theirs', ttlMs: 600 });
    expect(await ours.tryTake(db, 'alpha', 1)).toBe(true);
    expect(await ours.tryTake(db, 'beta', 1)).toBe(true);
    const lost: string[] = [];
    const letGoAlpha = ours.keep(db, 'alpha', 1, () => lost.push('alpha'));
    const letGoBeta = ours.keep(db, 'beta', 1, () => lost.push('beta'));

    // Kept past three lease times: renewed, so nobody else can take them.
    const first = await expiry('alpha');
    await new Promise((resolve) => setTimeout(resolve, 1_800));
    expect((await expiry('alpha')).getTime()).toBeGreaterThan(first.getTime());
    expect(await theirs.tryTake(db, 'alpha', 1)).toBe(false);
    expect(await theirs.tryTake(db, 'beta', 1)).toBe(false);
    expect(lost).toEqual([]);

    // beta let go: no longer renewed, it lapses and another takes it; alpha is still kept.
    letGoBeta();
    await expect.poll(() => theirs.tryTake(db, 'beta', 1), { timeout: 5_000, interval: 100 }).toBe(true);
    expect(lost).toEqual([]);

    // alpha taken from under us (as by a holder that found it lapsed while we were paused): told once the next renewal misses it.
    await db.updateTable('projection_leases').set({ holder: 'theirs' }).where('name', '=', 'alpha').execute();
    await expect.poll(() => lost, { timeout: 5_000, interval: 50 }).toEqual(['alpha']);
    letGoAlpha();
  });
});
