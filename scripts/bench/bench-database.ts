import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connectDatabase, createLogger, migrateToLatest, type Database } from '@epos/platform';
import { ensureDatabase, startEmbeddedPostgres } from '@epos/platform/db/embedded-postgres';
import { freePort } from '@epos/platform/testkit/free-port';
import { databaseUrl, dropDatabaseNamed } from '@epos/platform/testkit/test-database';

/**
 * A fresh migrated database for a benchmark: on DATABASE_URL's server, else an embedded one.
 * `close` drops it, unless BENCH_KEEP=1 on DATABASE_URL's server: then it is kept (and named) to
 * look into its queries afterwards.
 */
export async function benchDatabase(): Promise<{ database: Database; url: string; close(): Promise<void> }> {
  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async () => undefined as void;
  let dataDir: string | null = null;
  if (!adminUrl) {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-bench-pg-'));
    await fs.chmod(dataDir, 0o777);
    const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'data'), port: await freePort(), logger: createLogger('warn', 'bench-pg') });
    adminUrl = server.adminUrl;
    stopServer = () => server.stop();
  }
  const name = `epos_bench_${randomBytes(4).toString('hex')}`;
  await ensureDatabase(adminUrl, name);
  const url = databaseUrl(adminUrl, name);
  const database = connectDatabase(url, { max: 20 });
  await migrateToLatest(database.db);
  return {
    database,
    url,
    async close() {
      await database.close();
      if (process.env.BENCH_KEEP === '1' && process.env.DATABASE_URL) {
        console.log(`kept: ${url}`);
        return;
      }
      await dropDatabaseNamed(adminUrl, name);
      await stopServer();
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function runConcurrently(total: number, concurrency: number, task: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
}
