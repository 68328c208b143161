import type { FastifyInstance } from 'fastify';
import { mediaFileAnswer } from '@epos/schemas';

/**
 * Gives the routes @fastify/static adds under `prefix` a response schema and shows them in the API
 * docs: it registers them hidden and without one.
 */
export function declareFileRoutes(app: FastifyInstance, prefix: string, summary: string): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(prefix)) return;
    route.schema = { ...route.schema, hide: false, tags: ['media'], summary, response: { 200: mediaFileAnswer } };
  });
}
