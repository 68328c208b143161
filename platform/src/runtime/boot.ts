import { EventRegistry, eventCatalog } from '@epos/schemas';
import { ConfigError, loadConfig, type Config } from '../config/config.js';
import { connectDatabase, type Database } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { EventStore } from '../event-store/port.js';
import { createJobQueue, type JobQueue } from '../jobs/index.js';
import { createLogger, type Logger } from '../logging/logger.js';
import { createMailTransport, type MailTransport } from '../mail/index.js';
import { openDatabaseServer } from './database-server.js';
import { nodeVersionProblem } from './node-version.js';
import { createEventStore } from './event-store-factory.js';
import { Shutdown } from './shutdown.js';
import { isMainThread } from 'node:worker_threads';
import { createMediaStorage } from '../storage/index.js';
import type { MediaStorage } from '../storage/port.js';

export interface Runtime {
  config: Config;
  logger: Logger;
  database: Database;
  registry: EventRegistry;
  store: EventStore;
  jobs: JobQueue;
  mail: MailTransport;
  media: MediaStorage;
  shutdown: Shutdown;
}

export type Role = 'all' | 'api' | 'projections' | 'workers' | 'background' | 'tool';

/**
 * Everything a process needs before its role starts: config, database (migrated), event store.
 * A role run on its own needs DATABASE_URL, so that several processes share one database.
 */
export async function boot(role: Role, env: NodeJS.ProcessEnv = process.env): Promise<Runtime> {
  const tooOld = nodeVersionProblem();
  if (tooOld) exitWith(tooOld);
  const config = readConfigOrExit(env);
  const logger = createLogger(config.LOG_LEVEL, `epos-${role}`);
  if (!config.DATABASE_URL && (role === 'api' || role === 'projections' || role === 'workers' || role === 'background')) {
    exitWith(`DATABASE_URL: required when running the ${role} role on its own (npm start runs every role with an embedded PostgreSQL)`);
  }
  const shutdown = new Shutdown(logger);
  // Signals reach the main thread only; a worker thread (npm start's projections and workers) is
  // stopped by the main thread's shutdown, and taking the signal listeners off there would take
  // the process's own SIGTERM handler with them.
  if (isMainThread) shutdown.listen();
  const server = await openDatabaseServer(config, logger);
  shutdown.always('database server', () => server.stop());
  // However the process ends (a step that never settles lets Node exit on an empty event loop), the
  // embedded PostgreSQL, in a process group of its own, is told to stop as it exits.
  process.once('exit', () => server.signalStop());
  // Outages of PostgreSQL (a restart, a failover) are logged once each and survived: see connectDatabase.
  const database = connectDatabase(server.url, { applicationName: `epos-${role}`, max: 20, logger });
  shutdown.add('database pool', () => database.close());
  try {
    await migrateToLatest(database.db);
  } catch (error) {
    await shutdown.run();
    throw error;
  }
  const registry = new EventRegistry(eventCatalog);
  const store = createEventStore(config, database, registry);
  shutdown.add('event store', () => store.close());
  const jobs = createJobQueue({ databaseUrl: server.url, redisUrl: config.REDIS_URL, logger });
  shutdown.add('job queue', () => jobs.close());
  const mail = createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.dataDir });
  shutdown.add('mail', () => mail.close());
  if (config.NODE_ENV === 'production' && !config.SMTP_URL)
    logger.warn('SMTP_URL is not set: mail is only written to the outbox folder, and nobody can confirm an account');
  const media = createMediaStorage(config);
  return { config, logger, database, registry, store, jobs, mail, media, shutdown };
}

function readConfigOrExit(env: NodeJS.ProcessEnv): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(error.message);
    throw error;
  }
}

function exitWith(message: string): never {
  console.error(`Epos cannot start.\n${message}`);
  process.exit(1);
}

/** Boots a role and starts it; a failure to start releases what was started and exits 1. */
export async function runRole(role: Role, start: (runtime: Runtime) => Promise<void>): Promise<Runtime> {
  const runtime = await boot(role);
  try {
    await start(runtime);
  } catch (error) {
    runtime.logger.fatal({ err: error }, `the ${role} role failed to start`);
    await runtime.shutdown.run();
    process.exit(1);
  }
  return runtime;
}
