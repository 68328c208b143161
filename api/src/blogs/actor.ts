import type { FastifyRequest } from 'fastify';
import { pleaseLogIn } from '../accounts/security.js';
import type { BlogActor } from './access.js';

/** The signed-in user with the blogs assigned to them (read with the session), or null for visitors. */
export function blogActor(request: FastifyRequest): BlogActor | null {
  if (!request.actor) return null;
  const { id, role, blogs } = request.actor;
  return { userId: id, role, blogs };
}

/** The signed-in user as `blogActor` answers; 401 for visitors. */
export function signedInBlogActor(request: FastifyRequest): BlogActor {
  const actor = blogActor(request);
  if (!actor) throw pleaseLogIn();
  return actor;
}
