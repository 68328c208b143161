import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ApiDeps } from './deps.js';

/**
 * A query builder bound to a projection's read model: the version that was checked for
 * `X-Consistent-After`, else the one active now.
 */
export function readModel<DB>(deps: ApiDeps, request: FastifyRequest, name: string): Promise<Kysely<DB>> {
  return deps.progress.readModel<DB>(name, request.consistentSchemas?.get(name));
}

/** The schema of the read model `readModel` binds `request` to. */
export async function readModelSchema(deps: ApiDeps, request: FastifyRequest, name: string): Promise<string> {
  return request.consistentSchemas?.get(name) ?? deps.progress.schemaOf(name);
}
