import { afterAll } from 'vitest';
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
