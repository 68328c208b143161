import type { FastifyPluginAsync } from 'fastify';
import type { ApiDeps } from './deps.js';

/** Every feature's routes, mounted in this order. Features add themselves here. */
export const featureRoutes: ((deps: ApiDeps) => FastifyPluginAsync)[] = [];
