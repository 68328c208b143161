/**
 * The three roles as separate processes (`npm run start:api`, `start:projections`,
 * `start:workers`, each through tsx as the npm scripts run them) on one DATABASE_URL and one
 * shared DATA_DIR, behind a round-robin proxy that is the site's one address.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '@epos/platform/testkit/free-port';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { EMBEDDED_SERVICES, logLinesAtLeast, REPO_ROOT, temporaryDataDir, untilHealthy, watchChild, type WatchedChild } from './site-process.js';

export type ClusterRole = 'api' | 'projections' | 'workers';

const ENTRIES: Record<ClusterRole, string> = {
  api: 'api/src/main.ts',
  projections: 'projections/src/main.ts',
  workers: 'workers/src/main.ts',
};

/** The info line each background role logs once it runs (the API is ready when /api/health answers). */
const READY_LINES: Record<Exclude<ClusterRole, 'api'>, string> = {
  projections: 'projections running',
  workers: 'workers running',
};

const READY_TIMEOUT_MS = 120_000;

/** An exit nobody asked for (not a kill or a stop by the cluster). */
interface UnexpectedExit {
  process: string;
  code: number | string;
  at: number;
  /** The end of what it printed in that life. */
  tail: string;
}

export interface RoleProcess {
  /** `api-1`, `projections-2`, … */
  readonly name: string;
  readonly role: ClusterRole;
  /** The API's own port (kept across restarts); null for the other roles. */
  readonly port: number | null;
  /** The current life's process id; null while stopped. */
  pid(): number | null;
  running(): boolean;
  /** Everything every life of it printed, lives separated by a marker line. */
  output(): string;
  /** Sends the signal and waits for the exit; an API leaves the proxy's rotation first. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Starts it again (after a kill) and waits until it is ready; an API rejoins the proxy. */
  restart(): Promise<void>;
}

export interface ClusterOptions {
  databaseUrl: string;
  api: number;
  projections: number;
  workers: number;
  /** Extra environment for every process (API-only settings are harmless elsewhere). */
  env?: Record<string, string>;
}

export interface Cluster {
  /** The proxy: the site's one address. */
  readonly base: string;
  readonly dataDir: string;
  readonly processes: readonly RoleProcess[];
  readonly proxy: RoundRobinProxy;
  byRole(role: ClusterRole): RoleProcess[];
  unexpectedExits(): readonly UnexpectedExit[];
  /** SIGINT to every process that runs (workers and APIs first, projections last), then the proxy; removes the DATA_DIR. */
  stop(): Promise<void>;
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const dataDir = temporaryDataDir('epos-cluster-');
  const unexpected: UnexpectedExit[] = [];
  const processes: ManagedProcess[] = [];
  const counts: Record<ClusterRole, number> = { api: options.api, projections: options.projections, workers: options.workers };
  for (const role of ['api', 'projections', 'workers'] as const) {
    for (let i = 1; i <= counts[role]; i++) {
      processes.push(new ManagedProcess(`${role}-${i}`, role, role === 'api' ? await freePort() : null, { ...options, dataDir }, unexpected));
    }
  }
  const apis = processes.filter((p) => p.role === 'api');
  const proxy = await startRoundRobinProxy(() => apis.filter((a) => a.inRotation).map((a) => ({ name: a.name, port: a.port! })));
  try {
    // Together: each migrates the database at boot, which PostgreSQL's advisory lock serialises.
    await Promise.all(processes.map((p) => p.start()));
  } catch (error) {
    await Promise.all(processes.map((p) => p.kill('SIGKILL')));
    await proxy.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stopAll = async (roles: readonly ClusterRole[]) => Promise.all(processes.filter((p) => roles.includes(p.role)).map((p) => p.stop()));
  return {
    base: proxy.base,
    dataDir,
    processes,
    proxy,
    byRole: (role) => processes.filter((p) => p.role === role),
    unexpectedExits: () => unexpected,
    async stop() {
      await stopAll(['workers', 'api']);
      await stopAll(['projections']);
      await proxy.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

class ManagedProcess implements RoleProcess {
  private child: ChildProcess | null = null;
  private watched: WatchedChild | null = null;
  private earlierOutput = '';
  /** The exit about to come was asked for. */
  private expectingExit = false;
  /** An API the proxy may send requests to. */
  inRotation = false;

  constructor(
    readonly name: string,
    readonly role: ClusterRole,
    readonly port: number | null,
    private readonly options: ClusterOptions & { dataDir: string },
    private readonly unexpected: UnexpectedExit[],
  ) {}

  pid(): number | null {
    return this.running() ? (this.child?.pid ?? null) : null;
  }

  running(): boolean {
    return this.watched !== null && this.watched.exitCode() === null;
  }

  output(): string {
    return this.earlierOutput + (this.watched?.output() ?? '');
  }

  async start(): Promise<void> {
    if (this.running()) return;
    if (this.watched) this.earlierOutput += `${this.watched.output()}\n--- ${this.name} restarted ---\n`;
    this.expectingExit = false;
    const api = this.port !== null ? { PORT: String(this.port), HOST: '127.0.0.1', TRUST_PROXY: 'true' } : {};
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, ENTRIES[this.role])], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        LOG_LEVEL: 'info',
        ...this.options.env,
        DATA_DIR: this.options.dataDir,
        DATABASE_URL: this.options.databaseUrl,
        ...EMBEDDED_SERVICES,
        ...api,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const watched = watchChild(child);
    this.child = child;
    this.watched = watched;
    void watched.exited.then(() => {
      this.inRotation = false;
      if (!this.expectingExit)
        this.unexpected.push({ process: this.name, code: watched.exitCode()!, at: watched.exitedAt()!, tail: watched.output().slice(-2000) });
    });
    if (!(await this.untilReady(watched))) {
      this.expectingExit = true;
      child.kill('SIGKILL');
      await watched.exited;
      throw new Error(`${this.name} did not start (exit ${watched.exitCode()}):\n${watched.output().slice(-5000)}`);
    }
    this.inRotation = this.role === 'api';
  }

  private async untilReady(watched: WatchedChild): Promise<boolean> {
    if (this.role === 'api') return untilHealthy(`http://127.0.0.1:${this.port}`, watched, READY_TIMEOUT_MS);
    const line = READY_LINES[this.role];
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (!logLinesAtLeast(30, watched.output()).some((l) => l.msg === line)) {
      if (watched.exitCode() !== null || Date.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
    return true;
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (!this.running()) return;
    this.inRotation = false;
    this.expectingExit = true;
    this.child!.kill(signal);
    await this.watched!.exited;
  }

  async restart(): Promise<void> {
    await this.kill('SIGKILL');
    await this.start();
  }

  /** SIGINT as a supervisor stops it, SIGKILL after 30 s. */
  async stop(): Promise<void> {
    if (!this.running()) return;
    const timer = setTimeout(() => this.child?.kill('SIGKILL'), 30_000);
    await this.kill('SIGINT');
    clearTimeout(timer);
  }
}
