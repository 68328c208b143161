import { sql, type Kysely } from 'kysely';

/**
 * Account secrets live outside the event log: password hashes, one-time codes, sessions, and
 * each user's key for the personal data in their events (destroyed on deletion).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table credentials (
      user_id uuid primary key,
      user_name text not null,
      email text not null,
      password_hash text not null,
      email_confirmed boolean not null default false,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index credentials_user_name on credentials (lower(user_name))`.execute(db);
  await sql`create unique index credentials_email on credentials (lower(email))`.execute(db);
  await sql`
    create table account_codes (
      code_hash text primary key,
      user_id uuid not null references credentials (user_id) on delete cascade,
      purpose text not null check (purpose in ('activation', 'reset')),
      expires_at timestamptz not null,
      used_at timestamptz
    )`.execute(db);
  await sql`
    create table sessions (
      token_hash text primary key,
      user_id uuid not null references credentials (user_id) on delete cascade,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      remember boolean not null
    )`.execute(db);
  await sql`create index sessions_by_user on sessions (user_id)`.execute(db);
  await sql`
    create table user_keys (
      user_id uuid primary key,
      key bytea not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['user_keys', 'sessions', 'account_codes', 'credentials']) await sql`drop table ${sql.id(table)}`.execute(db);
}
