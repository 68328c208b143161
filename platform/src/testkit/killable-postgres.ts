import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { initialiseDataDir, spawnPostgres, type PostgresProcess } from '../db/postgres-process.js';
import { freePort } from './free-port.js';
import { createDatabaseNamed } from './test-database.js';

const USER = 'postgres';
const PASSWORD = 'epos-chaos';

/**
 * A PostgreSQL server of a test's own, in a temporary folder on a free port, that the test may
 * stop fast (as a restart or failover does), kill outright, and start again on the same port.
 * Never the machine's shared server.
 */
export interface KillablePostgres {
  /** The maintenance database `postgres`. */
  readonly adminUrl: string;
  readonly port: number;
  /** Creates a database (once the server runs). */
  createDatabase(name: string): Promise<string>;
  /** Starts the server (again); after a kill, waits for the dead server's sessions to go. */
  start(): Promise<void>;
  /** `fast`: PostgreSQL's fast shutdown (SIGINT, 57P01 to every session); `kill`: SIGKILL of the postmaster. */
  stop(mode?: 'fast' | 'kill'): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

export async function createKillablePostgres(options: { log?: (line: string) => void } = {}): Promise<KillablePostgres> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'epos-killable-pg-'));
  await fs.chmod(root, 0o777);
  const dataDir = path.join(root, 'data');
  const port = await freePort();
  // A fresh folder: never initialised yet.
  await initialiseDataDir({ dataDir, user: USER, password: PASSWORD, onLog: () => undefined });
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  // Its own socket folder: nothing shared with another server on this machine.
  const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${root}`, '-c', 'max_connections=200', '-c', 'fsync=off'];
  let server: PostgresProcess | null = null;

  const start = async () => {
    if (server) return;
    for (let attempt = 0; ; attempt++) {
      try {
        server = await spawnPostgres({ dataDir, port, flags, ...(options.log ? { onLog: options.log } : {}) });
        return;
      } catch (error) {
        // After a SIGKILL the old backends hold the shared memory for a moment.
        if (attempt >= 50) throw error;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const stop = async (mode: 'fast' | 'kill' = 'fast') => {
    const running = server;
    server = null;
    await running?.stop(mode === 'fast' ? 'SIGINT' : 'SIGKILL');
  };
  await start();
  return {
    adminUrl,
    port,
    createDatabase: (name) => createDatabaseNamed(adminUrl, name),
    start,
    stop,
    async destroy() {
      await stop('fast');
      await fs.rm(root, { recursive: true, force: true });
    },
  };
}
