import { ProjectionProgress, type Runtime } from '@epos/platform';
import { createSearchIndex } from '@epos/platform/search/index';
import type { FastifyInstance } from 'fastify';
import { buildApi, type BuildApiOptions } from './app.js';
import { cacheMemoryOf } from './http/memory-budget.js';

/** Starts the HTTP API on HOST:PORT, registered for a draining shutdown. */
export async function startApiServer(runtime: Runtime, options: BuildApiOptions = {}): Promise<FastifyInstance> {
  const progress = new ProjectionProgress(runtime.database, runtime.store, runtime.config.PROJECTION_STALL_SECONDS * 1000);
  await progress.start();
  runtime.shutdown.add('projection progress', () => progress.close());
  const search = createSearchIndex(runtime.config, { database: runtime.database, readModels: progress });
  runtime.shutdown.add('search', () => search.close());
  const app = await buildApi({ ...runtime, progress, search, memory: cacheMemoryOf(runtime.config) }, options);
  await app.listen({ host: runtime.config.HOST, port: runtime.config.PORT });
  runtime.shutdown.add('http', () => app.close());
  return app;
}
