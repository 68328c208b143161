import type { Decider } from '../decider.js';
import type { NotificationEvent } from '@epos/schemas';

/** What a reader has marked read: everything up to `upTo`, and single ones above it. */
export type NotificationsState = { upTo: bigint; read: ReadonlySet<string> };

export type NotificationsCommand = { kind: 'read'; id: string } | { kind: 'readUpTo'; upTo: string };

/** A reader's notifications as read: marking again what is already read changes nothing. */
export function notificationsDecider(userId: string): Decider<NotificationsCommand, NotificationEvent, NotificationsState> {
  return {
    initialState: { upTo: 0n, read: new Set() },
    evolve(state, event) {
      if (event.type === 'NotificationsReadUpTo') {
        const upTo = BigInt(event.data.upTo);
        return upTo > state.upTo ? { upTo, read: new Set([...state.read].filter((id) => BigInt(id) > upTo)) } : state;
      }
      return { ...state, read: new Set([...state.read, event.data.id]) };
    },
    decide(command, state) {
      if (command.kind === 'readUpTo')
        return BigInt(command.upTo) > state.upTo ? [{ type: 'NotificationsReadUpTo', data: { userId, upTo: command.upTo } }] : [];
      return BigInt(command.id) <= state.upTo || state.read.has(command.id) ? [] : [{ type: 'NotificationRead', data: { userId, id: command.id } }];
    },
  };
}
