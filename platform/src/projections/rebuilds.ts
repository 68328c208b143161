import { sql, type Kysely } from 'kysely';
import type { PlatformDatabase } from '../db/tables.js';
import type { Projection } from './define-projection.js';
import { formatProgress, PROJECTIONS_CHANNEL } from './notifications.js';

/**
 * Rebuilding a read model beside the one serving, on an operator's word (`npm run rebuild`): each
 * request raises the version the projection runs under by one, so the runner rebuilds the next
 * version from position 0 into its own schema while the current one keeps answering, and switches
 * readers over once it has caught up (as after a code change that bumps the version). Versions
 * only grow: a later bump in the code still lands above every rebuild.
 */
export async function readRebuilds(db: Kysely<PlatformDatabase>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('projection_rebuilds').select(['name', 'rebuilds']).execute();
  return new Map(rows.map((r) => [r.name, r.rebuilds]));
}

/** Asks every running projections process to rebuild `name` beside the version serving; answers the rebuilds asked for so far. */
export async function requestRebuild(db: Kysely<PlatformDatabase>, name: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('projection_rebuilds')
      .values({ name, rebuilds: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet({ rebuilds: sql`projection_rebuilds.rebuilds + 1`, requested_at: new Date() }))
      .returning('rebuilds')
      .executeTakeFirstOrThrow();
    await sql`select pg_notify(${PROJECTIONS_CHANNEL}, ${formatProgress({ kind: 'rebuild', name, rebuilds: row.rebuilds })})`.execute(trx);
    return row.rebuilds;
  });
}

/** The projection running under another version (its schema, lease and checkpoint are those of that version). */
export function atVersion<DB>(projection: Projection<DB>, version: number): Projection<DB> {
  return version === projection.version ? projection : { ...projection, version };
}
