import { sql, type Kysely } from 'kysely';
import type { Cause, EventMetadata, EventRegistry } from '@epos/schemas';
import type { Database } from '../../db/database.js';
import { NotificationListener } from '../../db/notifications.js';
import type { PlatformDatabase } from '../../db/tables.js';
import { correlated, decodeData, decodePrefix, encodeEvents, type EncodedEvent } from '../encoding.js';
import {
  DuplicateEventError,
  satisfies,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
} from '../port.js';

export const EVENTS_CHANNEL = 'epos_events';
/**
 * How long a caught-up subscription waits before reading again when no append is announced. Every
 * append notifies in its transaction, and the listener wakes its waiters when its connection is lost
 * and when it is back, so this read only covers events written around the store (a restore):
 * each subscriber's read a second kept an idle site busy (docs/decisions/idle-background-work.md).
 */
const FALLBACK_POLL_MS = 5_000;
/** Every append holds this transaction lock until commit, so positions become visible in order. */
const APPEND_LOCK = 4_200_001;
const MAX_EVENTS_PER_TRANSACTION = 5_000;

interface PendingAppend {
  streamId: string;
  events: EncodedEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: Error };

/**
 * The default event store: one `events` table. Appends are serialised by a transaction-scoped
 * advisory lock (the technique Commanded uses), so a reader that sees position N has already
 * seen every position below it. Appends waiting in this process share one transaction
 * (group commit), each keeping its own optimistic-concurrency outcome.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  private readonly db: Kysely<PlatformDatabase>;
  private readonly listener: NotificationListener;
  private queue: PendingAppend[] = [];
  private writing = false;

  constructor(
    private readonly database: Database,
    private readonly registry: EventRegistry,
    private readonly options: { pollIntervalMs?: number } = {},
  ) {
    this.db = database.db;
    this.listener = new NotificationListener(database.url, EVENTS_CHANNEL, database.logger);
  }

  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    let encoded: EncodedEvent[];
    try {
      encoded = encodeEvents(this.registry, events, options);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events: encoded, expected: options.expectedRevision, resolve, reject });
      void this.drain();
    });
  }

  async appendMany(appends: readonly StreamAppend[], options: { cause: Cause }): Promise<{ position: Position }> {
    if (appends.length === 0) throw new Error('appendMany needs at least one stream');
    const cause = correlated(options.cause);
    const pending = appends.map((a) => ({
      streamId: a.streamId,
      events: encodeEvents(this.registry, a.events, { expectedRevision: a.expectedRevision, cause }),
      expected: a.expectedRevision,
      resolve: () => undefined,
      reject: () => undefined,
    }));
    try {
      return await this.db.transaction().execute(async (trx) => {
        const outcomes = await this.writeInTransaction(trx, pending);
        let position = 0n;
        for (const outcome of outcomes) {
          if (!outcome.ok) throw outcome.error;
          if (outcome.result.position > position) position = outcome.result.position;
        }
        return { position };
      });
    } catch (error) {
      throw isUniqueViolationOn(error, 'events_event_id_key') ? new DuplicateEventError(appends[0]!.streamId) : error;
    }
  }

  private async drain(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queue.length > 0) await this.writeGroup(this.takeGroup());
    } finally {
      this.writing = false;
    }
  }

  private takeGroup(): PendingAppend[] {
    let count = 0;
    let size = 0;
    while (size < this.queue.length && (size === 0 || count + this.queue[size]!.events.length <= MAX_EVENTS_PER_TRANSACTION)) {
      count += this.queue[size]!.events.length;
      size++;
    }
    return this.queue.splice(0, size);
  }

  private async writeGroup(group: PendingAppend[]): Promise<void> {
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.transaction().execute((trx) => this.writeInTransaction(trx, group));
    } catch (error) {
      if (group.length > 1 && isDataError(error)) {
        // One append's bad data must not sink the others: retry each on its own.
        for (const pending of group) await this.writeGroup([pending]);
        return;
      }
      const reported = isUniqueViolationOn(error, 'events_event_id_key') ? new DuplicateEventError(group[0]!.streamId) : error;
      for (const pending of group) pending.reject(reported);
      return;
    }
    group.forEach((pending, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) pending.resolve(outcome.result);
      else pending.reject(outcome.error);
    });
  }

  private async writeInTransaction(trx: Kysely<PlatformDatabase>, group: PendingAppend[]): Promise<Outcome[]> {
    await sql`select pg_advisory_xact_lock(${APPEND_LOCK})`.execute(trx);
    const streamIds = [...new Set(group.map((p) => p.streamId))];
    const current = await sql<{ stream_id: string; revision: string }>`
      select stream_id, max(stream_revision)::text as revision from events
      where stream_id = any(${streamIds}::text[]) group by stream_id`.execute(trx);
    const revisions = new Map(current.rows.map((r) => [r.stream_id, BigInt(r.revision)]));

    const rows: Row[] = [];
    const plan = group.map((pending) => {
      const actual = revisions.get(pending.streamId) ?? -1n;
      if (!satisfies(pending.expected, actual)) {
        return { error: new WrongExpectedRevisionError(pending.streamId, pending.expected, actual < 0n ? 'no_stream' : actual) };
      }
      const lastEventId = pending.events.at(-1)!.id;
      pending.events.forEach((event, i) => rows.push({ streamId: pending.streamId, revision: actual + 1n + BigInt(i), event }));
      const nextRevision = actual + BigInt(pending.events.length);
      revisions.set(pending.streamId, nextRevision);
      return { lastEventId, nextRevision };
    });
    if (rows.length === 0) return plan.map((p) => ({ ok: false, error: p.error! }));

    const positions = new Map<string, bigint>();
    for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
      for (const [id, position] of await insertRows(trx, rows.slice(from, from + INSERT_CHUNK))) positions.set(id, position);
    }
    const head = [...positions.values()].reduce((a, b) => (a > b ? a : b), 0n);
    await sql`select pg_notify(${EVENTS_CHANNEL}, ${head.toString()})`.execute(trx);

    return plan.map((p) =>
      'error' in p ? { ok: false, error: p.error! } : { ok: true, result: { position: positions.get(p.lastEventId!)!, nextRevision: p.nextRevision! } },
    );
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    let query = this.db
      .selectFrom('events')
      .selectAll()
      .where('stream_id', '=', streamId)
      .where('stream_revision', '>=', (options.fromRevision ?? 0n).toString())
      .orderBy('stream_revision');
    if (options.maxCount !== undefined) query = query.limit(options.maxCount);
    return (await query.execute()).map((row) => this.decode(row));
  }

  async streamRevision(streamId: string): Promise<bigint> {
    // One probe of the (stream_id, stream_revision) unique index.
    const row = await this.db
      .selectFrom('events')
      .select(sql<string>`coalesce(max(stream_revision), -1)::text`.as('revision'))
      .where('stream_id', '=', streamId)
      .executeTakeFirstOrThrow();
    return BigInt(row.revision);
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const rows = await this.db
      .selectFrom('events')
      .selectAll()
      .where('global_position', '>', options.after.toString())
      .orderBy('global_position')
      .limit(options.maxCount)
      .execute();
    return decodePrefix(rows, (row) => this.decode(row));
  }

  async headPosition(): Promise<Position> {
    const row = await this.db
      .selectFrom('events')
      .select(sql<string>`coalesce(max(global_position), 0)::text`.as('head'))
      .executeTakeFirstOrThrow();
    return BigInt(row.head);
  }

  async *subscribeToAll(options: SubscribeOptions): AsyncIterable<RecordedEvent[]> {
    const batchSize = options.batchSize ?? 1000;
    const pollMs = this.options.pollIntervalMs ?? FALLBACK_POLL_MS;
    let after = options.after;
    let caughtUp = false;
    await this.listener.start().catch(() => undefined);
    while (!options.signal?.aborted) {
      const seen = this.listener.current;
      const batch = await this.readAll({ after, maxCount: batchSize });
      if (batch.length > 0) {
        after = batch.at(-1)!.position;
        caughtUp = false;
        yield batch;
        continue;
      }
      if (!caughtUp) {
        caughtUp = true;
        yield [];
        continue;
      }
      await this.listener.wait(seen, pollMs, options.signal);
    }
  }

  async close(): Promise<void> {
    await this.listener.close();
  }

  private decode(row: {
    global_position: string;
    stream_id: string;
    stream_revision: string;
    event_id: string;
    type: string;
    schema_version: number;
    data: unknown;
    metadata: unknown;
  }): RecordedEvent {
    const position = BigInt(row.global_position);
    return {
      id: row.event_id,
      type: row.type,
      data: decodeData(this.registry, position, row.stream_id, row.type, row.schema_version, row.data),
      metadata: { ...(row.metadata as EventMetadata), schemaVersion: row.schema_version },
      streamId: row.stream_id,
      revision: BigInt(row.stream_revision),
      position,
    };
  }
}

/** SQLSTATE classes 22 (data exception) and 23 (integrity constraint): caused by one append's own data. */
function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

function isUniqueViolationOn(error: unknown, constraint: string): boolean {
  const e = error as { code?: unknown; constraint?: unknown };
  return e.code === '23505' && e.constraint === constraint;
}

const INSERT_CHUNK = 5_000;

type Row = { streamId: string; revision: bigint; event: EncodedEvent };

async function insertRows(trx: Kysely<PlatformDatabase>, rows: readonly Row[]): Promise<Map<string, bigint>> {
  const inserted = await sql<{ event_id: string; global_position: string }>`
      insert into events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
      select stream_id, stream_revision, event_id, type, schema_version, data, metadata from unnest(
        ${rows.map((r) => r.streamId)}::text[],
        ${rows.map((r) => r.revision.toString())}::bigint[],
        ${rows.map((r) => r.event.id)}::uuid[],
        ${rows.map((r) => r.event.type)}::text[],
        ${rows.map((r) => r.event.metadata.schemaVersion)}::int[],
        ${rows.map((r) => JSON.stringify(r.event.data))}::jsonb[],
        ${rows.map((r) => JSON.stringify(r.event.metadata))}::jsonb[]
      ) with ordinality as r(stream_id, stream_revision, event_id, type, schema_version, data, metadata, n)
      order by n
      returning event_id, global_position`.execute(trx);
  return new Map(inserted.rows.map((r) => [r.event_id, BigInt(r.global_position)]));
}
