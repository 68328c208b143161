import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counterDecider } from '../testkit/counter-decider.js';
import { sampleRegistry } from '../testkit/sample-events.js';
import { useTestDatabase } from '../testkit/vitest.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { WrongExpectedRevisionError } from '../event-store/port.js';
import { handleCommand } from './handle-command.js';

const testDb = useTestDatabase();
let store: PostgresEventStore;
beforeAll(() => {
  store = new PostgresEventStore(testDb().database, sampleRegistry());
});
afterAll(async () => store?.close());

const cause = { actor: 'test' };

/** The store, with another append to the stream landing right after the command's first read of it. */
function racedStore(streamId: string): PostgresEventStore {
  let raced = false;
  return Object.assign(Object.create(store) as PostgresEventStore, {
    async readStream(id: string) {
      const history = await store.readStream(id);
      if (id === streamId && !raced) {
        raced = true;
        await store.append(streamId, [{ type: 'CounterIncremented', data: { by: 10 } }], { expectedRevision: 'any', cause });
      }
      return history;
    },
  });
}

async function openCounter(): Promise<string> {
  const streamId = `counter-${randomUUID()}`;
  await store.append(streamId, [{ type: 'CounterOpened', data: { name: 'c' } }], { expectedRevision: 'no_stream', cause });
  return streamId;
}

describe('handleCommand', () => {
  it('decides again when another append lands between its read and its write, and no client revision pins it', async () => {
    const streamId = await openCounter();
    const outcome = await handleCommand(racedStore(streamId), { streamId, decider: counterDecider, command: { kind: 'increment', by: 1 }, cause });
    expect(outcome.state.total).toBe(11);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['CounterOpened', 'CounterIncremented', 'CounterIncremented']);
  });

  it("answers the client's conflict when its revision is pinned and the stream moved", async () => {
    const streamId = await openCounter();
    await store.append(streamId, [{ type: 'CounterIncremented', data: { by: 2 } }], { expectedRevision: 'any', cause });
    await expect(
      handleCommand(store, { streamId, decider: counterDecider, command: { kind: 'increment', by: 1 }, cause, expectedRevision: 0n }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('appends a decision that holds whatever the stream gained since (stream_exists) without deciding again', async () => {
    const streamId = await openCounter();
    const outcome = await handleCommand(racedStore(streamId), {
      streamId,
      decider: counterDecider,
      command: { kind: 'increment', by: 1 },
      cause,
      expectedRevision: 'stream_exists',
    });
    expect(outcome.state.total).toBe(1);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['CounterOpened', 'CounterIncremented', 'CounterIncremented']);
    const none = `counter-${randomUUID()}`;
    await expect(
      handleCommand(store, { streamId: none, decider: counterDecider, command: { kind: 'open', name: 'n' }, cause, expectedRevision: 'stream_exists' }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it('decides on a state the caller knows without reading the stream, and appends only to a stream that exists', async () => {
    const streamId = await openCounter();
    let reads = 0;
    const counting = Object.assign(Object.create(store) as PostgresEventStore, {
      readStream: (id: string) => (reads++, store.readStream(id)),
    });
    const outcome = await handleCommand(counting, {
      streamId,
      decider: counterDecider,
      command: { kind: 'increment', by: 2 },
      cause,
      knownState: { open: true, total: 5 },
    });
    expect(reads).toBe(0);
    expect(outcome.state.total).toBe(7);
    expect((await store.readStream(streamId)).map((e) => e.type)).toEqual(['CounterOpened', 'CounterIncremented']);
    const none = `counter-${randomUUID()}`;
    await expect(
      handleCommand(counting, { streamId: none, decider: counterDecider, command: { kind: 'increment', by: 1 }, cause, knownState: { open: true, total: 0 } }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });

  it("appends the streams it reserves alongside in one transaction, and leaves a reservation's conflict to its caller", async () => {
    const streamId = `counter-${randomUUID()}`;
    const reserved = `counter-${randomUUID()}`;
    const reservation = { streamId: reserved, events: [{ type: 'CounterOpened', data: { name: 'r' } }], expectedRevision: 'no_stream' as const };
    await handleCommand(store, { streamId, decider: counterDecider, command: { kind: 'open', name: 'c' }, cause, alongside: [reservation] });
    expect((await store.readStream(reserved)).map((e) => e.type)).toEqual(['CounterOpened']);
    const other = `counter-${randomUUID()}`;
    await expect(
      handleCommand(store, { streamId: other, decider: counterDecider, command: { kind: 'open', name: 'o' }, cause, alongside: [reservation] }),
    ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream(other)).toEqual([]);
  });

  it('makes the command and what goes alongside from the state it read, again after a race', async () => {
    const streamId = await openCounter();
    const seen: number[] = [];
    const outcome = await handleCommand(racedStore(streamId), {
      streamId,
      decider: counterDecider,
      command: (state) => {
        seen.push(state.total);
        return { kind: 'increment' as const, by: state.total + 1 };
      },
      alongside: (command, state) => [
        {
          streamId: `counter-${randomUUID()}`,
          events: [{ type: 'CounterOpened', data: { name: `by ${command.kind === 'increment' ? command.by : 0} after ${state.total}` } }],
          expectedRevision: 'no_stream',
        },
      ],
      cause,
    });
    expect(seen).toEqual([0, 10]);
    expect(outcome.state.total).toBe(21);
    expect(outcome.events).toEqual([{ type: 'CounterIncremented', data: { by: 11 } }]);
  });
});
