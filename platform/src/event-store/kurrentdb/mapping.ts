import {
  ANY,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  WrongExpectedVersionError,
  type AppendStreamState,
  type CurrentStreamState,
  type JSONEventData,
  type JSONType,
  type Position as KurrentPosition,
  type ReadPosition,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata, EventRegistry } from '@epos/schemas';
import { decodeData, type EncodedEvent } from '../encoding.js';
import { UndecodableEventError, WrongExpectedRevisionError, type ExpectedRevision, type Position, type RecordedEvent } from '../port.js';

/**
 * Pure translations between the port's vocabulary and the KurrentDB client's. Kept apart from the
 * adapter so they can be tested without a server.
 *
 * Positions: since EventStoreDB 20 every append is an implicit transaction whose events are
 * "self-committed", so each event's log position has commit === prepare === the byte offset of
 * its record in the transaction log. The port's bigint Position is that commit position; a
 * position we hand out can be turned back into a client position as { commit: p, prepare: p }.
 */

const U64 = 1n << 64n;
const I64_MAX = (1n << 63n) - 1n;

/** The port's expected revision as the client's stream state. -1n means "no stream", as in `satisfies`. */
export function toStreamState(expected: ExpectedRevision): AppendStreamState {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      if (expected === -1n) return NO_STREAM;
      if (expected < 0n) throw new RangeError(`Expected revision must be 0 or more, got ${expected}`);
      return expected;
  }
}

/** The client's idea of a stream's current state as the port's actual revision. */
export function toActualRevision(actual: CurrentStreamState): bigint | 'no_stream' {
  if (actual === NO_STREAM) return 'no_stream';
  // Servers encode "no stream" (-1) and deleted markers as negative numbers, sometimes sent as u64.
  const signed = actual > I64_MAX ? actual - U64 : actual;
  return signed < 0n ? 'no_stream' : signed;
}

/** Our typed error for the client's wrong-expected-version error, or null for any other error. */
export function toWrongExpectedRevision(error: unknown, streamId: string, expected: ExpectedRevision): WrongExpectedRevisionError | null {
  if (!(error instanceof WrongExpectedVersionError)) return null;
  return new WrongExpectedRevisionError(streamId, expected, toActualRevision(error.actualState));
}

/** The port's position of an event as given by the client; fails loudly when the server sent none. */
export function commitPositionOf(position: KurrentPosition | undefined): Position {
  if (!position || position.commit < 0n || position.commit > I64_MAX) {
    throw new Error('KurrentDB returned an event without a log position (server older than 22.6?)');
  }
  return position.commit;
}

/** Where a forward read must start to see the event at `position` (reads of $all are inclusive). */
export function readPositionAt(position: Position): ReadPosition {
  return position <= 0n ? START : { commit: position, prepare: position };
}

/** Our encoded event as the client's JSON event: metadata (with schemaVersion) goes to the event's metadata. */
export function toEventData(event: EncodedEvent): JSONEventData {
  return {
    id: event.id,
    contentType: 'application/json',
    type: event.type,
    data: event.data as JSONType,
    metadata: { ...event.metadata },
  };
}

/** The fields of a stored KurrentDB event this adapter reads (the client's RecordedEvent has them all). */
export interface StoredKurrentEvent {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: KurrentPosition | undefined;
}

/** A stored KurrentDB event as a current RecordedEvent: validated and upcast through the registry. */
export function decodeRecordedEvent(registry: EventRegistry, stored: StoredKurrentEvent): RecordedEvent {
  const position = commitPositionOf(stored.position);
  const schemaVersion = storedSchemaVersion(stored.metadata);
  if (schemaVersion === null) {
    throw new UndecodableEventError(position, stored.type, 'its metadata has no schemaVersion (not written by Epos?)', stored.streamId);
  }
  if (!stored.isJson) throw new UndecodableEventError(position, stored.type, 'its data is not JSON', stored.streamId);
  return {
    id: stored.id,
    type: stored.type,
    data: decodeData(registry, position, stored.streamId, stored.type, schemaVersion, stored.data),
    metadata: { ...(stored.metadata as EventMetadata), schemaVersion },
    streamId: stored.streamId,
    revision: stored.revision,
    position,
  };
}

function storedSchemaVersion(metadata: unknown): number | null {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata) || metadata instanceof Uint8Array) {
    return null;
  }
  const version = (metadata as Record<string, unknown>).schemaVersion;
  return typeof version === 'number' && Number.isInteger(version) && version > 0 ? version : null;
}
