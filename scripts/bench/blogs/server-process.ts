/** bench:blogs' server (./server.ts) in a child process, and the CPU it and the bench process use. */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { processCpuSeconds } from '../../testkit/process-cpu.js';
import { onCore, SERVER_CORE } from '../pinning.js';
import { TIMING_PREFIX, type ServerTimes } from './server-timing.js';

export interface ServerProcess {
  base: string;
  /** Settles once the server listens; rejects if it exits before. */
  ready: Promise<void>;
  /** CPU seconds (user + system) the server has used so far; NaN without /proc. */
  cpuSeconds(): number;
  /** The server-side times since the previous call (or since it started). */
  serverTimes(): Promise<ServerTimes>;
  /** SIGTERM, then waits for the server to exit. */
  stop(): Promise<void>;
}

export function spawnServer(databaseUrl: string, port: number): ServerProcess {
  const serverFile = fileURLToPath(new URL('./server.ts', import.meta.url));
  const flags = [
    ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
  ];
  const child = spawn(...onCore(SERVER_CORE, process.execPath, [...flags, '--import', 'tsx', serverFile]), {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`));
    child.once('error', (error) => resolve(error.message));
  });
  const timingWaiters: ((times: ServerTimes) => void)[] = [];
  const ready = new Promise<void>((resolve, reject) => {
    // Every other line (the server's log) is passed on; an unread pipe would block the server.
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line === 'ready') resolve();
      else if (line.startsWith(TIMING_PREFIX)) timingWaiters.shift()?.(JSON.parse(line.slice(TIMING_PREFIX.length)) as ServerTimes);
      else console.log(line);
    });
    void exited.then((how) => reject(new Error(`the bench server exited (${how}) before it was ready`)));
  });
  ready.catch(() => undefined); // awaited by the caller
  return {
    base: `http://127.0.0.1:${port}`,
    ready,
    cpuSeconds: () => processCpuSeconds(child.pid!),
    serverTimes() {
      const answered = new Promise<ServerTimes>((resolve) => timingWaiters.push(resolve));
      child.kill('SIGUSR2');
      return answered;
    },
    async stop() {
      child.kill('SIGTERM');
      const how = await exited;
      if (how !== 'code 0') console.error(`the bench server exited (${how})`);
    },
  };
}

/** Returns a function that tells the CPU used since by the server and by this process. */
export function cpuSince(server: ServerProcess): () => string {
  const serverStart = server.cpuSeconds();
  const benchStart = process.cpuUsage();
  const started = performance.now();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const serverUsed = server.cpuSeconds() - serverStart;
    const { user, system } = process.cpuUsage(benchStart);
    const benchUsed = (user + system) / 1e6;
    const cores = (used: number) => `${used.toFixed(1)} s (${(used / seconds).toFixed(2)} cores)`;
    return `server ${cores(serverUsed)}, bench ${cores(benchUsed)} in ${seconds.toFixed(1)} s`;
  };
}
