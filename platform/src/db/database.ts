import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { PlatformDatabase } from './tables.js';

// Positions and revisions are bigints; keep them exact as strings and convert at the edges.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface Database {
  db: Kysely<PlatformDatabase>;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export function connectDatabase(url: string, options: { max?: number; applicationName?: string } = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName ?? 'epos',
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = new Kysely<PlatformDatabase>({ dialect: new PostgresDialect({ pool }) });
  let closed = false;
  return {
    db,
    pool,
    url,
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
}
