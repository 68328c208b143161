import { sql, type Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import {
  accountDeleted,
  accountLocked,
  accountUnlocked,
  blogsAssigned,
  subscriptionsChanged,
  emailConfirmed,
  loginSucceeded,
  personalDataSchema,
  roleAssigned,
  userRegistered,
  type Role,
} from '@epos/schemas';
import { unsealedFor } from './sealing.js';

export const USERS_PROJECTION = 'users';
export const DELETED_USER = 'deleted user';
/** What the console's q finds a user by: name, user name and email as one text (indexed by trigrams). */
export const USER_TEXT = sql<string>`(name || ' ' || user_name || ' ' || coalesce(email, ''))`;

export interface UsersReadModel {
  users: {
    user_id: string;
    user_name: string;
    email: string | null;
    name: string;
    role: Role;
    blogs: string[];
    subscriptions: string[];
    email_confirmed: boolean;
    last_login: string | null;
    registered_at: string;
    deleted: boolean;
    /** Shut by an admin: no sessions, logins refused. */
    locked: boolean;
  };
}

/** Users as the admin screens list them; personal fields unsealed with the user's key while it exists. */
export const usersProjection = defineProjection({
  name: USERS_PROJECTION,
  version: 3, // 3: the console's sort and substring indexes
  events: [userRegistered, emailConfirmed, loginSucceeded, roleAssigned, blogsAssigned, subscriptionsChanged, accountDeleted, accountLocked, accountUnlocked],
  async setup(db: Kysely<UsersReadModel>) {
    await db.schema
      .createTable('users')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_name', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('blogs', 'jsonb', (c) => c.notNull())
      .addColumn('subscriptions', 'jsonb', (c) => c.notNull())
      .addColumn('email_confirmed', 'boolean', (c) => c.notNull())
      .addColumn('last_login', 'timestamptz')
      .addColumn('registered_at', 'timestamptz', (c) => c.notNull())
      .addColumn('deleted', 'boolean', (c) => c.notNull())
      .addColumn('locked', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    // The admin console's list: sorted either way by these (api/src/admin/lists.ts pageInOrder), q by substring.
    for (const column of ['name', 'user_name', 'email', 'role', 'last_login', 'registered_at']) {
      await sql`create index ${sql.id(`users_by_${column}`)} on users (${sql.id(column)} nulls first, user_id) where not deleted`.execute(db);
    }
    await sql`create index users_by_substring on users using gin (${USER_TEXT} public.gin_trgm_ops) where not deleted`.execute(db);
    await sql`create index users_by_blogs on users using gin (blogs)`.execute(db);
  },
  handlers: {
    async UserRegistered(event, db) {
      const personal = await unsealedFor(db, event.data.userId, event.data.personal, personalDataSchema);
      await db
        .insertInto('users')
        .values({
          user_id: event.data.userId,
          user_name: personal?.userName ?? DELETED_USER,
          email: personal?.email ?? null,
          name: personal?.name ?? DELETED_USER,
          role: 'user',
          blogs: JSON.stringify([]) as unknown as string[],
          subscriptions: JSON.stringify([]) as unknown as string[],
          email_confirmed: false,
          last_login: null,
          registered_at: event.metadata.timestamp,
          deleted: personal === null,
          locked: false,
        })
        .execute();
    },
    async EmailConfirmed(event, db) {
      await db.updateTable('users').set({ email_confirmed: true }).where('user_id', '=', event.data.userId).execute();
    },
    async LoginSucceeded(event, db) {
      await db.updateTable('users').set({ last_login: event.metadata.timestamp }).where('user_id', '=', event.data.userId).execute();
    },
    async RoleAssigned(event, db) {
      await db.updateTable('users').set({ role: event.data.role }).where('user_id', '=', event.data.userId).execute();
    },
    async BlogsAssigned(event, db) {
      await db
        .updateTable('users')
        .set({ blogs: JSON.stringify(event.data.blogs) as unknown as string[] })
        .where('user_id', '=', event.data.userId)
        .execute();
    },
    async SubscriptionsChanged(event, db) {
      const row = await db.selectFrom('users').select('subscriptions').where('user_id', '=', event.data.userId).executeTakeFirst();
      const current = new Set(row?.subscriptions ?? []);
      for (const blog of event.data.blogs) {
        if (event.data.subscribed) current.add(blog);
        else current.delete(blog);
      }
      await db
        .updateTable('users')
        .set({ subscriptions: JSON.stringify([...current].sort()) as unknown as string[] })
        .where('user_id', '=', event.data.userId)
        .execute();
    },
    async AccountLocked(event, db) {
      await db.updateTable('users').set({ locked: true }).where('user_id', '=', event.data.userId).execute();
    },
    async AccountUnlocked(event, db) {
      await db.updateTable('users').set({ locked: false }).where('user_id', '=', event.data.userId).execute();
    },
    async AccountDeleted(event, db) {
      await db
        .updateTable('users')
        .set({ user_name: DELETED_USER, name: DELETED_USER, email: null, deleted: true })
        .where('user_id', '=', event.data.userId)
        .execute();
    },
  },
});
