import type { EventRegistry } from '@epos/schemas';
import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { KurrentEventStore } from '../event-store/kurrentdb/kurrentdb-event-store.js';
import type { EventStore } from '../event-store/port.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';

/** PostgreSQL tables by default; KurrentDB when EVENTSTORE_URL is set. */
export function createEventStore(config: Config, database: Database, registry: EventRegistry): EventStore {
  if (config.EVENTSTORE_URL) return new KurrentEventStore(config.EVENTSTORE_URL, registry);
  return new PostgresEventStore(database, registry);
}
