import type { Kysely } from 'kysely';
import { defineProjection } from '../projections/define-projection.js';
import { counterIncremented, counterOpened } from './sample-events.js';

export interface CounterReadModel {
  counters: { id: string; name: string; total: number; position: string };
}

/** The sample feature's read model: one row per counter. `version` lets tests deploy a rebuild. */
export function counterProjection(version = 1, options: { failOn?: number; name?: string; delayMs?: number } = {}) {
  return defineProjection({
    name: options.name ?? 'counters',
    version,
    events: [counterOpened, counterIncremented],
    async setup(db: Kysely<CounterReadModel>) {
      await db.schema
        .createTable('counters')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('total', 'integer', (c) => c.notNull())
        .addColumn('position', 'bigint', (c) => c.notNull())
        .execute();
    },
    handlers: {
      async CounterOpened(event, db) {
        await db.insertInto('counters').values({ id: event.streamId, name: event.data.name, total: 0, position: event.position.toString() }).execute();
      },
      async CounterIncremented(event, db) {
        if (options.failOn === event.data.by) throw new Error(`refusing increment by ${event.data.by}`);
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        await db
          .updateTable('counters')
          .set((eb) => ({ total: eb('total', '+', event.data.by * version), position: event.position.toString() }))
          .where('id', '=', event.streamId)
          .execute();
      },
    },
  });
}
