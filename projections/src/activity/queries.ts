import { sql, type Kysely } from 'kysely';
import type { ActivityReadModel } from './read-model.js';

type Db = Kysely<ActivityReadModel>;
type Window = { offset: number; limit: number };

/** A page of the public feed, newest first, and how many rows it has in all. */
export async function findRecents(db: Db, window: Window): Promise<{ rows: ActivityReadModel['activity'][]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('activity')
      .selectAll()
      .where('hidden', '=', false)
      .orderBy('at', 'desc')
      .orderBy('activity_id', 'desc')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    db
      .selectFrom('activity')
      .select(sql<string>`count(*)`.as('n'))
      .where('hidden', '=', false)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export type NotificationRow = ActivityReadModel['notifications'];

/** A page of a reader's notifications, newest first, with the total and how many are unread. */
export async function findNotifications(db: Db, userId: string, window: Window): Promise<{ rows: NotificationRow[]; total: number; unread: number }> {
  const [rows, counts] = await Promise.all([
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('position', 'desc').offset(window.offset).limit(window.limit).execute(),
    db
      .selectFrom('notifications')
      .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where not read)`.as('unread')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counts.total), unread: Number(counts.unread) };
}

/** How many of a reader's notifications are unread, and the newest of them. */
export async function unreadOf(db: Db, userId: string): Promise<{ unread: number; newest: NotificationRow | null }> {
  const [count, newest] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(sql<string>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('read', '=', false)
      .executeTakeFirstOrThrow(),
    db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('read', '=', false).orderBy('position', 'desc').limit(1).executeTakeFirst(),
  ]);
  return { unread: Number(count.n), newest: newest ?? null };
}
