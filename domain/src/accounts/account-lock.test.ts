import { describe, it } from 'vitest';
import { deciderSpec } from '../testkit/decider-spec.js';
import { lockAccount } from './account-lock.js';

const userId = '11111111-1111-4111-8111-111111111111';
const admin = '22222222-2222-4222-8222-222222222222';
const open = { locked: false, deleted: false };
const spec = deciderSpec(lockAccount);

describe('locking an account', () => {
  it('locks and unlocks once each way', () => {
    spec.when({ userId, locked: true, actorId: admin, target: open }).then([{ type: 'AccountLocked', data: { userId } }]);
    spec.when({ userId, locked: true, actorId: admin, target: { ...open, locked: true } }).thenNothing();
    spec.when({ userId, locked: false, actorId: admin, target: { ...open, locked: true } }).then([{ type: 'AccountUnlocked', data: { userId } }]);
    spec.when({ userId, locked: false, actorId: admin, target: open }).thenNothing();
  });

  it('refuses an unknown or deleted account, and locking oneself', () => {
    spec.when({ userId, locked: true, actorId: admin, target: null }).thenRefuses('not_found', 'Not Found');
    spec.when({ userId, locked: true, actorId: admin, target: { ...open, deleted: true } }).thenRefuses('not_found', 'Not Found');
    spec.when({ userId: admin, locked: true, actorId: admin, target: open }).thenRefuses('invalid', /your own account/);
  });
});
