import { sql, type Kysely } from 'kysely';
import type { ReadingReadModel } from './reading-projection.js';

/**
 * A reader's streaks of days read: the longest, and the one running up to `today` or yesterday (a day
 * not yet read does not end it before it is over). Islands of consecutive days, in `schema` (the
 * read model's version the request reads).
 */
export async function streaksOf(db: Kysely<ReadingReadModel>, schema: string, userId: string, today: string): Promise<{ longest: number; current: number }> {
  const { rows } = await sql<{ longest: number; current: number }>`
    with d as (select day, day - (row_number() over (order by day))::int as grp from ${sql.id(schema, 'days')} where user_id = ${userId}),
    islands as (select max(day) as last, count(*)::int as n from d group by grp)
    select coalesce(max(n), 0)::int as longest, coalesce(max(n) filter (where last >= ${today}::date - 1), 0)::int as current from islands`.execute(db);
  return rows[0] ?? { longest: 0, current: 0 };
}
