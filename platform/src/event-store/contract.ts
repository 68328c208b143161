import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { InvalidEventDataError, UnknownEventTypeError, type EventRegistry } from '@epos/schemas';
import { sampleRegistry, sampleRegistryV1 } from '../testkit/sample-events.js';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from './port.js';

/**
 * The behaviour every EventStore adapter must have. `open` gives a store over one shared
 * storage for the given registry; streams are unique per test so tests don't collide.
 */
export function eventStoreContract(name: string, open: (registry: EventRegistry) => EventStore): void {
  const cause = { actor: 'user-1' };
  const stream = () => `counter-${randomUUID()}`;

  describe(`${name} event store contract`, () => {
    it('appends to a new stream and reads it back with full metadata', async () => {
      const store = open(sampleRegistry());
      const id = stream();
      const correlationId = randomUUID();
      const causationId = randomUUID();
      const result = await store.append(
        id,
        [
          { type: 'CounterOpened', data: { name: 'first' } },
          { type: 'CounterIncremented', data: { by: 2 } },
        ],
        { expectedRevision: 'no_stream', cause: { actor: 'user-7', correlationId, causationId } },
      );
      expect(result.nextRevision).toBe(1n);
      const events = await store.readStream(id);
      expect(events.map((e) => [e.type, e.data, e.revision])).toEqual([
        ['CounterOpened', { name: 'first' }, 0n],
        ['CounterIncremented', { by: 2 }, 1n],
      ]);
      expect(events[1]!.position).toBe(result.position);
      expect(events[0]!.position < events[1]!.position).toBe(true);
      for (const e of events) {
        expect(e.id).toMatch(/^[0-9a-f-]{36}$/);
        expect(e.streamId).toBe(id);
        expect(e.metadata).toMatchObject({ actor: 'user-7', correlationId, causationId, schemaVersion: 1 });
        expect(Number.isNaN(Date.parse(e.metadata.timestamp))).toBe(false);
      }
    });

    it('rejects a wrong expected revision with a typed error and stores nothing', async () => {
      const store = open(sampleRegistry());
      const id = stream();
      await store.append(id, [{ type: 'CounterOpened', data: { name: 'a' } }], { expectedRevision: 'no_stream', cause });
      await expect(store.append(id, [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 'no_stream', cause })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.append(id, [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 5n, cause })).rejects.toMatchObject({
        name: 'WrongExpectedRevisionError',
        streamId: id,
        actual: 0n,
      });
      await expect(
        store.append(stream(), [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 'stream_exists', cause }),
      ).rejects.toMatchObject({ actual: 'no_stream' });
      expect(await store.readStream(id)).toHaveLength(1);
      const next = await store.append(id, [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 0n, cause });
      expect(next.nextRevision).toBe(1n);
      await store.append(id, [{ type: 'CounterIncremented', data: { by: 3 } }], { expectedRevision: 'any', cause });
      await store.append(id, [{ type: 'CounterIncremented', data: { by: 3 } }], { expectedRevision: 'stream_exists', cause });
      expect(await store.readStream(id)).toHaveLength(4);
    });

    it("answers a stream's revision, -1n while it has no events, unmoved by other streams", async () => {
      const store = open(sampleRegistry());
      const [id, other] = [stream(), stream()];
      expect(await store.streamRevision(id)).toBe(-1n);
      await store.append(
        id,
        [
          { type: 'CounterOpened', data: { name: 'r' } },
          { type: 'CounterIncremented', data: { by: 1 } },
        ],
        { expectedRevision: 'no_stream', cause },
      );
      expect(await store.streamRevision(id)).toBe(1n);
      await store.appendMany(
        [
          { streamId: id, events: [{ type: 'CounterIncremented', data: { by: 2 } }], expectedRevision: 1n },
          { streamId: other, events: [{ type: 'CounterOpened', data: { name: 'o' } }], expectedRevision: 'no_stream' },
        ],
        { cause },
      );
      expect(await store.streamRevision(id)).toBe(2n);
      expect(await store.streamRevision(other)).toBe(0n);
      expect(await store.streamRevision(id)).toBe((await store.readStream(id)).at(-1)!.revision);
    });

    it('never appends an event whose data fails its schema, nor any of its batch', async () => {
      const store = open(sampleRegistry());
      const id = stream();
      const head = await store.headPosition();
      await expect(
        store.append(
          id,
          [
            { type: 'CounterOpened', data: { name: 'ok' } },
            { type: 'CounterIncremented', data: { by: -1 } },
          ],
          { expectedRevision: 'any', cause },
        ),
      ).rejects.toBeInstanceOf(InvalidEventDataError);
      await expect(store.append(id, [{ type: 'NoSuchEvent', data: {} }], { expectedRevision: 'any', cause })).rejects.toBeInstanceOf(UnknownEventTypeError);
      await expect(store.append(id, [{ type: 'CounterOpened', data: { name: 'nul\u0000byte' } }], { expectedRevision: 'any', cause })).rejects.toThrow(/NUL/);
      await expect(store.append(id, [{ type: 'CounterOpened', data: { name: 'x' } }], { expectedRevision: 'any', cause: { actor: '' } })).rejects.toThrow();
      await expect(
        store.append(id, [{ type: 'CounterOpened', data: { name: 'x' } }], { expectedRevision: 'any', cause: { actor: 'a', correlationId: 'not-a-uuid' } }),
      ).rejects.toThrow();
      expect(await store.readStream(id)).toEqual([]);
      expect(await store.headPosition()).toBe(head);
    });

    it('appends to several streams atomically: all, or none on one conflict', async () => {
      const store = open(sampleRegistry());
      const [a, b, c] = [stream(), stream(), stream()];
      await store.append(c, [{ type: 'CounterOpened', data: { name: 'c' } }], { expectedRevision: 'no_stream', cause });
      const head = await store.headPosition();
      await expect(
        store.appendMany(
          [
            { streamId: a, events: [{ type: 'CounterOpened', data: { name: 'a' } }], expectedRevision: 'no_stream' },
            { streamId: c, events: [{ type: 'CounterIncremented', data: { by: 1 } }], expectedRevision: 'no_stream' },
          ],
          { cause },
        ),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect(await store.readStream(a)).toEqual([]);
      expect(await store.headPosition()).toBe(head);

      const { position } = await store.appendMany(
        [
          { streamId: a, events: [{ type: 'CounterOpened', data: { name: 'a' } }], expectedRevision: 'no_stream' },
          {
            streamId: b,
            events: [
              { type: 'CounterOpened', data: { name: 'b' } },
              { type: 'CounterIncremented', data: { by: 2 } },
            ],
            expectedRevision: 'no_stream',
          },
          { streamId: c, events: [{ type: 'CounterIncremented', data: { by: 1 } }], expectedRevision: 0n },
        ],
        { cause },
      );
      const written = await store.readAll({ after: head, maxCount: 10 });
      expect(written.map((e) => [e.streamId, e.type])).toEqual([
        [a, 'CounterOpened'],
        [b, 'CounterOpened'],
        [b, 'CounterIncremented'],
        [c, 'CounterIncremented'],
      ]);
      expect(position).toBe(written.at(-1)!.position);
      expect(new Set(written.map((e) => e.metadata.correlationId)).size).toBe(1);
    });

    it('reads all events after a position, in order, bounded by maxCount', async () => {
      const store = open(sampleRegistry());
      const before = await store.headPosition();
      const ids = [stream(), stream()];
      for (const id of ids) {
        await store.append(id, [{ type: 'CounterOpened', data: { name: id } }], { expectedRevision: 'no_stream', cause });
        await store.append(id, [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 0n, cause });
      }
      const all = await store.readAll({ after: before, maxCount: 100 });
      const ours = all.filter((e) => ids.includes(e.streamId));
      expect(ours.map((e) => [e.streamId, e.type])).toEqual([
        [ids[0], 'CounterOpened'],
        [ids[0], 'CounterIncremented'],
        [ids[1], 'CounterOpened'],
        [ids[1], 'CounterIncremented'],
      ]);
      assertIncreasing(all);
      const firstTwo = await store.readAll({ after: before, maxCount: 2 });
      expect(firstTwo).toHaveLength(2);
      const rest = await store.readAll({ after: firstTwo[1]!.position, maxCount: 100 });
      expect([...firstTwo, ...rest].map((e) => e.id)).toEqual(all.map((e) => e.id));
      expect(await store.headPosition()).toBe(all.at(-1)!.position);
    });

    it('upcasts events stored under an older schema version', async () => {
      const old = open(sampleRegistryV1());
      const id = stream();
      await old.append(id, [{ type: 'CounterLabelled', data: { title: 'Book I' } }], { expectedRevision: 'any', cause });
      const current = open(sampleRegistry());
      await current.append(id, [{ type: 'CounterLabelled', data: { label: 'Book II', source: 'v2' } }], {
        expectedRevision: 0n,
        cause,
      });
      const events = await current.readStream(id);
      expect(events.map((e) => e.data)).toEqual([
        { label: 'Book I', source: 'v1' },
        { label: 'Book II', source: 'v2' },
      ]);
      expect(events.map((e) => e.metadata.schemaVersion)).toEqual([1, 2]);
    });

    it('subscribes to all: existing events first, then new ones as they are appended', async () => {
      const store = open(sampleRegistry());
      const id = stream();
      const from = await store.headPosition();
      await store.append(id, [{ type: 'CounterOpened', data: { name: 'live' } }], { expectedRevision: 'no_stream', cause });
      const controller = new AbortController();
      const seen: RecordedEvent[] = [];
      let caughtUp = 0;
      const done = (async () => {
        for await (const batch of store.subscribeToAll({ after: from, signal: controller.signal })) {
          if (batch.length === 0) caughtUp++;
          seen.push(...batch.filter((e) => e.streamId === id));
          if (seen.length >= 3) controller.abort();
        }
      })();
      // An empty batch says "caught up": it comes before the later appends, however slow the machine.
      await vi.waitFor(() => expect(caughtUp).toBeGreaterThanOrEqual(1), { timeout: 10_000, interval: 10 });
      await store.append(id, [{ type: 'CounterIncremented', data: { by: 1 } }], { expectedRevision: 0n, cause });
      await store.append(id, [{ type: 'CounterIncremented', data: { by: 2 } }], { expectedRevision: 1n, cause });
      await done;
      expect(seen.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
    });
  });
}

function assertIncreasing(events: RecordedEvent[]): void {
  for (let i = 1; i < events.length; i++) expect(events[i]!.position > events[i - 1]!.position).toBe(true);
}
