import type { ColumnType, Generated } from 'kysely';

/** Tables of the platform itself; each feature declares its own next to its code. */
export interface EventsTable {
  global_position: Generated<string>;
  stream_id: string;
  stream_revision: string;
  event_id: string;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: unknown;
  recorded_at: Generated<Date>;
}

export interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  position: ColumnType<string, string | bigint, string | bigint>;
  status: 'catching-up' | 'live' | 'failed' | 'idle';
  error: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface ProjectionActiveTable {
  name: string;
  version: number;
  activated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface PlatformDatabase {
  events: EventsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_active: ProjectionActiveTable;
}
