import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@epos/schemas';
import type { ApiDeps } from '../deps.js';

export function healthRoutes(deps: ApiDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          summary: 'Health: head position and each projection\'s checkpoint, status and lag',
          tags: ['platform'],
          response: { 200: healthSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return deps.progress.health();
      },
    );
  };
}
