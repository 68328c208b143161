import { DomainError } from '../decider.js';

export type AccountLockEvent = { type: 'AccountLocked'; data: { userId: string } } | { type: 'AccountUnlocked'; data: { userId: string } };

export interface AccountLock {
  userId: string;
  locked: boolean;
  /** Who asks: an admin cannot lock themselves out. */
  actorId: string;
  /** The user as the site knows them; null when there is none. */
  target: { locked: boolean; deleted: boolean } | null;
}

/** Locking an account (its sessions end, logins are refused) or unlocking it; nothing when it already is. */
export function lockAccount(command: AccountLock): AccountLockEvent[] {
  const { userId, locked, target } = command;
  if (!target || target.deleted) throw new DomainError('not_found', 'Not Found');
  if (locked && userId === command.actorId) throw new DomainError('invalid', 'locked: you cannot lock your own account', 'locked');
  if (target.locked === locked) return [];
  return [{ type: locked ? 'AccountLocked' : 'AccountUnlocked', data: { userId } }];
}
