import { sql } from 'kysely';
import type { Database } from '../db/database.js';

const LOCK_NAME = 'epos:media-storage';

/** Per process and database: callers queue here, so a process holds at most one connection waiting for the lock. */
const queues = new WeakMap<Database, Promise<unknown>>();

/**
 * Runs `fn` while no other process (API or workers) changes what the media folder holds: an upload
 * weighing itself against the quotas and storing its bytes, or a worker deleting an object nothing
 * uses (which a new upload of the same bytes must not lose). A PostgreSQL advisory lock on one
 * connection, held only for the check and the write, never while a body is received.
 */
export async function withStorageLock<T>(database: Database, fn: () => Promise<T>): Promise<T> {
  const previous = queues.get(database) ?? Promise.resolve();
  const run = previous
    .catch(() => undefined)
    .then(() =>
      database.db.connection().execute(async (connection) => {
        await sql`select pg_advisory_lock(hashtextextended(${LOCK_NAME}, 0))`.execute(connection);
        try {
          return await fn();
        } finally {
          // A lost connection releases the lock with it.
          await sql`select pg_advisory_unlock(hashtextextended(${LOCK_NAME}, 0))`.execute(connection).catch(() => undefined);
        }
      }),
    );
  queues.set(database, run);
  return run;
}
