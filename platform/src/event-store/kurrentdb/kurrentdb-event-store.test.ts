import { afterAll, it } from 'vitest';
import type { EventStore } from '../port.js';
import { eventStoreContract } from '../contract.js';
import { KurrentEventStore } from './kurrentdb-event-store.js';

// Runs the shared contract against a real KurrentDB, e.g.
//   EVENTSTORE_URL='kurrentdb://127.0.0.1:2113?tls=false' npx vitest run platform/src/event-store/kurrentdb
// (docker compose up kurrentdb). Without EVENTSTORE_URL the file reports one skipped test.
const url = process.env.EVENTSTORE_URL;

if (url) {
  const stores: EventStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((s) => s.close()));
  });
  eventStoreContract('KurrentDB', (registry) => {
    const store = new KurrentEventStore(url, registry);
    stores.push(store);
    return store;
  });
} else {
  it.skip('KurrentDB event store contract (set EVENTSTORE_URL to run it against a server)', () => {});
}
