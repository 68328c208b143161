import type { Kysely } from 'kysely';
import { defineBatchProjection } from '@epos/platform';
import { streamKind } from '@epos/schemas/events/stream-kind';

export interface ChangeLogReadModel {
  changes: {
    position: string;
    stream_id: string;
    kind: string;
    revision: string;
    type: string;
    actor: string;
    correlation_id: string;
    causation_id: string | null;
    occurred_at: string;
  };
}

export const CHANGE_LOG_PROJECTION = 'change_log';

/** Who changed what and when, for every event: the admin console's history of every change. */
export const changeLogProjection = defineBatchProjection<ChangeLogReadModel>({
  name: CHANGE_LOG_PROJECTION,
  version: 2,
  handles: '*',
  async setup(db: Kysely<ChangeLogReadModel>) {
    await db.schema
      .createTable('changes')
      .addColumn('position', 'bigint', (c) => c.primaryKey())
      .addColumn('stream_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('actor', 'text', (c) => c.notNull())
      .addColumn('correlation_id', 'uuid', (c) => c.notNull())
      .addColumn('causation_id', 'uuid')
      .addColumn('occurred_at', 'timestamptz', (c) => c.notNull())
      .execute();
    // The audit log's filters, each read newest first by position.
    await db.schema.createIndex('changes_by_stream').on('changes').columns(['stream_id', 'position']).execute();
    await db.schema.createIndex('changes_by_actor').on('changes').columns(['actor', 'position']).execute();
    await db.schema.createIndex('changes_by_kind').on('changes').columns(['kind', 'position']).execute();
    await db.schema.createIndex('changes_by_type').on('changes').columns(['type', 'position']).execute();
    await db.schema.createIndex('changes_by_time').on('changes').columns(['occurred_at']).execute();
  },
  async apply(events, db) {
    await db
      .insertInto('changes')
      .values(
        events.map((e) => ({
          position: e.position.toString(),
          stream_id: e.streamId,
          kind: streamKind(e.streamId),
          revision: e.revision.toString(),
          type: e.type,
          actor: e.metadata.actor,
          correlation_id: e.metadata.correlationId,
          causation_id: e.metadata.causationId,
          occurred_at: e.metadata.timestamp,
        })),
      )
      .execute();
  },
});
