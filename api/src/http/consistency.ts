import type { FastifyInstance } from 'fastify';
import { EVENT_POSITION_PATTERN } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { HttpError } from './error-handler.js';

export const CONSISTENT_AFTER_HEADER = 'x-consistent-after';
export const POSITION_HEADER = 'x-position';
/** Positions are PostgreSQL bigints. */
const MAX_POSITION = 2n ** 63n - 1n;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Projections this route reads; `X-Consistent-After` waits for these (all when omitted). */
    reads?: readonly string[];
  }
  interface FastifyRequest {
    /** The read-model schemas that were checked to have reached `X-Consistent-After`. */
    consistentSchemas?: ReadonlyMap<string, string>;
    /** The position of `X-Consistent-After`, once reached. */
    consistentAfter?: bigint;
  }
}

/**
 * Read-your-writes: a query carrying `X-Consistent-After: <position>` (the `X-Position` of a
 * command response) is answered only once the projections it reads have applied that position.
 */
export function registerConsistency(app: FastifyInstance, deps: ApiDeps): void {
  app.addHook('preHandler', async (request) => {
    const raw = request.headers[CONSISTENT_AFTER_HEADER];
    if (raw === undefined) return;
    const value = Array.isArray(raw) ? raw[0] : raw;
    const position = value && EVENT_POSITION_PATTERN.test(value.trim()) ? BigInt(value.trim()) : -1n;
    if (position < 0n || position > MAX_POSITION) {
      throw new HttpError(400, 'validation', 'X-Consistent-After must be a position: a whole number from a command response');
    }
    const timeoutMs = deps.config.CONSISTENCY_TIMEOUT_MS;
    const reads = request.routeOptions.config.reads;
    const reached = await deps.progress.waitFor(position, { timeoutMs, ...(reads ? { names: reads } : {}) });
    if (reached) {
      request.consistentSchemas = reached;
      request.consistentAfter = position;
    } else {
      throw new HttpError(
        503,
        'not_consistent_yet',
        `The data is still being updated: position ${position} was not reached within ${timeoutMs} ms. Please try again shortly.`,
        { 'retry-after': '1' },
      );
    }
  });
}
