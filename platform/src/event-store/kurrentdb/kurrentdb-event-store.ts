import {
  BACKWARDS,
  END,
  ErrorType,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  isCommandError,
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AppendResult as KurrentAppendResult,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { Cause, EventRegistry } from '@epos/schemas';
import { correlated, decodePrefix, encodeEvents } from '../encoding.js';
import {
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeOptions,
} from '../port.js';
import {
  commitPositionOf,
  decodeRecordedEvent,
  readPositionAt,
  toEventData,
  toStreamState,
  toWrongExpectedRevision,
  type StoredKurrentEvent,
} from './mapping.js';
import { SubscriptionBatches } from './subscription-batches.js';

/** Page size when walking $all backwards (for the head, or a readable position before an arbitrary one). */
const BACKWARD_PAGE = 500;

/** Failures that say nothing about the position read from: retrying from elsewhere would not help. */
const NOT_ABOUT_POSITION: ReadonlySet<string> = new Set([
  ErrorType.UNAVAILABLE,
  ErrorType.DEADLINE_EXCEEDED,
  ErrorType.TIMEOUT,
  ErrorType.CANCELLED,
  ErrorType.NOT_LEADER,
  ErrorType.ACCESS_DENIED,
]);

/**
 * Events the port shows: not system events. The server filters $-prefixed event types; events in
 * $-prefixed (system) streams with ordinary type names, which server plugins may write, are
 * dropped here.
 */
function isVisible(event: { type: string; streamId: string }): boolean {
  return !event.type.startsWith('$') && !event.streamId.startsWith('$');
}

function mayBeInvalidPosition(error: unknown): boolean {
  return !(error instanceof Error && isCommandError(error) && NOT_ABOUT_POSITION.has(error.type));
}

/**
 * The scale-out event store: KurrentDB (formerly EventStoreDB) through its official client.
 * Streams map one to one; the port's global position is the commit position of an event in $all.
 * System events ($-prefixed types or streams: stream metadata, projections' links, statistics) are
 * invisible to the port: reads of $all, the head and subscriptions all leave them out.
 * Data and metadata are JSON; the metadata carries actor, correlation and causation ids, the
 * timestamp and the schema version, so upcasting works exactly as in the PostgreSQL adapter.
 */
export class KurrentEventStore implements EventStore {
  readonly kind = 'kurrentdb';
  private readonly client: KurrentDBClient;
  private readonly ownsClient: boolean;
  private readonly subscriptions = new Set<SubscriptionBatches<AllStreamResolvedEvent>>();
  private closed = false;

  /**
   * `connection`: a connection string like kurrentdb://host:2113?tls=false (esdb:// and the
   * +discover forms work too), or a client to share, which `close()` then leaves open.
   */
  constructor(
    connection: string | KurrentDBClient,
    private readonly registry: EventRegistry,
  ) {
    this.ownsClient = typeof connection === 'string';
    this.client = typeof connection === 'string' ? KurrentDBClient.connectionString(connection) : connection;
  }

  async append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const encoded = encodeEvents(this.registry, events, options);
    let result: KurrentAppendResult;
    try {
      result = await this.client.appendToStream(streamId, encoded.map(toEventData), {
        streamState: toStreamState(options.expectedRevision),
      });
    } catch (error) {
      throw toWrongExpectedRevision(error, streamId, options.expectedRevision) ?? error;
    }
    if (!result.success) {
      // Only when the connection string says throwOnAppendFailure=false; the revision the client
      // reports then is not reliable, so ask the stream itself.
      const actual = await this.streamRevision(streamId);
      throw new WrongExpectedRevisionError(streamId, options.expectedRevision, actual < 0n ? 'no_stream' : actual);
    }
    const nextRevision = result.nextExpectedRevision;
    // The append's commit position is that of its last event (the log position of the record that
    // ends the implicit transaction). Servers that send none: read the last event back.
    const position = result.position ? commitPositionOf(result.position) : await this.positionOfRevision(streamId, nextRevision);
    return { position, nextRevision };
  }

  /** Atomic through KurrentDB's multi-stream append (server 25.1 and later). */
  async appendMany(appends: readonly StreamAppend[], options: { cause: Cause }): Promise<{ position: Position }> {
    if (appends.length === 0) throw new Error('appendMany needs at least one stream');
    const cause = correlated(options.cause);
    const requests = appends.map((a) => ({
      streamName: a.streamId,
      events: encodeEvents(this.registry, a.events, { expectedRevision: a.expectedRevision, cause }).map(toEventData),
      expectedState: toStreamState(a.expectedRevision),
    }));
    try {
      const result = await this.client.multiStreamAppend(requests);
      return { position: result.position };
    } catch (error) {
      const conflicted = error instanceof WrongExpectedVersionError ? (appends.find((a) => a.streamId === error.streamName) ?? appends[0]!) : appends[0]!;
      throw toWrongExpectedRevision(error, conflicted.streamId, conflicted.expectedRevision) ?? error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const from = options.fromRevision ?? 0n;
    const stored: StoredKurrentEvent[] = [];
    try {
      const events = this.client.readStream(streamId, {
        fromRevision: from > 0n ? from : START,
        ...(options.maxCount === undefined ? {} : { maxCount: Math.floor(options.maxCount) }),
      });
      for await (const resolved of events) if (resolved.event) stored.push(resolved.event);
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return stored.map((event) => decodeRecordedEvent(this.registry, event));
  }

  /** The stream's last event, read backwards from its end: one event, however long the stream. */
  async streamRevision(streamId: string): Promise<bigint> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 })) {
        if (resolved.event) return resolved.event.revision;
      }
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return -1n;
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    const maxCount = Math.floor(options.maxCount);
    if (maxCount <= 0) return [];
    const stored = await this.readAllAfter(options.after, maxCount);
    // As the port asks: stop short of an event that cannot be decoded, throw when it is first.
    return decodePrefix(stored, (event) => decodeRecordedEvent(this.registry, event));
  }

  async headPosition(): Promise<Position> {
    const newest = await this.findBackwards(isVisible);
    return newest ? commitPositionOf(newest.position) : 0n;
  }

  async *subscribeToAll(options: SubscribeOptions): AsyncIterable<RecordedEvent[]> {
    const { signal } = options;
    const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1000));
    let after = options.after;
    if (signal?.aborted || this.closed) return;
    const fromPosition = await this.subscriptionStart(after);
    if (signal?.aborted || this.closed) return;
    // The server catches up from `fromPosition` (exclusive) and then goes live on its own.
    const subscription = this.client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
    const batches = new SubscriptionBatches<AllStreamResolvedEvent>(subscription, batchSize, signal);
    this.subscriptions.add(batches);
    try {
      for (;;) {
        const received = await batches.next();
        if (received === null) return;
        if (received === 'caught-up') {
          yield [];
          continue;
        }
        if (received === 'idle') {
          // No caught-up signal from this server: see for ourselves.
          if ((await this.headPosition()) <= after) yield [];
          continue;
        }
        const batch: RecordedEvent[] = [];
        let undecodable: unknown = null;
        for (const resolved of received) {
          // Events at or before `after` come only when the start had to be moved back (see readAllAfter).
          if (!resolved.event || commitPositionOf(resolved.event.position) <= after || !isVisible(resolved.event)) continue;
          try {
            batch.push(decodeRecordedEvent(this.registry, resolved.event));
          } catch (error) {
            undecodable = error;
            break;
          }
        }
        if (batch.length > 0) {
          after = batch.at(-1)!.position;
          yield batch;
        }
        // Like readAll: the events before an undecodable one are delivered, then it fails.
        if (undecodable !== null) {
          if (signal?.aborted) return;
          throw undecodable;
        }
      }
    } finally {
      this.subscriptions.delete(batches);
      await batches.close();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    if (this.ownsClient) await this.client.dispose();
  }

  /**
   * Up to `maxCount` non-system events strictly after `after`. Reads of $all are inclusive of
   * their start, so we start at `after` itself and drop what is not after it. The server can only
   * start at the beginning of a record: for a position that is not one (positions come from us,
   * so this is rare: a hand-made or foreign checkpoint) it answers with an error, and we start
   * instead from the newest event at or before `after`.
   */
  private async readAllAfter(after: Position, maxCount: number): Promise<AllStreamRecordedEvent[]> {
    if (after <= 0n) return this.readForward(START, after, maxCount);
    try {
      return await this.readForward(readPositionAt(after), after, maxCount);
    } catch (error) {
      if (!mayBeInvalidPosition(error)) throw error;
      return this.readForward(await this.anchorAtOrBefore(after), after, maxCount);
    }
  }

  private async readForward(from: ReadPosition, after: Position, maxCount: number): Promise<AllStreamRecordedEvent[]> {
    const out: AllStreamRecordedEvent[] = [];
    let start = from;
    let seen = after; // the newest position looked at: everything up to it is done
    for (;;) {
      // The event at the start position itself comes back again (reads are inclusive): one more.
      const want = Math.min(maxCount - out.length + 1, Number.MAX_SAFE_INTEGER);
      let got = 0;
      for await (const resolved of this.client.readAll({ fromPosition: start, maxCount: want, filter: excludeSystemEvents() })) {
        got++;
        const event = resolved.event;
        if (!event) continue;
        const position = commitPositionOf(event.position);
        if (position <= seen) continue;
        seen = position;
        if (!isVisible(event)) continue;
        out.push(event);
        if (out.length >= maxCount) return out;
      }
      // A short page is the end of the log; a full one that we thinned out asks for another.
      if (got < want || seen <= after) return out;
      start = readPositionAt(seen);
    }
  }

  /** Where a subscription after `after` may start: `after` itself when it is readable, else an anchor. */
  private async subscriptionStart(after: Position): Promise<ReadPosition> {
    if (after <= 0n) return START;
    const at = readPositionAt(after);
    try {
      for await (const _ of this.client.readAll({ fromPosition: at, maxCount: 1 })) break;
      return at;
    } catch (error) {
      if (!mayBeInvalidPosition(error)) throw error;
      return this.anchorAtOrBefore(after);
    }
  }

  /** The position of the newest event at or before `position` (a place reads can start), or START. */
  private async anchorAtOrBefore(position: Position): Promise<ReadPosition> {
    const anchor = await this.findBackwards((event) => commitPositionOf(event.position) <= position);
    return anchor ? anchor.position : START;
  }

  /** Walks $all back from its end (system event types filtered out); the newest event `found` accepts, or null. */
  private async findBackwards(found: (event: AllStreamRecordedEvent) => boolean): Promise<AllStreamRecordedEvent | null> {
    let from: ReadPosition = END;
    let pageSize = 1; // the newest event is nearly always the one
    for (;;) {
      let got = 0;
      let oldest: AllStreamRecordedEvent | undefined;
      const page = this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: pageSize, filter: excludeSystemEvents() });
      for await (const resolved of page) {
        got++;
        if (!resolved.event) continue;
        if (found(resolved.event)) return resolved.event;
        oldest = resolved.event;
      }
      if (got < pageSize || !oldest) return null; // reached the start of the log
      const next = oldest.position;
      if (typeof from === 'object' && next.commit >= from.commit) return null; // no progress: stop rather than loop
      from = next;
      pageSize = BACKWARD_PAGE;
    }
  }

  private async positionOfRevision(streamId: string, revision: bigint): Promise<Position> {
    for await (const resolved of this.client.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (resolved.event) return commitPositionOf(resolved.event.position);
    }
    throw new Error(`Event ${revision} of stream ${streamId} was appended but cannot be read back`);
  }
}
