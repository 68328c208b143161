import type { Decider } from '@epos/domain/decider';
import { assignRole, type RoleAssignment, type RoleAssignmentEvent } from '@epos/domain/accounts/role-assignment';
import { lockAccount, type AccountLock, type AccountLockEvent } from '@epos/domain/accounts/account-lock';

export type UserEditEvent = RoleAssignmentEvent | AccountLockEvent;

/** One save of the console's user form: a role with blogs and/or a lock, each with the facts its rule needs. */
export interface UserEdit {
  assignment?: RoleAssignment;
  lock?: AccountLock;
}

/**
 * The user form as one command on the user's stream, by the site's own rules. Their facts come from
 * the users read model with the command; the stream gives the revision the edit is checked and appended at.
 */
export const userEditDecider: Decider<UserEdit, UserEditEvent, null> = {
  initialState: null,
  evolve: () => null,
  decide: (edit) => [...(edit.assignment ? assignRole(edit.assignment) : []), ...(edit.lock ? lockAccount(edit.lock) : [])],
};
