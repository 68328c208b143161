import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, type Health } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';
import { DATABASE_RETRY_AFTER_S } from '../http/error-handler.js';

const REDIS_DOWN_MESSAGE = 'Redis (background jobs) is unavailable; reading works, changes that schedule jobs do not.';

/** The projections' health, with Redis added when jobs run on it. */
async function siteHealth(deps: ApiDeps): Promise<Health> {
  const health = await deps.progress.health();
  if (deps.jobs.kind !== 'redis') return health;
  const redis = (await deps.jobs.reachable()) ? 'up' : 'down';
  const withRedis: Health = { ...health, dependencies: { ...health.dependencies, redis } };
  if (redis === 'up') return withRedis;
  return { ...withRedis, status: 'unavailable', message: health.message ?? REDIS_DOWN_MESSAGE };
}

export function healthRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          summary: "Health: head position, each projection's checkpoint, status and lag, and whether the database (and Redis) answer",
          description: 'Answers 503 with Retry-After, and the same body, while a dependency is down.',
          tags: ['platform'],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const health = await siteHealth(deps);
        if (health.status === 'unavailable') reply.code(503).header('retry-after', String(DATABASE_RETRY_AFTER_S));
        return health;
      },
    );
  };
}
