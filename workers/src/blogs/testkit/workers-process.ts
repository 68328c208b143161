/** Runs the real workers process (`workers/src/main.ts`) for tests that kill and restart it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const main = path.join(root, 'workers/src/main.ts');

/** One pino line of the child's stdout (or `{ msg }` for anything that is not JSON). */
interface LogLine {
  level?: number;
  /** The child's own clock, ms since the epoch. */
  time?: number;
  msg?: string;
  [key: string]: unknown;
}

export interface WorkersProcess {
  readonly child: ChildProcess;
  /** Every log line so far (run with LOG_LEVEL=info or lower to see "workers running"). */
  readonly lines: LogLine[];
  /** Its stderr so far. */
  readonly stderr: () => string;
  /** The moment (the child's log time) it logged "workers running"; rejects if it exits or times out first. */
  readonly ready: Promise<number>;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, resolved once it has exited. */
  kill(): Promise<void>;
}

/** Spawns `node --import tsx workers/src/main.ts` with this environment added to the test's. */
export function startWorkersProcess(env: Record<string, string>, options: { readyTimeoutMs?: number } = {}): WorkersProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let errors = '';
  let partial = '';
  let onReady: (at: number) => void = () => undefined;
  // A bound against a hang: a tsx start on a busy 2-core machine has taken over 30 s (docs/decisions/waits-under-load.md).
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const ready = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`workers process not ready after ${readyTimeoutMs} ms\n${errors}`)), readyTimeoutMs);
    onReady = (at) => {
      clearTimeout(timer);
      resolve(at);
    };
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`workers process exited before it was ready (${code ?? signal})\n${errors}`));
    });
  });
  // A process killed after it was ready is no failure of `ready`; one never awaited is no unhandled rejection.
  ready.catch(() => undefined);
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) {
      if (!text.trim()) continue;
      let line: LogLine;
      try {
        line = JSON.parse(text) as LogLine;
      } catch {
        line = { msg: text };
      }
      lines.push(line);
      if (line.msg === 'workers running') onReady(typeof line.time === 'number' ? line.time : Date.now());
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    errors += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve({ code: child.exitCode, signal: child.signalCode });
    else child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  return {
    child,
    lines,
    stderr: () => errors,
    ready,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
