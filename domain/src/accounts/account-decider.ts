import type { AccountEvent, Role } from '@epos/schemas';
import { DomainError, type Decider } from '../decider.js';
import { lockAccount, type AccountLock } from './account-lock.js';
import { assignRole, type RoleAssignment } from './role-assignment.js';

type DataOf<Type extends AccountEvent['type']> = Extract<AccountEvent, { type: Type }>['data'];

/** The commands on a user's own stream (subscriptions have their decider, secrets their outbox). */
export type AccountCommand =
  /** A new account, its personal data sealed with its own key; one made directly may come confirmed, with a role. */
  | { kind: 'register'; personal: string; confirmed?: boolean; role?: Role }
  | { kind: 'recordLogin'; remember: boolean }
  | { kind: 'recordFailedLogin'; reason: DataOf<'LoginFailed'>['reason'] }
  /** Someone tried to register with this account's email address: its owner is told. */
  | { kind: 'recordRegistrationAttempt' }
  | { kind: 'requestActivation' }
  | { kind: 'requestPasswordReset' }
  /** A role with blogs and/or a lock (the site's role form, the console's user form), each with the facts its rule needs. */
  | { kind: 'edit'; assignment?: RoleAssignment; lock?: AccountLock }
  | { kind: 'saveNote'; note: Omit<DataOf<'NoteSaved'>, 'userId'> }
  | { kind: 'deleteNote'; noteId: string }
  /** Every session of the user was ended (by an administrator): they sign in again. */
  | { kind: 'recordSessionsEnded' }
  | { kind: 'delete' };

/** What the stream itself tells the rules: whether the account was registered. The others' facts (role, lock, confirmation) come with their commands. */
export interface AccountState {
  registered: boolean;
}

/** The commands whose one event says only that it happened. */
const NOTICES = {
  recordRegistrationAttempt: 'RegistrationAttempted',
  requestActivation: 'ActivationRequested',
  requestPasswordReset: 'PasswordResetRequested',
  recordSessionsEnded: 'SessionsEnded',
  delete: 'AccountDeleted',
} as const;

function decide(command: AccountCommand, state: AccountState, userId: string): AccountEvent[] {
  switch (command.kind) {
    case 'register':
      if (state.registered) throw new DomainError('conflict', 'This account is registered already');
      return [
        { type: 'UserRegistered', data: { userId, personal: command.personal } },
        ...(command.confirmed ? [{ type: 'EmailConfirmed' as const, data: { userId } }] : []),
        ...(command.role === undefined || command.role === 'user' ? [] : [{ type: 'RoleAssigned' as const, data: { userId, role: command.role } }]),
      ];
    case 'recordLogin':
      return [{ type: 'LoginSucceeded', data: { userId, remember: command.remember } }];
    case 'recordFailedLogin':
      return [{ type: 'LoginFailed', data: { userId, reason: command.reason } }];
    case 'edit':
      return [...(command.assignment ? assignRole(command.assignment) : []), ...(command.lock ? lockAccount(command.lock) : [])];
    case 'saveNote':
      return [{ type: 'NoteSaved', data: { userId, ...command.note } }];
    case 'deleteNote':
      return [{ type: 'NoteDeleted', data: { userId, noteId: command.noteId } }];
    default:
      return [{ type: NOTICES[command.kind], data: { userId } }];
  }
}

/** The event of sessions ended, for the site-wide end that records it on many users' streams at once. */
export const sessionsEnded = (userId: string): AccountEvent => ({ type: NOTICES.recordSessionsEnded, data: { userId } });

/** The rules of one user's stream: every write to it but subscriptions and secrets. */
export function accountDecider(userId: string): Decider<AccountCommand, AccountEvent, AccountState> {
  return {
    initialState: { registered: false },
    evolve: (state, event) => (event.type === 'UserRegistered' ? { registered: true } : state),
    decide: (command, state) => decide(command, state, userId),
  };
}
