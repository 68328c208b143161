import type { FastifyRequest } from 'fastify';
import { requireActor } from '../accounts/security.js';
import type { BlogActor } from '@epos/domain/blogs/access';

const asBlogActor = ({ id, role, blogs }: NonNullable<FastifyRequest['actor']>): BlogActor => ({ userId: id, role, blogs });

/** The signed-in user with the blogs assigned to them (read with the session), or null for visitors. */
export function blogActor(request: FastifyRequest): BlogActor | null {
  return request.actor ? asBlogActor(request.actor) : null;
}

/** The signed-in user as `blogActor` answers; 401 for visitors (503 while sessions cannot be checked). */
export function signedInBlogActor(request: FastifyRequest): BlogActor {
  return asBlogActor(requireActor(request));
}
