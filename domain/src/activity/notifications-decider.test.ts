import { describe, expect, it } from 'vitest';
import type { NotificationEvent } from '@epos/schemas';
import { notificationsDecider, type NotificationsCommand } from './notifications-decider.js';

const USER = '6f1c1d1e-0000-4000-8000-000000000001';
const decider = notificationsDecider(USER);

function run(commands: NotificationsCommand[]): NotificationEvent[] {
  let state = decider.initialState;
  const all: NotificationEvent[] = [];
  for (const command of commands) {
    const events = decider.decide(command, state);
    for (const event of events) state = decider.evolve(state, event);
    all.push(...events);
  }
  return all;
}

describe('a reader marking notifications read', () => {
  it('marks one, and marking it again changes nothing', () => {
    expect(run([{ kind: 'read', id: '40' }, { kind: 'read', id: '40' }])).toEqual([{ type: 'NotificationRead', data: { userId: USER, id: '40' } }]);
  });

  it('marks all up to a point, then nothing at or below it', () => {
    const events = run([{ kind: 'readUpTo', upTo: '100' }, { kind: 'read', id: '99' }, { kind: 'readUpTo', upTo: '50' }, { kind: 'read', id: '101' }]);
    expect(events.map((e) => e.type)).toEqual(['NotificationsReadUpTo', 'NotificationRead']);
    expect(events[1]!.data).toEqual({ userId: USER, id: '101' });
  });

  it('compares ids as numbers, not as text', () => {
    expect(run([{ kind: 'readUpTo', upTo: '9' }, { kind: 'readUpTo', upTo: '10' }]).map((e) => e.data)).toEqual([
      { userId: USER, upTo: '9' },
      { userId: USER, upTo: '10' },
    ]);
  });
});
