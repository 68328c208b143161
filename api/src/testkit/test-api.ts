import type { FastifyInstance } from 'fastify';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner, ReactorRunner, type Projection } from '@epos/platform';
import { counterProjection } from '@epos/platform/testkit/counter-projection';
import { sampleEvents } from '@epos/platform/testkit/sample-events';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { productProjections } from '@epos/projections';
import { createSearchIndex } from '@epos/platform/search/index';
import { reactorRunner as workersReactors, type ReactorContext } from '@epos/workers';
import { newTestDatabase } from '@epos/platform/testkit/vitest';
import { createJobQueue } from '@epos/platform/jobs/index';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LocalFolderStorage } from '@epos/platform/storage/index';
import { buildApi } from '../app.js';
import type { BlogDirectory } from '../accounts/role-assignment-facts.js';
import type { ApiDeps } from '../deps.js';
import { cacheMemoryOf } from '../http/memory-budget.js';
import { counterRoutes } from './counter-routes.js';

export interface TestApi {
  app: FastifyInstance;
  deps: ApiDeps;
  /** The workers' reactors, running here so that events set off their jobs as in the real site (null when turned off). */
  reactors: ReactorRunner<ReactorContext> | null;
  close(): Promise<void>;
}

/**
 * A real API over a fresh database: every feature's events plus the sample feature's, and the
 * given projections running (by default the product's own and the sample counter projection).
 */
export async function startTestApi(
  options: { env?: Record<string, string>; projections?: Projection[]; blogs?: BlogDirectory; reactors?: boolean; serveUi?: boolean } = {},
): Promise<TestApi> {
  const testDb = await newTestDatabase();
  // A read after a write waits for its projection up to 10 s: on a busy CI machine 1.5 s was not always enough (tests that wait for the 503 say their own).
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: testDb.url, CONSISTENCY_TIMEOUT_MS: '10000', ...options.env });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? 'silent', 'test-api');
  const store = new PostgresEventStore(testDb.database, new EventRegistry([...eventCatalog, ...sampleEvents]), { pollIntervalMs: 100 });
  const progress = new ProjectionProgress(testDb.database, store);
  await progress.start();
  const search = createSearchIndex(config, { database: testDb.database, readModels: progress });
  const runner = new ProjectionRunner({
    database: testDb.database,
    store,
    logger,
    projections: options.projections ?? [counterProjection() as Projection, ...productProjections(search)],
  });
  await runner.start();
  const jobs = createJobQueue({ databaseUrl: testDb.url, prefix: `t${randomBytes(4).toString('hex')}` });
  const media = new LocalFolderStorage(await mkdtemp(path.join(os.tmpdir(), 'epos-test-media-')));
  const deps: ApiDeps = { config, database: testDb.database, store, progress, logger, jobs, search, media, memory: cacheMemoryOf(config) };
  const reactorRunner = options.reactors === false ? null : workersReactors(deps);
  await reactorRunner?.start();
  const app = await buildApi(deps, { extraRoutes: [counterRoutes], serveUi: options.serveUi ?? false, ...(options.blogs ? { blogs: options.blogs } : {}) });
  await app.ready();
  return {
    app,
    deps,
    reactors: reactorRunner,
    async close() {
      await app.close();
      await reactorRunner?.stop();
      await runner.stop();
      await progress.close();
      await store.close();
      await jobs.close();
      await search.close();
      await testDb.drop();
    },
  };
}
