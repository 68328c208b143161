import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from '../db/embedded-postgres.js';
import { migrateToLatest } from '../db/migrate.js';
import { createLogger } from '../logging/logger.js';
import { freePort } from './free-port.js';
import { createDatabaseNamed, dropDatabaseNamed } from './test-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

/**
 * Tests use DATABASE_URL's server when set, else a real embedded PostgreSQL in a temporary folder.
 * Each test file gets its own database cloned from a migrated template, so files run in parallel.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: EmbeddedServer | null = null;
  let dataDir: string | null = null;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-test-pg-'));
    await fs.chmod(dataDir, 0o777);
    server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'data'),
      port: await freePort(),
      logger: createLogger('warn', 'test-postgres'),
    });
    adminUrl = server.adminUrl;
  }
  const templateName = `epos_test_template_${process.pid}`;
  const templateUrl = await createDatabaseNamed(adminUrl, templateName, { replace: true });
  const template = connectDatabase(templateUrl, { max: 1 });
  await migrateToLatest(template.db);
  await template.close();
  project.provide('postgresAdminUrl', adminUrl);
  project.provide('postgresTemplate', templateName);

  return async () => {
    if (!server) await dropDatabaseNamed(adminUrl, templateName);
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  };
}
