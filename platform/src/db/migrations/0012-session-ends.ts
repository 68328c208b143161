import { sql, type Kysely } from 'kysely';

/**
 * Every session that ends (logout, a password change or reset, a lock, an erasure, a role change,
 * an administrator ending it; cascades from a deleted account included) is announced on the
 * `session_ended` channel with its token's hash, when the transaction that ended it commits: each
 * API process closes the session's streams and refuses its requests in flight (api/src/accounts/session-ends.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function announce_session_end() returns trigger language plpgsql as $$
    begin
      perform pg_notify('session_ended', old.token_hash);
      return null;
    end $$`.execute(db);
  await sql`create trigger session_ended after delete on sessions for each row execute function announce_session_end()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger session_ended on sessions`.execute(db);
  await sql`drop function announce_session_end()`.execute(db);
}
