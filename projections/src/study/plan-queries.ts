import { sql, type Kysely } from 'kysely';
import type { PlansReadModel } from './plans-projection.js';

/** A reader's plans (one when `planId` is given), the oldest first, days as YYYY-MM-DD. */
export function plansOf(db: Kysely<PlansReadModel>, userId: string, planId?: string) {
  let query = db
    .selectFrom('plans')
    .select([
      'plan_id',
      'from_book',
      'from_canto',
      'to_book',
      'to_canto',
      sql<string>`start_day::text`.as('start_day'),
      sql<string>`end_day::text`.as('end_day'),
      sql<string>`schedule_from::text`.as('schedule_from'),
      'after_id',
      'after_lines',
      'read_id',
      'read_lines',
    ])
    .where('user_id', '=', userId);
  if (planId !== undefined) query = query.where('plan_id', '=', planId);
  return query.orderBy('started_at').execute();
}
