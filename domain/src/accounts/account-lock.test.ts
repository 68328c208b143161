import { describe, expect, it } from 'vitest';
import { lockAccount } from './account-lock.js';

const userId = '11111111-1111-4111-8111-111111111111';
const admin = '22222222-2222-4222-8222-222222222222';
const open = { locked: false, deleted: false };

describe('locking an account', () => {
  it('locks and unlocks once each way', () => {
    expect(lockAccount({ userId, locked: true, actorId: admin, target: open })).toEqual([{ type: 'AccountLocked', data: { userId } }]);
    expect(lockAccount({ userId, locked: true, actorId: admin, target: { ...open, locked: true } })).toEqual([]);
    expect(lockAccount({ userId, locked: false, actorId: admin, target: { ...open, locked: true } })).toEqual([{ type: 'AccountUnlocked', data: { userId } }]);
    expect(lockAccount({ userId, locked: false, actorId: admin, target: open })).toEqual([]);
  });

  it('refuses an unknown or deleted account, and locking oneself', () => {
    expect(() => lockAccount({ userId, locked: true, actorId: admin, target: null })).toThrow('Not Found');
    expect(() => lockAccount({ userId, locked: true, actorId: admin, target: { ...open, deleted: true } })).toThrow('Not Found');
    expect(() => lockAccount({ userId: admin, locked: true, actorId: admin, target: open })).toThrow(/your own account/);
  });
});
