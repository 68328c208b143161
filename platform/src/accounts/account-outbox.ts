import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Cause } from '@epos/schemas';
import type { PlatformDatabase } from '../db/tables.js';
import { DuplicateEventError, type EventStore } from '../event-store/port.js';
import type { Logger } from '../logging/logger.js';

export interface OutboxEvent {
  streamId: string;
  type: string;
  data: Record<string, unknown>;
  cause: Cause;
}

const RETRY_MS = 5_000;

/**
 * The events that describe account secrets (a confirmed email, a changed or reset password) are
 * written in the same transaction as the secrets, then appended to the event store under the id
 * they were given: whatever fails between the two, the secrets and the log end up agreeing, and
 * an event appended twice is refused by its id, so it is recorded once.
 */
export class AccountOutbox {
  private flushing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<PlatformDatabase>,
    private readonly store: EventStore,
    private readonly logger: Logger,
  ) {}

  /** Changes secrets with `work` and writes the event about them, all or nothing; false (nothing written) when `work` declines. */
  async change(event: OutboxEvent, work: (trx: Transaction<PlatformDatabase>) => Promise<boolean>): Promise<boolean> {
    const changed = await this.db.transaction().execute(async (trx) => {
      if (!(await work(trx))) return false;
      await trx
        .insertInto('account_outbox')
        .values({ event_id: randomUUID(), stream_id: event.streamId, type: event.type, data: JSON.stringify(event.data), cause: JSON.stringify(event.cause) })
        .execute();
      return true;
    });
    if (changed) await this.flush();
    return changed;
  }

  /** Appends what waits, oldest first; what cannot be appended now waits for the next try. One pass at a time, each after the last. */
  flush(): Promise<void> {
    const pass = (this.flushing ?? Promise.resolve())
      .then(() => this.appendWaiting())
      .catch((error: unknown) => this.logger.warn({ err: error }, 'recording waiting account events failed; trying again later'));
    this.flushing = pass;
    return pass;
  }

  /** Retries every few seconds until stopped (the API's lifetime). */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), RETRY_MS).unref();
    void this.flush();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flushing;
  }

  private async appendWaiting(): Promise<void> {
    const waiting = await this.db
      .selectFrom('account_outbox')
      .selectAll()
      .orderBy('recorded_at')
      .orderBy('event_id')
      .execute()
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'account events waiting to be recorded cannot be read now; trying again later');
        return [];
      });
    for (const row of waiting) {
      try {
        await this.store.append(row.stream_id, [{ id: row.event_id, type: row.type, data: row.data }], {
          expectedRevision: 'stream_exists',
          cause: row.cause as Cause,
        });
      } catch (error) {
        if (!(error instanceof DuplicateEventError)) {
          this.logger.warn(
            { err: error, eventType: row.type, streamId: row.stream_id },
            'an account event could not be recorded yet; it waits and is tried again',
          );
          return;
        }
      }
      await this.db.deleteFrom('account_outbox').where('event_id', '=', row.event_id).execute();
    }
  }
}
