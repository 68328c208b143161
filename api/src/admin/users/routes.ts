import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { roleSchema, userStream } from '@epos/schemas';
import { adminListQuery } from '@epos/schemas/admin/lists';
import {
  adminDoneAnswer,
  adminSessionsEndedAnswer,
  adminUserAnswer,
  adminUsersAnswer,
  adminUserParams,
  adminUserUpdate,
  type AdminUserAnswer,
} from '@epos/schemas/admin/users';
import { USER_TEXT, USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import { Credentials } from '@epos/platform/accounts/credentials';
import type { ApiDeps } from '../../deps.js';
import { causeOf, withPosition } from '../../commands.js';
import { readModel, afterWrite } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import { roleAssignmentOf } from '../../accounts/role-assignment-facts.js';
import { changesRole } from '@epos/domain/accounts/role-assignment';
import { handleCommand } from '@epos/platform';
import { accountDecider, sessionsEnded, type AccountCommand } from '@epos/domain/accounts/account-decider';
import { accountCommand } from '../../accounts/account-commands.js';
import { Sessions } from '../../accounts/sessions.js';
import { blogDirectory } from '../../blogs/blog-directory.js';
import { parseOr400 } from '../../blogs/validation.js';
import { parseListParams, textValues, uuidValues } from '../list-params.js';
import { containing } from '@epos/platform/db/like';
import { pageInOrder, rowsOfPage, sendList, totalUpTo } from '../lists.js';
import { asVersionedEdit, streamVersion } from '../stream-version.js';

const tags = ['admin'];
const SORTS = ['name', 'userName', 'email', 'role', 'lastLogin', 'registeredAt'] as const;
const FILTERS = ['id', 'role', 'blog', 'emailConfirmed', 'locked'] as const;
const COLUMNS = {
  id: 'user_id',
  name: 'name',
  userName: 'user_name',
  email: 'email',
  role: 'role',
  lastLogin: 'last_login',
  registeredAt: 'registered_at',
} as const;
type UserRow = UsersReadModel['users'];
/** One save of the console's user form: a role with blogs and/or a lock. */
type UserEdit = Extract<AccountCommand, { kind: 'edit' }>;

/** How many users' "sessions ended" events are appended in one transaction when every session ends. */
const RECORDED_AT_ONCE = 500;
const notFound = () => new HttpError(404, 'not_found', 'No such user');
const badFilter = (message: string) => new HttpError(400, 'bad_parameter', `filter: ${message}`, {}, [{ field: 'filter', message }]);
const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function answer(u: UserRow, version: number): AdminUserAnswer {
  return {
    id: u.user_id,
    userName: u.user_name,
    name: u.name,
    email: u.email,
    emailConfirmed: u.email_confirmed,
    role: u.role,
    blogs: u.blogs,
    lastLogin: iso(u.last_login),
    locked: u.locked,
    registeredAt: iso(u.registered_at)!,
    version,
  };
}

/**
 * Users: list and show from the users read model; assign a role and blogs (the site's own rules and
 * messages), resend the activation mail, and delete an account (the same erasure as the user's own).
 */
export function userRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  const credentials = new Credentials(deps.database.db);
  const sessions = new Sessions(deps.database.db, deps.config);
  const blogs = blogDirectory(deps);

  return async (app) => {
    const existing = async (request: FastifyRequest, id: string): Promise<UserRow> => {
      const db = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
      const user = await db.selectFrom('users').selectAll().where('user_id', '=', id).where('deleted', '=', false).executeTakeFirst();
      if (!user) throw notFound();
      return user;
    };

    app.get(
      '/users',
      {
        config: { reads: [USERS_PROJECTION] },
        schema: {
          tags,
          summary: 'Users with role, blogs and last login; filter by role, blog, email confirmed; q searches name, user name and email',
          querystring: adminListQuery,
          response: { 200: adminUsersAnswer },
        },
      },
      async (request, reply) => {
        const params = parseListParams(request.query, request.headers.range, { sort: SORTS, filter: FILTERS });
        const db = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
        let rows = db.selectFrom('users').where('deleted', '=', false);
        const f = params.filter;
        if (f.id !== undefined) rows = rows.where('user_id', 'in', uuidValues('id', f.id));
        if (f.role !== undefined) {
          const wanted = textValues('role', f.role);
          if (!wanted.every((r) => roleSchema.safeParse(r).success)) throw badFilter('role is user, blogger or admin');
          rows = rows.where('role', 'in', wanted as UserRow['role'][]);
        }
        if (f.blog !== undefined) {
          const wanted = textValues('blog', f.blog);
          rows = rows.where((eb) => eb.or(wanted.map((blog) => sql<boolean>`blogs @> ${JSON.stringify([blog])}::jsonb`)));
        }
        if (f.emailConfirmed !== undefined) {
          if (typeof f.emailConfirmed !== 'boolean') throw badFilter('emailConfirmed is true or false');
          rows = rows.where('email_confirmed', '=', f.emailConfirmed);
        }
        if (f.locked !== undefined) {
          if (typeof f.locked !== 'boolean') throw badFilter('locked is true or false');
          rows = rows.where('locked', '=', f.locked);
        }
        if (params.q !== '') rows = rows.where(sql<boolean>`${USER_TEXT} ilike ${containing(params.q)}`);
        const column = COLUMNS[params.sort?.field ?? 'registeredAt'];
        const ids = rows.select('user_id').$call(pageInOrder(column, 'user_id', params.sort?.order ?? 'asc', params.range));
        const [page, total] = await Promise.all([ids.execute(), totalUpTo(db, rows.select(sql<number>`1`.as('one')))]);
        const found = await rowsOfPage(
          page.map((u) => u.user_id),
          (wanted) => db.selectFrom('users').selectAll().where('user_id', 'in', wanted).execute(),
          (u) => u.user_id,
        );
        // A list's version is unknown (-1): edits load the record itself.
        return sendList(
          reply,
          'users',
          params,
          found.map((u) => answer(u, -1)),
          total,
        );
      },
    );

    app.get(
      '/users/:id',
      {
        config: { reads: [USERS_PROJECTION] },
        schema: { tags, summary: 'One user, with the version to send back when editing', params: adminUserParams, response: { 200: adminUserAnswer } },
      },
      async (request, reply) => {
        const user = await existing(request, request.params.id);
        reply.header('cache-control', 'private, no-store');
        return answer(user, await streamVersion(deps.store, userStream(user.user_id)));
      },
    );

    app.put(
      '/users/:id',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: "Assign a role and blogs (the spec's rules), lock or unlock; 409 when the user changed since `version`",
          params: adminUserParams,
          response: { 200: adminUserAnswer },
        },
      },
      async (request, reply) => {
        const body = parseOr400(adminUserUpdate, request.body);
        const userId = request.params.id;
        const streamId = userStream(userId);
        const edit: UserEdit = { kind: 'edit' };
        if (body.role !== undefined) {
          const role = roleSchema.safeParse(body.role);
          if (!role.success) throw new HttpError(400, 'validation', 'Select user role', {}, [{ field: 'role', message: 'Select user role' }]);
          edit.assignment = await roleAssignmentOf(deps, request, blogs, { userId, role: role.data, blogs: body.blogs });
        }
        if (body.locked !== undefined) {
          const users = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
          const target = (await users.selectFrom('users').select(['locked', 'deleted']).where('user_id', '=', userId).executeTakeFirst()) ?? null;
          edit.lock = { userId, locked: body.locked, actorId: request.actor!.id, target };
        }
        const result = await asVersionedEdit(body.version, (expected) =>
          handleCommand(deps.store, { streamId, decider: accountDecider(userId), command: edit, cause: causeOf(request), ...expected }),
        );
        if (result.position === null) return answer(await existing(request, userId), await streamVersion(deps.store, streamId));
        // A locked account's sessions end now; its logins are refused from here on (the login route reads `locked`).
        // Another role ends them too: the user signs in again into the new one.
        if (result.events.some((e) => e.type === 'AccountLocked') || (edit.assignment && changesRole(edit.assignment)))
          await sessions.endAllFor(request, userId);
        await afterWrite(deps, result.position, [USERS_PROJECTION], deps.config.CONSISTENCY_TIMEOUT_MS);
        const db = await deps.progress.readModel<UsersReadModel>(USERS_PROJECTION);
        const user = await db.selectFrom('users').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
        return withPosition(reply, { position: result.position, events: [] }).send(answer(user, await streamVersion(deps.store, streamId)));
      },
    );

    app.post(
      '/users/:id/activation',
      {
        config: { permission: 'users.manage' },
        schema: { tags, summary: 'Send the user a new activation link (unconfirmed accounts)', params: adminUserParams, response: { 200: adminDoneAnswer } },
      },
      async (request, reply) => {
        const user = await existing(request, request.params.id);
        if (user.email_confirmed) throw new HttpError(409, 'conflict', 'This email address is already confirmed');
        // The mail follows the event (workers/src/accounts/reactor.ts), as for the site's own "resend".
        const result = await accountCommand(deps.store, user.user_id, { kind: 'requestActivation' }, causeOf(request));
        return withPosition(reply, result).send({ id: user.user_id, message: 'A new activation link is on its way.' });
      },
    );

    app.delete(
      '/users/:id/sessions',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: 'End every session of the user: their streams close, their requests in flight are refused, they sign in again',
          params: adminUserParams,
          response: { 200: adminDoneAnswer },
        },
      },
      async (request, reply) => {
        const user = await existing(request, request.params.id);
        await sessions.endAllFor(request, user.user_id);
        const result = await accountCommand(deps.store, user.user_id, { kind: 'recordSessionsEnded' }, causeOf(request));
        return withPosition(reply, result).send({ id: user.user_id, message: 'Every session of this user has ended.' });
      },
    );

    app.delete(
      '/sessions',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: "End every session on the site but the administrator's own (each user's history records it)",
          response: { 200: adminSessionsEndedAnswer },
        },
      },
      async (request) => {
        const users = await sessions.endAllBut(request.actor!.sessionHash);
        for (let i = 0; i < users.length; i += RECORDED_AT_ONCE) {
          const appends = users
            .slice(i, i + RECORDED_AT_ONCE)
            .map((userId) => ({ streamId: userStream(userId), events: [sessionsEnded(userId)], expectedRevision: 'any' as const }));
          await deps.store.appendMany(appends, { cause: causeOf(request) });
        }
        return {
          users: users.length,
          message: `Every session but yours has ended: ${users.length === 1 ? 'one user signs' : `${users.length} users sign`} in again.`,
        };
      },
    );

    app.delete(
      '/users/:id',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags,
          summary: "Delete the account: the same erasure as the user's own (the key goes, the log records it)",
          params: adminUserParams,
          response: { 200: adminUserAnswer },
        },
      },
      async (request, reply) => {
        const user = await existing(request, request.params.id);
        if (user.user_id === request.actor?.id)
          throw new HttpError(400, 'validation', 'id: delete your own account from your profile page', {}, [{ field: 'id', message: 'your own account' }]);
        if (user.role === 'admin')
          throw new HttpError(400, 'validation', 'id: take the admin role away before deleting an administrator', {}, [
            { field: 'id', message: 'an administrator' },
          ]);
        const version = await streamVersion(deps.store, userStream(user.user_id));
        // As in /postdata/deleteAccount: the key first (shredding the sealed personal data), then the sessions, then the log.
        await credentials.remove(user.user_id);
        await sessions.endAll(user.user_id);
        const result = await accountCommand(deps.store, user.user_id, { kind: 'delete' }, causeOf(request));
        return withPosition(reply, result).send(answer(user, version));
      },
    );
  };
}
