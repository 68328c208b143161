import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@epos/domain/decider';
import type { CommandResult } from '@epos/platform';
import { changesRole } from '@epos/domain/accounts/role-assignment';
import {
  accountFailure,
  accountSuccess,
  adminUsersAnswer,
  dataInfoAnswer,
  issueMessage,
  roles,
  roleSchema,
  updateUsersBody,
  type AccountEvent,
} from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { withPosition } from '../commands.js';
import { readModel } from '../read-models.js';
import { requirePermission } from './security.js';
import { roleAssignmentOf, type BlogDirectory } from './role-assignment-facts.js';
import { Sessions } from './sessions.js';
import { accountCommand } from './account-commands.js';

/** The spec's user administration: list users, the roles and blogs to choose from, assign them. */
export function adminUserRoutes(deps: ApiDeps, blogs: BlogDirectory): FastifyPluginAsyncZod {
  const sessions = new Sessions(deps.database.db, deps.config);
  return async (app) => {
    app.get(
      '/postdata/getusers',
      {
        config: { reads: [USERS_PROJECTION] },
        schema: { tags: ['accounts'], summary: 'Users with their roles, blogs and last login (admin)', response: { 200: adminUsersAnswer } },
      },
      async (request, reply) => {
        requirePermission(request, 'users.manage');
        const db = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
        const users = await db.selectFrom('users').selectAll().where('deleted', '=', false).orderBy('registered_at').execute();
        reply.header('cache-control', 'private, no-store');
        return users.map((u) => ({
          Userid: u.user_id,
          Name: u.name,
          UserName: u.user_name,
          UserEmail: u.email,
          EmailConfirmed: u.email_confirmed,
          UserRole: [u.role],
          Blogs: u.blogs,
          LastLogin: u.last_login,
        }));
      },
    );

    app.get(
      '/postdata/getDataInfo',
      { schema: { tags: ['accounts'], summary: 'The roles and blogs an admin can assign', response: { 200: dataInfoAnswer } } },
      async (request, reply) => {
        requirePermission(request, 'users.manage');
        reply.header('cache-control', 'private, no-store');
        return { Roles: [...roles], BlogsDetails: (await blogs()).map((b) => ({ Blogid: b.id, Blogname: b.name, isSubscribed: false })) };
      },
    );

    app.post(
      '/postdata/updateusers',
      {
        config: { permission: 'users.manage' },
        schema: {
          tags: ['accounts'],
          summary: 'Assign a role and blogs to a user (admin)',
          response: { 200: accountSuccess, 400: accountFailure, 404: accountFailure },
        },
      },
      async (request, reply) => {
        const body = updateUsersBody.safeParse(request.body ?? {});
        if (!body.success) return reply.code(400).send({ type: 0, error: issueMessage(body.error.issues[0]!) });
        const role = roleSchema.safeParse(body.data.UserRole);
        if (!role.success) return reply.code(400).send({ type: 0, error: 'Select user role' });
        const { UserId } = body.data;
        const assignment = await roleAssignmentOf(deps, request, blogs, { userId: UserId, role: role.data, blogs: body.data.UserBlogs });
        let result: CommandResult<AccountEvent>;
        try {
          result = await accountCommand(deps.store, UserId, { kind: 'edit', assignment }, { actor: request.actor!.id, correlationId: String(request.id) });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          return reply.code(error.kind === 'not_found' ? 404 : 400).send({ type: 0, error: error.message });
        }
        // The user signs in again into the new role.
        if (changesRole(assignment)) await sessions.endAllFor(request, UserId);
        return withPosition(reply, result).send({ type: 1, message: 'success' });
      },
    );
  };
}
