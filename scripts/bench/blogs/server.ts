/**
 * The server side of bench:blogs, in its own process as `npm start` runs it: the API, every
 * projection (search included) and the job queue, on DATABASE_URL (already migrated), listening on 127.0.0.1:PORT.
 * Prints `ready` once listening; SIGTERM closes everything and exits 0; SIGUSR2 prints the
 * server-side times since the previous SIGUSR2 (./server-timing.ts).
 */
import { connectDatabase, createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner, Shutdown } from '@epos/platform';
import { EventRegistry, eventCatalog } from '@epos/schemas';
import { buildApi, cacheMemoryOf } from '@epos/api';
import { createJobQueue } from '@epos/platform/jobs/index';
import { productProjections } from '@epos/projections';
import { createSearchIndex } from '@epos/platform/search/index';
import { createMediaStorage } from '@epos/platform/storage/index';
import { recordServerTimes } from './server-timing.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: required');
// One blogger publishes every post: per-user write limits would refuse most of them.
const config = loadConfig({
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  PORT: process.env.PORT,
  LOG_LEVEL: 'warn',
  RATE_LIMIT_FACTOR: process.env.RATE_LIMIT_FACTOR ?? '1000',
});
recordServerTimes();
const logger = createLogger(config.LOG_LEVEL, 'bench-server');
// Steps run in reverse order: the HTTP server first, the pool last.
const shutdown = new Shutdown(logger);
shutdown.listen();

const database = connectDatabase(databaseUrl, { applicationName: 'epos-bench-server', max: 20 });
shutdown.add('database pool', () => database.close());
const store = new PostgresEventStore(database, new EventRegistry(eventCatalog));
shutdown.add('event store', () => store.close());
const progress = new ProjectionProgress(database, store);
shutdown.add('projection progress', () => progress.close());
await progress.start();
const search = createSearchIndex(config, { database, readModels: progress });
shutdown.add('search', () => search.close());
const runner = new ProjectionRunner({ database, store, logger, projections: productProjections(search) });
shutdown.add('projections', () => runner.stop());
await runner.start();
const jobs = createJobQueue({ databaseUrl, prefix: 'bench' });
shutdown.add('job queue', () => jobs.close());
const app = await buildApi(
  { config, database, store, progress, logger, jobs, search, media: createMediaStorage(config), memory: cacheMemoryOf(config) },
  { serveUi: false },
);
shutdown.add('http', () => app.close());
await app.listen({ host: '127.0.0.1', port: config.PORT });
console.log('ready');
