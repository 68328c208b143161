import type { FastifyRequest } from 'fastify';
import type { RoleAssignment } from '@epos/domain/accounts/role-assignment';
import type { Role } from '@epos/schemas';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import { readModel } from '../read-models.js';

/** Blogs users can be given; the blogs feature supplies them. */
export type BlogDirectory = () => Promise<{ id: string; name: string }[]>;

/** What the rules need to give a user a role and blogs (the site's form and the console's): the wish with the facts the site knows now. */
export async function roleAssignmentOf(
  deps: ApiDeps,
  request: FastifyRequest,
  blogs: BlogDirectory,
  wanted: { userId: string; role: Role; blogs: readonly string[] },
): Promise<RoleAssignment> {
  const users = await readModel<UsersReadModel>(deps, request, USERS_PROJECTION);
  const target = (await users.selectFrom('users').select(['role', 'deleted']).where('user_id', '=', wanted.userId).executeTakeFirst()) ?? null;
  const admins = await users
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'admin')
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return {
    userId: wanted.userId,
    role: wanted.role,
    blogs: [...new Set(wanted.blogs)],
    knownBlogs: new Set((await blogs()).map((b) => b.id)),
    target,
    admins: Number(admins.n),
  };
}
