import type { FastifyRequest } from 'fastify';
import { USERS_PROJECTION, type UsersReadModel } from '@epos/projections/accounts/users-projection';
import type { ApiDeps } from '../deps.js';
import type { BlogActor } from './access.js';

/** The signed-in user with the blogs assigned to them, or null for visitors. */
export async function blogActor(deps: ApiDeps, request: FastifyRequest): Promise<BlogActor | null> {
  if (!request.actor) return null;
  const { id, role } = request.actor;
  if (role === 'user') return { userId: id, role, blogs: [] };
  const users = await deps.progress.readModel<UsersReadModel>(USERS_PROJECTION);
  const row = await users.selectFrom('users').select('blogs').where('user_id', '=', id).executeTakeFirst();
  return { userId: id, role, blogs: row?.blogs ?? [] };
}
