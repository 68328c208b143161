import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '@epos/platform/testkit/free-port';
import { processCpuSeconds } from './process-cpu.js';
import { onCore } from '../bench/pinning.js';

/** The repository's root: where the npm scripts run. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 120_000;

/**
 * The machine's REDIS_URL (and the like) are not inherited: sites sharing one Redis would share
 * rate-limit counters and job queues. A caller who wants one passes it in its env.
 */
export const EMBEDDED_SERVICES = { REDIS_URL: '', EVENTSTORE_URL: '', TYPESENSE_URL: '' } as const;

/** A temporary DATA_DIR, writable by the embedded PostgreSQL's user when started by root. */
export function temporaryDataDir(prefix = 'epos-site-'): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dataDir, 0o777);
  return dataDir;
}

/** What a child process printed, and how it ended. */
export interface WatchedChild {
  output(): string;
  /** Null while it runs: its exit code, else its signal. */
  exitCode(): number | string | null;
  /** When it exited (Date.now()), or null while it runs. */
  exitedAt(): number | null;
  /** Resolves once it has exited. */
  exited: Promise<void>;
}

export function watchChild(child: ChildProcess): WatchedChild {
  let output = '';
  let exit: number | string | null = null;
  let exitedAt: number | null = null;
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = code ?? signal ?? 'unknown';
      exitedAt = Date.now();
      resolve();
    }),
  );
  return { output: () => output, exitCode: () => exit, exitedAt: () => exitedAt, exited };
}

/** Waits until `base`/api/health answers 2xx; false if the child exits or the deadline passes first. */
export async function untilHealthy(base: string, watched: WatchedChild, timeoutMs = READY_TIMEOUT_MS): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const answers = () =>
    fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
  while (!(await answers())) {
    if (watched.exitCode() !== null || Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
  return true;
}

/** The whole site (`scripts/start.ts`) in a child process, on a database the caller controls or its embedded default. */
export interface SiteProcess {
  base: string;
  /** The site's process (its resident memory is read from /proc). */
  pid: number;
  /** Its DATA_DIR (uploads, renders, the embedded PostgreSQL). */
  dataDir: string;
  /** Everything it printed so far. */
  output(): string;
  /** Null while it runs. */
  exitCode(): number | string | null;
  /** When it exited (Date.now()), or null while it runs. */
  exitedAt(): number | null;
  /** CPU seconds (user + system, every thread) it has used so far; NaN without /proc. */
  cpuSeconds(): number;
  /** SIGINT (as Ctrl-C), then its exit code. */
  stop(): Promise<number | string | null>;
}

/**
 * `compiled`: the production build (`npm run build:server` first) as `npm run start:prod` runs it,
 * instead of the sources through tsx as `npm start` does. Without `databaseUrl`, the site starts
 * its embedded PostgreSQL in its data folder, on a port of its own.
 */
export async function startSite(options: SiteOptions = {}): Promise<SiteProcess> {
  // A free port can be taken by a parallel test file between asking for it and listening on it.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startSiteOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

/**
 * `core`: run the site on that core alone (a benchmark's server, ../bench/pinning.ts). `prepare`:
 * run before the site starts, with the environment it will have (its data folder, database), as
 * an operator's `npm run import` before `npm start`. `template`: a data folder to start from a copy
 * of (./site-template.ts), instead of an empty one.
 */
type SiteOptions = {
  databaseUrl?: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
  compiled?: boolean;
  core?: number;
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
  template?: string;
};

async function startSiteOnce(options: SiteOptions): Promise<SiteProcess> {
  const port = await freePort();
  const dataDir = temporaryDataDir();
  // -a keeps owners and modes: under root, PostgreSQL's files belong to the `postgres` user.
  if (options.template) await promisify(execFile)('cp', ['-a', `${options.template}/.`, dataDir]);
  const database = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '', EMBEDDED_PG_PORT: String(await freePort()) };
  const entry = options.compiled
    ? ['--conditions=epos-compiled', path.join(REPO_ROOT, 'scripts/dist/start.js')]
    : ['--import', 'tsx', path.join(REPO_ROOT, 'scripts/start.ts')];
  const env = {
    ...process.env,
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    ...EMBEDDED_SERVICES,
    ...database,
    ...options.env,
  };
  await options.prepare?.(env);
  const command: [string, string[]] = [process.execPath, [...(options.nodeFlags ?? []), ...entry]];
  const child = spawn(...(options.core === undefined ? command : onCore(options.core, ...command)), {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watched = watchChild(child);
  const base = `http://127.0.0.1:${port}`;
  // The server listens last, once the demo is seeded and the background has started, whatever the log level.
  if (!(await untilHealthy(base, watched))) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the site did not start (exit ${watched.exitCode()}):\n${watched.output().slice(-5000)}`);
  }
  return {
    base,
    pid: child.pid!,
    dataDir,
    output: watched.output,
    exitCode: watched.exitCode,
    exitedAt: watched.exitedAt,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    async stop() {
      if (watched.exitCode() === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await watched.exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      return watched.exitCode();
    },
  };
}

/** The site's log lines (pino JSON) at `level` or above: 40 warn, 50 error, 60 fatal. */
export function logLinesAtLeast(level: number, output: string): { level: number; msg: string; line: string }[] {
  const found: { level: number; msg: string; line: string }[] = [];
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const parsed = JSON.parse(line) as { level?: number; msg?: string };
      if ((parsed.level ?? 0) >= level) found.push({ level: parsed.level!, msg: parsed.msg ?? '', line });
    } catch {
      /* not a log line */
    }
  }
  return found;
}
