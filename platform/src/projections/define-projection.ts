import type { Kysely } from 'kysely';
import type { EventDefinition } from '@epos/schemas';
import type { RecordedEvent, RecordedOf } from '../event-store/port.js';
import { EventHandlingError } from './errors.js';

type EventHandler<Def extends EventDefinition, DB> = (event: RecordedOf<Def>, db: Kysely<DB>) => Promise<void>;

export type EventHandlers<Defs extends readonly EventDefinition[], DB> = {
  [Def in Defs[number] as Def['type']]?: EventHandler<Def, DB>;
};

/**
 * A read model built from the log. Its tables live in a PostgreSQL schema of their own per
 * version (`rm_<name>_v<version>`), so a new version rebuilds beside the old one.
 */
export interface Projection<DB = unknown> {
  name: string;
  version: number;
  /**
   * Creates the read-model tables; runs once per version, inside the fresh schema. `version` is
   * the one it runs under (`version` above, or higher when an operator asked for a rebuild): what
   * lives outside the database, as a Typesense collection, is named by it.
   */
  setup(db: Kysely<DB>, version: number): Promise<void>;
  /** Whether this projection reads events of a type; all others pass by. */
  handles(type: string): boolean;
  apply(events: readonly RecordedEvent[], db: Kysely<DB>, version: number): Promise<void>;
  /**
   * Once this version is the one served and has caught up (after a rebuild took over, or on the
   * first start): for what lives outside the database, as the search index's Typesense alias.
   * Called once per start; a failure is logged and the projection runs on.
   */
  activated?(version: number): Promise<void>;
}

/** A projection whose events are handled one at a time, each by its own typed handler. */
export function defineProjection<DB, const Defs extends readonly EventDefinition[]>(spec: {
  name: string;
  version: number;
  events: Defs;
  setup(db: Kysely<DB>): Promise<void>;
  handlers: NoInfer<EventHandlers<Defs, DB>>;
}): Projection<DB> {
  const handlers = spec.handlers as Record<string, ((event: RecordedEvent, db: Kysely<DB>) => Promise<void>) | undefined>;
  return {
    name: spec.name,
    version: spec.version,
    setup: spec.setup,
    handles: (type) => handlers[type] !== undefined,
    async apply(events, db) {
      for (const event of events) {
        try {
          await handlers[event.type]?.(event, db);
        } catch (error) {
          throw new EventHandlingError(event, error);
        }
      }
    },
  };
}

/** A projection that takes whole batches, for read models that write in bulk (every event, counts). */
export function defineBatchProjection<DB>(spec: {
  name: string;
  version: number;
  /** Event types to receive; `'*'` receives every event. */
  handles: readonly string[] | '*';
  setup(db: Kysely<DB>, version: number): Promise<void>;
  apply(events: readonly RecordedEvent[], db: Kysely<DB>, version: number): Promise<void>;
  activated?(version: number): Promise<void>;
}): Projection<DB> {
  const types = spec.handles === '*' ? null : new Set(spec.handles);
  return {
    name: spec.name,
    version: spec.version,
    setup: spec.setup,
    handles: (type) => types === null || types.has(type),
    apply: (events, db, version) => spec.apply(events, db, version),
    ...(spec.activated ? { activated: spec.activated } : {}),
  };
}

export function schemaName(name: string, version: number): string {
  if (!/^[a-z][a-z0-9_]*$/.test(name)) throw new Error(`Projection name "${name}" must be lower_snake_case`);
  return `rm_${name}_v${version}`;
}
