import { describe, expect, it } from 'vitest';
import { WrongExpectedVersionError } from '@kurrent/kurrentdb-client';
import { InvalidEventDataError } from '@epos/schemas';
import { sampleRegistry } from '../../testkit/sample-events.js';
import { encodeEvents } from '../encoding.js';
import { UndecodableEventError, WrongExpectedRevisionError } from '../port.js';
import {
  commitPositionOf,
  decodeRecordedEvent,
  readPositionAt,
  toActualRevision,
  toEventData,
  toStreamState,
  toWrongExpectedRevision,
  type StoredKurrentEvent,
} from './mapping.js';

const metadata = {
  actor: 'user-1',
  correlationId: '7d4c2f5e-8a31-4c1e-9f0b-2b6a1d3e4f50',
  causationId: null,
  timestamp: '2025-01-02T03:04:05.000Z',
};

function stored(overrides: Partial<StoredKurrentEvent> = {}): StoredKurrentEvent {
  return {
    id: '0b0e2c4a-1111-4222-8333-944455556666',
    type: 'CounterOpened',
    streamId: 'counter-1',
    revision: 3n,
    isJson: true,
    data: { name: 'first' },
    metadata: { ...metadata, schemaVersion: 1 },
    position: { commit: 4242n, prepare: 4242n },
    ...overrides,
  };
}

describe('toStreamState', () => {
  it('maps the named expectations and revisions one to one', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState('stream_exists')).toBe('stream_exists');
    expect(toStreamState(0n)).toBe(0n);
    expect(toStreamState(41n)).toBe(41n);
  });

  it('reads -1n as "no stream", as satisfies() does, and refuses other negatives', () => {
    expect(toStreamState(-1n)).toBe('no_stream');
    expect(() => toStreamState(-2n)).toThrow(RangeError);
  });
});

describe('toActualRevision', () => {
  it('keeps revisions and names a missing stream', () => {
    expect(toActualRevision('no_stream')).toBe('no_stream');
    expect(toActualRevision(0n)).toBe(0n);
    expect(toActualRevision(7n)).toBe(7n);
  });

  it('reads negative markers, signed or sent as u64, as no stream', () => {
    expect(toActualRevision(-1n)).toBe('no_stream');
    expect(toActualRevision((1n << 64n) - 1n)).toBe('no_stream');
  });
});

describe('toWrongExpectedRevision', () => {
  it('turns the client error into ours with the actual revision', () => {
    const clientError = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 5n, current: 0n });
    const mapped = toWrongExpectedRevision(clientError, 's', 5n);
    expect(mapped).toBeInstanceOf(WrongExpectedRevisionError);
    expect(mapped).toMatchObject({ streamId: 's', expected: 5n, actual: 0n });
  });

  it('names a missing stream', () => {
    const clientError = new WrongExpectedVersionError(undefined, { streamName: 's', expected: 'stream_exists', current: 'no_stream' });
    expect(toWrongExpectedRevision(clientError, 's', 'stream_exists')).toMatchObject({ actual: 'no_stream' });
  });

  it('leaves other errors alone', () => {
    expect(toWrongExpectedRevision(new Error('boom'), 's', 'any')).toBeNull();
  });
});

describe('positions', () => {
  it('uses the commit position of an event', () => {
    expect(commitPositionOf({ commit: 123n, prepare: 123n })).toBe(123n);
  });

  it('fails loudly when the server sent no position', () => {
    expect(() => commitPositionOf(undefined)).toThrow(/without a log position/);
    expect(() => commitPositionOf({ commit: (1n << 64n) - 1n, prepare: (1n << 64n) - 1n })).toThrow(/without a log position/);
  });

  it('reads from the start for 0n and from the event itself otherwise', () => {
    expect(readPositionAt(0n)).toBe('start');
    expect(readPositionAt(-3n)).toBe('start');
    expect(readPositionAt(987n)).toEqual({ commit: 987n, prepare: 987n });
  });
});

describe('toEventData', () => {
  it('writes JSON data and the full metadata, schema version included', () => {
    const [encoded] = encodeEvents(sampleRegistry(), [{ type: 'CounterIncremented', data: { by: 2 }, id: stored().id }], {
      expectedRevision: 'any',
      cause: { actor: 'user-9' },
    });
    const data = toEventData(encoded!);
    expect(data).toMatchObject({
      id: stored().id,
      contentType: 'application/json',
      type: 'CounterIncremented',
      data: { by: 2 },
      metadata: { actor: 'user-9', causationId: null, schemaVersion: 1 },
    });
  });
});

describe('decodeRecordedEvent', () => {
  it('maps a stored event to a RecordedEvent', () => {
    expect(decodeRecordedEvent(sampleRegistry(), stored())).toEqual({
      id: stored().id,
      type: 'CounterOpened',
      data: { name: 'first' },
      metadata: { ...metadata, schemaVersion: 1 },
      streamId: 'counter-1',
      revision: 3n,
      position: 4242n,
    });
  });

  it('upcasts by the schema version stored in the metadata', () => {
    const event = decodeRecordedEvent(
      sampleRegistry(),
      stored({ type: 'CounterLabelled', data: { title: 'Book I' }, metadata: { ...metadata, schemaVersion: 1 } }),
    );
    expect(event.data).toEqual({ label: 'Book I', source: 'v1' });
    expect(event.metadata.schemaVersion).toBe(1);
  });

  it('names position and type when the event cannot be read', () => {
    const cases: [Partial<StoredKurrentEvent>, RegExp][] = [
      [{ type: 'NoSuchEvent' }, /Unknown event type/],
      [{ data: { name: '' } }, /invalid data/],
      [{ metadata: { ...metadata } }, /schemaVersion/],
      [{ metadata: new Uint8Array([1, 2]) }, /schemaVersion/],
      [{ isJson: false, data: new Uint8Array([1]) }, /not JSON/],
    ];
    for (const [overrides, reason] of cases) {
      let caught: unknown;
      try {
        decodeRecordedEvent(sampleRegistry(), stored(overrides));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(UndecodableEventError);
      expect(caught).toMatchObject({ position: 4242n, eventType: overrides.type ?? 'CounterOpened' });
      expect((caught as Error).message).toMatch(reason);
    }
  });

  it('refuses an event without a position rather than inventing one', () => {
    expect(() => decodeRecordedEvent(sampleRegistry(), stored({ position: undefined }))).toThrow(/without a log position/);
  });

  it('does not mistake a registry error for a decode failure on write', () => {
    expect(() => encodeEvents(sampleRegistry(), [{ type: 'CounterIncremented', data: { by: 0 } }], { expectedRevision: 'any', cause: { actor: 'a' } })).toThrow(
      InvalidEventDataError,
    );
  });
});
