import { randomUUID } from 'node:crypto';
import { afterAll, expect, it } from 'vitest';
import { sampleRegistry } from '../../testkit/sample-events.js';
import { DuplicateEventError } from '../port.js';
import type { EventStore } from '../port.js';
import { eventStoreContract } from '../contract.js';
import { useTestDatabase } from '../../testkit/vitest.js';
import { PostgresEventStore } from './postgres-event-store.js';

const testDb = useTestDatabase();
const stores: EventStore[] = [];
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
});

eventStoreContract('PostgreSQL', (registry) => {
  const store = new PostgresEventStore(testDb().database, registry, { pollIntervalMs: 200 });
  stores.push(store);
  return store;
});

it('refuses an event id it already holds, and one bad append does not sink the others in its group', async () => {
  const store = new PostgresEventStore(testDb().database, sampleRegistry());
  stores.push(store);
  const id = randomUUID();
  const cause = { actor: 'a' };
  await store.append(`dup-${id}`, [{ id, type: 'CounterOpened', data: { name: 'a' } }], { expectedRevision: 'any', cause });
  // Issued together, these share one transaction: the duplicate fails alone.
  const results = await Promise.allSettled([
    store.append(`ok-${id}`, [{ type: 'CounterOpened', data: { name: 'b' } }], { expectedRevision: 'no_stream', cause }),
    store.append(`dup2-${id}`, [{ id, type: 'CounterOpened', data: { name: 'c' } }], { expectedRevision: 'any', cause }),
    store.append(`ok2-${id}`, [{ type: 'CounterOpened', data: { name: 'd' } }], { expectedRevision: 'no_stream', cause }),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEventError);
  expect(await store.readStream(`dup2-${id}`)).toEqual([]);
  expect(await store.readStream(`ok2-${id}`)).toHaveLength(1);
});
