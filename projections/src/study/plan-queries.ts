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
      'curated_plan_id',
    ])
    .where('user_id', '=', userId);
  if (planId !== undefined) query = query.where('plan_id', '=', planId);
  return query.orderBy('started_at').execute();
}

const curatedColumns = [
  'plan_id',
  'title',
  'summary',
  'from_book',
  'from_canto',
  'to_book',
  'to_canto',
  'split',
  'every',
  'portions',
  sql<string | null>`calendar_start::text`.as('calendar_start'),
  'withdrawn',
  'created_at',
  'updated_at',
] as const;

/** The editors' plans, by title, each with its notes as [portion, markdown] (`ids`: those only, withdrawn or not; else the ones readers may start). */
export function curatedPlansOf(db: Kysely<PlansReadModel>, ids?: readonly string[]) {
  let query = db
    .selectFrom('curated_plans')
    .select(curatedColumns)
    .select((eb) =>
      eb
        .selectFrom('curated_plan_notes as n')
        .select(sql<[number, string][]>`coalesce(jsonb_agg(jsonb_build_array(n.portion, n.note)), '[]')`.as('notes'))
        .whereRef('n.plan_id', '=', 'curated_plans.plan_id')
        .as('notes'),
    );
  query =
    ids === undefined ? query.where('withdrawn', '=', false) : ids.length === 0 ? query.where(sql<boolean>`false`) : query.where('plan_id', 'in', [...ids]);
  return query.orderBy('title').orderBy('plan_id').execute();
}
export type CuratedPlanRow = Awaited<ReturnType<typeof curatedPlansOf>>[number];

/** How many readers follow each of these editors' plans. */
export async function followersOf(db: Kysely<PlansReadModel>, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('plans')
    .select(['curated_plan_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('curated_plan_id', 'in', [...ids])
    .groupBy('curated_plan_id')
    .execute();
  return new Map(rows.map((r) => [r.curated_plan_id!, Number(r.n)]));
}
