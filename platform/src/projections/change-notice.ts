import { sql, type Kysely } from 'kysely';
import type { Position } from '../event-store/port.js';

/** Above this many scopes a notice names none: everything changed (NOTIFY payloads stay small). */
const MAX_SCOPES = 50;

/**
 * What a projection's batch changed, as query-side caches hear it: the batch's position and,
 * when the projection can tell, the scopes (e.g. blog ids) it touched; without scopes, everything.
 */
export interface ChangeNotice {
  position: Position;
  scopes: ReadonlySet<string> | null;
  /** False when the batch changed only what no kept answer shows (a draft's working copy): nothing to drop. */
  shown: boolean;
}

function formatChangeNotice(position: Position, scopes?: Iterable<string> | null): string {
  const named = scopes ? [...new Set(scopes)] : null;
  if (!named || named.length > MAX_SCOPES) return position.toString();
  return JSON.stringify({ position: position.toString(), scopes: named });
}

export function parseChangeNotice(payload: string): ChangeNotice {
  if (!payload.startsWith('{')) return { position: BigInt(payload), scopes: null, shown: true };
  const { position, scopes, shown } = JSON.parse(payload) as { position: string; scopes?: string[]; shown?: false };
  return { position: BigInt(position), scopes: new Set(scopes), shown: shown ?? true };
}

/** Announces a batch's change on `channel`; delivered when the batch's transaction commits. */
export async function announceChange<DB>(db: Kysely<DB>, channel: string, position: Position, scopes?: Iterable<string> | null): Promise<void> {
  await sql`select pg_notify(${channel}, ${formatChangeNotice(position, scopes)})`.execute(db);
}

/**
 * Announces a batch that changed only what no kept answer shows (a draft's working copy, say):
 * caches keep every answer and know they have seen the position (read-your-writes waits on it).
 */
export async function announceUnshownChange<DB>(db: Kysely<DB>, channel: string, position: Position): Promise<void> {
  await sql`select pg_notify(${channel}, ${JSON.stringify({ position: position.toString(), shown: false })})`.execute(db);
}
