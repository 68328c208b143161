import { sql, type Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import {
  accountDeleted,
  curatedPlanNoteWritten,
  curatedPlanSaved,
  curatedPlanWithdrawn,
  planRead,
  planRescheduled,
  planStarted,
  planStopped,
} from '@epos/schemas';

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
    /** The editors' plan it follows, if any. */
    curated_plan_id: string | null;
  };
  /** The editors' plans; withdrawn ones kept for their followers. */
  curated_plans: {
    plan_id: string;
    title: string;
    summary: string;
    from_book: number;
    from_canto: number;
    to_book: number;
    to_canto: number;
    split: 'lines' | 'cantos';
    every: 'day' | 'week';
    portions: number;
    calendar_start: string | null;
    withdrawn: boolean;
    created_at: string;
    updated_at: string;
  };
  /** The editors' commentary on each portion (1…) of their plans, in markdown. */
  curated_plan_notes: {
    plan_id: string;
    portion: number;
    note: string;
  };
}

type Db = Kysely<PlansReadModel>;

/**
 * Each reader's reading plans, and the editors' plans readers may follow: the poem's portions are
 * worked out when they are asked for (domain/src/study/plan-schedule.ts).
 */
export const plansProjection = defineProjection({
  name: PLANS_PROJECTION,
  version: 2,
  events: [planStarted, planRead, planRescheduled, planStopped, accountDeleted, curatedPlanSaved, curatedPlanNoteWritten, curatedPlanWithdrawn],
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
      .addColumn('curated_plan_id', 'uuid')
      .execute();
    await db.schema.createIndex('plans_user').on('plans').columns(['user_id', 'started_at']).execute();
    await db.schema.createIndex('plans_curated').on('plans').column('curated_plan_id').where('curated_plan_id', 'is not', null).execute();
    await db.schema
      .createTable('curated_plans')
      .addColumn('plan_id', 'uuid', (c) => c.primaryKey())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('summary', 'text', (c) => c.notNull())
      .addColumn('from_book', 'integer', (c) => c.notNull())
      .addColumn('from_canto', 'integer', (c) => c.notNull())
      .addColumn('to_book', 'integer', (c) => c.notNull())
      .addColumn('to_canto', 'integer', (c) => c.notNull())
      .addColumn('split', 'text', (c) => c.notNull())
      .addColumn('every', 'text', (c) => c.notNull())
      .addColumn('portions', 'integer', (c) => c.notNull())
      .addColumn('calendar_start', 'date')
      .addColumn('withdrawn', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('curated_plan_notes')
      .addColumn('plan_id', 'uuid', (c) => c.notNull())
      .addColumn('portion', 'integer', (c) => c.notNull())
      .addColumn('note', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('curated_plan_notes_pk', ['plan_id', 'portion'])
      .execute();
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
          curated_plan_id: d.curatedPlanId ?? null,
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
    async CuratedPlanSaved(event, db) {
      const { planId, fromBook, fromCanto, toBook, toCanto, calendarStart, ...rest } = event.data;
      const row = {
        ...rest,
        from_book: fromBook,
        from_canto: fromCanto,
        to_book: toBook,
        to_canto: toCanto,
        calendar_start: calendarStart,
        updated_at: event.metadata.timestamp,
      };
      await db
        .insertInto('curated_plans')
        .values({ plan_id: planId, ...row, withdrawn: false, created_at: event.metadata.timestamp })
        .onConflict((oc) => oc.column('plan_id').doUpdateSet(row))
        .execute();
    },
    async CuratedPlanNoteWritten(event, db) {
      const { planId, portion, note } = event.data;
      if (note === '') await db.deleteFrom('curated_plan_notes').where('plan_id', '=', planId).where('portion', '=', portion).execute();
      else
        await db
          .insertInto('curated_plan_notes')
          .values({ plan_id: planId, portion, note })
          .onConflict((oc) => oc.columns(['plan_id', 'portion']).doUpdateSet({ note }))
          .execute();
      await db.updateTable('curated_plans').set({ updated_at: event.metadata.timestamp }).where('plan_id', '=', planId).execute();
    },
    async CuratedPlanWithdrawn(event, db) {
      await db.updateTable('curated_plans').set({ withdrawn: true, updated_at: event.metadata.timestamp }).where('plan_id', '=', event.data.planId).execute();
    },
    async AccountDeleted(event, db) {
      await db.deleteFrom('plans').where('user_id', '=', event.data.userId).execute();
    },
  },
});
