import { sql, type Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import { accountDeleted, planRead, planRescheduled, planStarted, planStopped } from '@epos/schemas';

export const PLANS_PROJECTION = 'plans';

export interface PlansReadModel {
  /**
   * The plans readers follow: their cantos and days, the current schedule (from `schedule_from`,
   * spreading what was left after `after_id`/`after_lines`), and where the reader is.
   */
  plans: {
    plan_id: string;
    user_id: string;
    from_book: number;
    from_canto: number;
    to_book: number;
    to_canto: number;
    start_day: string;
    end_day: string;
    schedule_from: string;
    after_id: number | null;
    after_lines: number;
    read_id: number | null;
    read_lines: number;
    started_at: string;
  };
}

type Db = Kysely<PlansReadModel>;

/** Each reader's reading plans: the poem's portions are worked out when they are asked for (domain/src/study/plan-schedule.ts). */
export const plansProjection = defineProjection({
  name: PLANS_PROJECTION,
  version: 1,
  events: [planStarted, planRead, planRescheduled, planStopped, accountDeleted],
  async setup(db: Db) {
    await db.schema
      .createTable('plans')
      .addColumn('plan_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('from_book', 'integer', (c) => c.notNull())
      .addColumn('from_canto', 'integer', (c) => c.notNull())
      .addColumn('to_book', 'integer', (c) => c.notNull())
      .addColumn('to_canto', 'integer', (c) => c.notNull())
      .addColumn('start_day', 'date', (c) => c.notNull())
      .addColumn('end_day', 'date', (c) => c.notNull())
      .addColumn('schedule_from', 'date', (c) => c.notNull())
      .addColumn('after_id', 'integer')
      .addColumn('after_lines', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('read_id', 'integer')
      .addColumn('read_lines', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('plans_user').on('plans').columns(['user_id', 'started_at']).execute();
  },
  handlers: {
    async PlanStarted(event, db) {
      const d = event.data;
      await db
        .insertInto('plans')
        .values({
          plan_id: d.planId,
          user_id: d.userId,
          from_book: d.fromBook,
          from_canto: d.fromCanto,
          to_book: d.toBook,
          to_canto: d.toCanto,
          start_day: d.startDay,
          end_day: d.endDay,
          schedule_from: d.startDay,
          after_id: null,
          after_lines: 0,
          read_id: null,
          read_lines: 0,
          started_at: event.metadata.timestamp,
        })
        .onConflict((oc) => oc.column('plan_id').doNothing())
        .execute();
    },
    async PlanRead(event, db) {
      const { planId, userId, through, linesDone } = event.data;
      await db
        .updateTable('plans')
        .set({ read_id: through, read_lines: through === null ? 0 : linesDone })
        .where('plan_id', '=', planId)
        .where('user_id', '=', userId)
        .execute();
    },
    async PlanRescheduled(event, db) {
      const { planId, userId, fromDay, endDay } = event.data;
      // What is left is counted from where the reader was when they chose.
      await db
        .updateTable('plans')
        .set({ schedule_from: fromDay, end_day: endDay, after_id: sql`read_id`, after_lines: sql`read_lines` })
        .where('plan_id', '=', planId)
        .where('user_id', '=', userId)
        .execute();
    },
    async PlanStopped(event, db) {
      await db.deleteFrom('plans').where('plan_id', '=', event.data.planId).where('user_id', '=', event.data.userId).execute();
    },
    async AccountDeleted(event, db) {
      await db.deleteFrom('plans').where('user_id', '=', event.data.userId).execute();
    },
  },
});
