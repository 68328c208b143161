import { describe, it } from 'vitest';
import type { NotificationEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { notificationsDecider } from './notifications-decider.js';

const USER = '6f1c1d1e-0000-4000-8000-000000000001';
const spec = deciderSpec(notificationsDecider(USER));
const read = (id: string): NotificationEvent => ({ type: 'NotificationRead', data: { userId: USER, id } });
const readUpTo = (upTo: string): NotificationEvent => ({ type: 'NotificationsReadUpTo', data: { userId: USER, upTo } });

describe('a reader marking notifications read', () => {
  it('marks one, and marking it again changes nothing', () => {
    spec.when({ kind: 'read', id: '40' }).then([read('40')]);
    spec
      .given([read('40')])
      .when({ kind: 'read', id: '40' })
      .thenNothing();
  });

  it('marks all up to a point, then nothing at or below it', () => {
    spec.when({ kind: 'readUpTo', upTo: '100' }).then([readUpTo('100')]);
    const marked = spec.given([readUpTo('100')]);
    marked.when({ kind: 'read', id: '99' }).thenNothing();
    marked.when({ kind: 'readUpTo', upTo: '50' }).thenNothing();
    marked.when({ kind: 'read', id: '101' }).then([read('101')]);
  });

  it('compares ids as numbers, not as text', () => {
    spec.when({ kind: 'readUpTo', upTo: '9' }).then([readUpTo('9')]);
    spec
      .given([readUpTo('9')])
      .when({ kind: 'readUpTo', upTo: '10' })
      .then([readUpTo('10')]);
  });
});
