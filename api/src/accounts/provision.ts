import { randomUUID } from 'node:crypto';
import type { Database, EventStore } from '@epos/platform';
import type { Role } from '@epos/schemas';
import { newUserKey, seal } from '@epos/projections/accounts/sealing';
import { Credentials } from '@epos/platform/accounts/credentials';
import { accountCommand } from './account-commands.js';
import { hashPassword } from './passwords.js';
import { newSecret } from '@epos/platform/accounts/secrets';

export interface NewUser {
  userName: string;
  email: string;
  name: string;
  /** Null: no usable password until one is set through a reset link. */
  password: string | null;
  role: Role;
  confirmed: boolean;
  actor: string;
}

/** Creates an account directly (create-admin, demo users, tests): credentials, key and events. */
export async function provisionUser(deps: { store: EventStore; database: Database }, user: NewUser): Promise<string> {
  return provisionHashedUser(deps, user, await hashPassword(user.password ?? newSecret()));
}

/** `provisionUser` with the password already hashed: a benchmark's thousands of users share one hash. */
export async function provisionHashedUser(
  deps: { store: EventStore; database: Database },
  user: Omit<NewUser, 'password'>,
  passwordHash: string,
): Promise<string> {
  const credentials = new Credentials(deps.database.db);
  const userId = randomUUID();
  const key = newUserKey();
  if (!(await credentials.create({ userId, userName: user.userName, email: user.email, passwordHash, key, confirmed: user.confirmed }))) {
    throw new Error(`A user named ${user.userName} or with the email ${user.email} already exists`);
  }
  const personal = seal(key, { userName: user.userName, email: user.email, name: user.name });
  try {
    await accountCommand(deps.store, userId, { kind: 'register', personal, confirmed: user.confirmed, role: user.role }, { actor: user.actor });
  } catch (error) {
    await credentials.remove(userId);
    throw error;
  }
  return userId;
}
