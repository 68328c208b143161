import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ReadModelFailedError } from '@epos/platform';
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

/**
 * After a command: waits (bounded) for the read models that answer it to apply `position`, so the
 * answer shows the change. A read model stopped on an earlier event will not get there; the change
 * is stored all the same, so the command still succeeds (the answer may show the state before it).
 */
export async function afterWrite(deps: Pick<ApiDeps, 'progress'>, position: bigint, names: readonly string[], timeoutMs: number): Promise<boolean> {
  try {
    return (await deps.progress.waitFor(position, { names, timeoutMs })) !== null;
  } catch (error) {
    if (error instanceof ReadModelFailedError) return false;
    throw error;
  }
}
