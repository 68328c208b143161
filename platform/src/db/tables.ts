import type { ColumnType, Generated } from 'kysely';

/** Tables of the platform itself; each feature declares its own next to its code. */
interface EventsTable {
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

interface ProjectionCheckpointsTable {
  name: string;
  version: number;
  position: ColumnType<string, string | bigint, string | bigint>;
  status: 'catching-up' | 'live' | 'failed' | 'idle';
  error: string | null;
  /** The event it stopped at, while `status` is failed. */
  failed_position: ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
  failed_stream: string | null;
  failed_type: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Rebuilds an operator asked for: the read model is rebuilt beside the one serving under a version this much higher. */
interface ProjectionRebuildsTable {
  name: string;
  rebuilds: number;
  requested_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The process running a projection version, while its lease lasts. */
interface ProjectionLeasesTable {
  name: string;
  version: number;
  holder: string;
  acquired_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

interface ProjectionActiveTable {
  name: string;
  version: number;
  activated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

interface CredentialsTable {
  user_id: string;
  user_name: string;
  email: string;
  password_hash: string;
  email_confirmed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
}

interface AccountCodesTable {
  code_hash: string;
  user_id: string;
  purpose: 'activation' | 'reset';
  expires_at: ColumnType<Date, Date, Date>;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** An account event written with the secrets it describes, until the event store holds it. */
interface AccountOutboxTable {
  event_id: string;
  stream_id: string;
  type: string;
  data: ColumnType<unknown, string, string>;
  cause: ColumnType<unknown, string, string>;
  recorded_at: Generated<Date>;
}

interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: ColumnType<Date, Date, Date>;
  remember: boolean;
}

interface UserKeysTable {
  user_id: string;
  key: Buffer;
}

/** Secrets the site signs links with, one per purpose. */
interface SiteSecretsTable {
  name: string;
  secret: Buffer;
}

/** Request counters of the rate limits, one row per key and time window. */
interface RateLimitsTable {
  key: string;
  hits: number;
  window_ends_at: ColumnType<Date, Date | string, Date | string>;
}

/** How far each reactor has turned events into jobs. */
interface ReactorCheckpointsTable {
  name: string;
  position: ColumnType<string, string | bigint | undefined, string | bigint>;
  error: string | null;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** Effects carried out once for good (a mail handed to the mail server), by idempotency key. */
interface EffectsDoneTable {
  key: string;
  done_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface PlatformDatabase {
  events: EventsTable;
  credentials: CredentialsTable;
  account_codes: AccountCodesTable;
  account_outbox: AccountOutboxTable;
  sessions: SessionsTable;
  user_keys: UserKeysTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_active: ProjectionActiveTable;
  projection_leases: ProjectionLeasesTable;
  projection_rebuilds: ProjectionRebuildsTable;
  site_secrets: SiteSecretsTable;
  rate_limits: RateLimitsTable;
  reactor_checkpoints: ReactorCheckpointsTable;
  effects_done: EffectsDoneTable;
}
