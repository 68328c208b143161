import type { Kysely } from 'kysely';
import type { PlatformDatabase } from '../db/tables.js';

/**
 * Effects carried out for good, by idempotency key (a mail handed to the mail server). A job run
 * again (a replayed reactor, a retry after a crash) asks first and does nothing twice.
 */
export class EffectsDone {
  constructor(private readonly db: Kysely<PlatformDatabase>) {}

  async has(key: string): Promise<boolean> {
    return (await this.db.selectFrom('effects_done').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
  }

  async record(key: string): Promise<void> {
    await this.db
      .insertInto('effects_done')
      .values({ key })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }

  /** Forgets effects older than `ageMs`: long past the mail horizon, a replay no longer mails about their events anyway. */
  async prune(ageMs: number): Promise<number> {
    const result = await this.db
      .deleteFrom('effects_done')
      .where('done_at', '<', new Date(Date.now() - ageMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
