import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logging/logger.js';
import type { PlatformDatabase } from './tables.js';
import { OutageLog } from './outage.js';

export { isDatabaseUnavailable, describeDatabaseError } from './unavailable.js';
export { invalidInputMessage } from './input-errors.js';

// Positions and revisions are bigints; keep them exact as strings and convert at the edges.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

/** How long a query waits for a connection (a new one, or a free one of a busy pool) before failing. */
export const CONNECT_TIMEOUT_MS = 5_000;

export interface Database {
  db: Kysely<PlatformDatabase>;
  pool: pg.Pool;
  url: string;
  /** Where this database's connections report outages (LISTEN connections made for it too). */
  logger?: Logger | undefined;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
  applicationName?: string;
  /** Where a lost connection is reported (once per outage). */
  logger?: Logger;
  connectionTimeoutMillis?: number;
}

/**
 * A pool that survives PostgreSQL going away (a restart, a failover, a crash): every connection,
 * idle or in use, has an error listener, so a server ending its sessions never crashes the
 * process. A broken connection is dropped; the next query opens a new one, or fails fast (the
 * server refuses, or CONNECT_TIMEOUT_MS passes) with an error `isDatabaseUnavailable` recognises.
 */
export function connectDatabase(url: string, options: DatabaseOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'epos',
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  const outage = new OutageLog(options.logger, 'database connection');
  const connections = guardPool(pool, outage);
  const db = new Kysely<PlatformDatabase>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    url,
    logger: options.logger,
    async close() {
      if (closed) return;
      closed = true;
      outage.close();
      await db.destroy();
      // pg-pool's end() resolves once it has asked each connection to end, not once they have:
      // wait, so that a server stopped next (npm start's shutdown) finds no session left.
      await connections.closed(CLOSE_WAIT_MS);
    },
  };
}

const CLOSE_WAIT_MS = 2_000;

/**
 * pg-pool listens for errors only on idle clients; a client checked out (a transaction between
 * two statements) that loses its server emits 'error' with no listener, which ends the process.
 * Every client gets a listener of its own here. Answers a way to wait for every connection to end.
 */
function guardPool(pool: pg.Pool, outage: OutageLog): { closed(timeoutMs: number): Promise<void> } {
  const open = new Set<pg.PoolClient>();
  pool.on('error', (error) => outage.lost(error));
  pool.on('connect', (client) => {
    outage.back();
    open.add(client);
    client.once('end', () => open.delete(client));
    client.on('error', (error) => outage.lost(error));
  });
  return {
    async closed(timeoutMs) {
      const ended = [...open].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())));
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)));
      await Promise.race([Promise.all(ended), timeout]);
      clearTimeout(timer);
    },
  };
}
