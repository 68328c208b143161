import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@epos/platform/testkit/free-port';
import { processCpuSeconds } from './process-cpu.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const READY_TIMEOUT_MS = 120_000;

/** The whole site (`scripts/start.ts`) in a child process, on a database the caller controls or its embedded default. */
export interface SiteProcess {
  base: string;
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

type SiteOptions = { databaseUrl?: string; env?: Record<string, string>; nodeFlags?: string[]; compiled?: boolean };

async function startSiteOnce(options: SiteOptions): Promise<SiteProcess> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'epos-site-'));
  // The embedded PostgreSQL runs as the postgres user when started by root.
  fs.chmodSync(dataDir, 0o777);
  // The machine's REDIS_URL (and the like) are not inherited: sites sharing one Redis would share
  // rate-limit counters and job queues. A caller who wants one passes it in `env`.
  const embeddedServices = { REDIS_URL: '', EVENTSTORE_URL: '', TYPESENSE_URL: '' };
  const database = options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATABASE_URL: '', EMBEDDED_PG_PORT: String(await freePort()) };
  const entry = options.compiled ? ['--conditions=epos-compiled', path.join(root, 'scripts/dist/start.js')] : ['--import', 'tsx', path.join(root, 'scripts/start.ts')];
  const child = spawn(process.execPath, [...(options.nodeFlags ?? []), ...entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', ...embeddedServices, ...database, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let exit: number | string | null = null;
  let exitedAt: number | null = null;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      exit = code ?? signal ?? 'unknown';
      exitedAt = Date.now();
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  // The server listens last, once the demo is seeded and the background has started, whatever the log level.
  const answers = () => fetch(`${base}/api/health`).then((r) => r.ok, () => false);
  while (!(await answers())) {
    if (exit !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`the site did not start (exit ${exit}):\n${output.slice(-5000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    output: () => output,
    exitCode: () => exit,
    exitedAt: () => exitedAt,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    async stop() {
      if (exit === null) {
        child.kill('SIGINT');
        const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
      return exit;
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
