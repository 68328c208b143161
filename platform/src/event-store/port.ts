import type { z } from 'zod';
import type { Cause, EventDefinition, EventMetadata } from '@epos/schemas';

/** A position in the global log. Ordered; 0n means "before the first event". */
export type Position = bigint;

/** Revision of the last event in a stream (0-based), or one of the named expectations. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface NewEvent {
  type: string;
  data: unknown;
  /** Generated when absent; an id already in the store is refused (DuplicateEventError). */
  id?: string;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
  streamId: string;
  revision: bigint;
  position: Position;
}

/** A recorded event of one definition, its data typed by the definition's schema. */
export type RecordedOf<Def extends EventDefinition> = RecordedEvent<Def['type'], z.infer<Def['schema']>>;

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  cause: Cause;
}

export interface AppendResult {
  /** Position of the last event appended. */
  position: Position;
  /** Revision of the stream after the append. */
  nextRevision: bigint;
}

/** One stream's part of an atomic multi-stream append. */
export interface StreamAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadStreamOptions {
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after: Position;
  maxCount: number;
}

export interface SubscribeOptions {
  after: Position;
  batchSize?: number;
  signal?: AbortSignal;
}

/** The one port every feature writes and reads events through. */
export interface EventStore {
  readonly kind: string;
  append(streamId: string, events: readonly NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /**
   * Appends to several streams at once: all of them or none (one conflict rejects the whole).
   * Answers the position of the last event appended.
   */
  appendMany(appends: readonly StreamAppend[], options: { cause: Cause }): Promise<{ position: Position }>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Revision of the stream's last event, or -1n when it has none, without reading its events. */
  streamRevision(streamId: string): Promise<bigint>;
  /** Events after a position; stops short of an event that cannot be decoded, and throws when it is first. */
  readAll(options: ReadAllOptions): Promise<RecordedEvent[]>;
  headPosition(): Promise<Position>;
  /**
   * Yields batches of events after a position, in log order, until the signal aborts.
   * An empty batch means "caught up with the head for now"; it is yielded once each time
   * the subscriber reaches the head.
   */
  subscribeToAll(options: SubscribeOptions): AsyncIterable<RecordedEvent[]>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamId} has changed: expected ${describeExpected(expected)}, ` + `found ${actual === 'no_stream' ? 'no stream' : `revision ${actual}`}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** A stored event that cannot be turned into a current one (unknown type, failing schema). */
export class UndecodableEventError extends Error {
  constructor(
    readonly position: Position,
    readonly eventType: string,
    readonly reason: string,
    readonly streamId: string,
  ) {
    super(`Event at position ${position} of type ${eventType} (stream ${streamId}) cannot be read: ${reason}`);
    this.name = 'UndecodableEventError';
  }
}

function describeExpected(expected: ExpectedRevision): string {
  return typeof expected === 'bigint' ? `revision ${expected}` : expected.replace('_', ' ');
}

/** Revision of a stream's last event, or -1n for no stream. */
export function satisfies(expected: ExpectedRevision, actual: bigint): boolean {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === -1n;
  if (expected === 'stream_exists') return actual >= 0n;
  return expected === actual;
}

/** An append carried an event id the store already holds. */
export class DuplicateEventError extends Error {
  constructor(readonly streamId: string) {
    super(`An event appended to ${streamId} has an id the store already holds`);
    this.name = 'DuplicateEventError';
  }
}
