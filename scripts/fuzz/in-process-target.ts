/**
 * The API as the fuzzer attacks it by default: built in this process over a fresh database (its
 * own, migrated), every projection running, the demo content seeded, listening on 127.0.0.1.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createJobQueue } from '@epos/platform/jobs/index';
import { freePort } from '@epos/platform/testkit/free-port';
import { createLogger, loadConfig, PostgresEventStore, ProjectionProgress, ProjectionRunner, type Database } from '@epos/platform';
import { EventRegistry, eventCatalog, type Role } from '@epos/schemas';
import { productProjections } from '@epos/projections';
import { createSearchIndex } from '@epos/platform/search/index';
import { createMediaStorage } from '@epos/platform/storage/index';
import { buildApi, cacheMemoryOf, seedDemoIfEmpty, type ApiDeps } from '@epos/api';
import { blogDirectory } from '@epos/api/blogs/blog-directory';
import { caughtUp, newAccount } from '@epos/api/testkit/people';
import type { Credentials } from './identities.js';

/** A migrated database of the fuzzer's own, dropped by `close`. */
interface FuzzDatabase {
  database: Database;
  url: string;
  close(): Promise<void>;
}

export interface InProcessTarget {
  base: string;
  /** A new confirmed account of a role (bloggers get every blog), for the fuzzer's identities. */
  provision(role: Role): Promise<Credentials>;
  close(): Promise<void>;
}

export async function startInProcessTarget(fuzzDatabase: FuzzDatabase, options: { logLevel?: string } = {}): Promise<InProcessTarget> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-fuzz-data-'));
  // Per-user write limits would turn most requests into 429s: raised, as benchmarks raise them.
  const RATE_LIMIT_FACTOR = process.env.RATE_LIMIT_FACTOR ?? '1000';
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: fuzzDatabase.url,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    CONSISTENCY_TIMEOUT_MS: '1500',
    TRUST_PROXY: 'true',
    RATE_LIMIT_FACTOR,
  });
  const logger = createLogger(options.logLevel ?? 'silent', 'fuzz-api');
  const database = fuzzDatabase.database;
  const store = new PostgresEventStore(database, new EventRegistry(eventCatalog), { pollIntervalMs: 100 });
  const progress = new ProjectionProgress(database, store);
  await progress.start();
  const search = createSearchIndex(config, { database, readModels: progress });
  const runner = new ProjectionRunner({ database, store, logger, projections: productProjections(search) });
  await runner.start();
  const jobs = createJobQueue({ databaseUrl: fuzzDatabase.url, prefix: 'fuzz' });
  const deps: ApiDeps = { config, database, store, progress, logger, jobs, search, media: createMediaStorage(config), memory: cacheMemoryOf(config) };
  await seedDemoIfEmpty({ config, store, database, logger });
  const app = await buildApi(deps, { serveUi: false });
  const port = await freePort();
  await app.listen({ host: '127.0.0.1', port });
  // The demo content gives the projections more to read than a new account's few events.
  await caughtUp({ deps }, 20_000);
  const provision = async (role: Role): Promise<Credentials> => {
    const assigned = role === 'blogger' ? { blogs: (await blogDirectory(deps)()).map((b) => b.id) } : {};
    const { userName, password } = await newAccount({ deps }, role, assigned);
    return { userName, password };
  };
  return {
    base: `http://127.0.0.1:${port}`,
    provision,
    async close() {
      // Every step, whatever the one before did: the database server must not outlive the run.
      const steps = [
        () => app.close(),
        () => runner.stop(),
        () => progress.close(),
        () => store.close(),
        () => jobs.close(),
        () => fuzzDatabase.close(),
        () => fs.rm(dataDir, { recursive: true, force: true }),
      ];
      for (const step of steps) {
        try {
          await step();
        } catch (error) {
          console.warn(`closing the in-process API: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
  };
}
