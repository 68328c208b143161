import fs from 'node:fs/promises';
import path from 'node:path';
import { connectDatabase, createLogger, migrateToLatest } from '@epos/platform';
import { ensureDatabase, startEmbeddedPostgres } from '@epos/platform/db/embedded-postgres';
import { freePort } from '@epos/platform/testkit/free-port';
import { temporaryDataDir } from './site-process.js';

/**
 * A site's data folder as its first start leaves it before the demo is seeded: the embedded
 * PostgreSQL initialised and its `epos` database migrated (as platform/src/runtime/boot.ts does).
 * A site started from a copy (startSite's `template`) skips initdb and the migrations, nothing else.
 */
export async function createSiteTemplate(): Promise<string> {
  const dataDir = temporaryDataDir('epos-site-template-');
  const server = await startEmbeddedPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await freePort(),
    logger: createLogger('warn', 'site-template'),
  });
  try {
    await ensureDatabase(server.adminUrl, 'epos');
    const database = connectDatabase(server.urlFor('epos'), { max: 1 });
    await migrateToLatest(database.db).finally(() => database.close());
  } finally {
    await server.stop();
  }
  // Names this process as the server's owner: a copy starts a server of its own.
  await fs.rm(path.join(dataDir, 'postgres.owner'), { force: true });
  return dataDir;
}
