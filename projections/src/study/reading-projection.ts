import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { defineProjection } from '@epos/platform';
import { accountDeleted, readingGoalSet, readingRecorded, SESSION_GAP_MINUTES, type Edition } from '@epos/schemas';

export const READING_PROJECTION = 'reading';

export interface ReadingReadModel {
  /** Where each signed-in reader last read: their place to continue from, on any device. */
  positions: { user_id: string; sentence_id: number; book: number; canto: number; section: number; edition: Edition; read_at: string };
  /** Reading sessions: records less than SESSION_GAP_MINUTES apart are one. */
  sessions: { user_id: string; started_at: string; ended_at: string; seconds: number };
  /** Each day a reader read (their own day), with its time and the sections read. */
  days: { user_id: string; day: string; seconds: number; sections: string[] };
  /** Each reader's daily goal in minutes, while they have one. */
  goals: { user_id: string; minutes_per_day: number };
}

type Db = Kysely<ReadingReadModel>;

/** Each reader's place, sessions and days of reading, from the records their pages send. */
export const readingProjection = defineProjection({
  name: READING_PROJECTION,
  version: 2,
  events: [readingRecorded, readingGoalSet, accountDeleted],
  async setup(db: Db) {
    await db.schema
      .createTable('positions')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('sentence_id', 'integer', (c) => c.notNull())
      .addColumn('book', 'integer', (c) => c.notNull())
      .addColumn('canto', 'integer', (c) => c.notNull())
      .addColumn('section', 'integer', (c) => c.notNull())
      .addColumn('edition', 'text', (c) => c.notNull())
      .addColumn('read_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('sessions')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('started_at', 'timestamptz', (c) => c.notNull())
      .addColumn('ended_at', 'timestamptz', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('sessions_pk', ['user_id', 'started_at'])
      .execute();
    await db.schema
      .createTable('days')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('day', 'date', (c) => c.notNull())
      .addColumn('seconds', 'integer', (c) => c.notNull())
      .addColumn('sections', sql`text[]`, (c) => c.notNull())
      .addPrimaryKeyConstraint('days_pk', ['user_id', 'day'])
      .execute();
    await db.schema
      .createTable('goals')
      .addColumn('user_id', 'uuid', (c) => c.primaryKey())
      .addColumn('minutes_per_day', 'integer', (c) => c.notNull())
      .execute();
  },
  handlers: {
    async ReadingRecorded(event, db) {
      const d = event.data;
      const at = event.metadata.timestamp;
      const place = { sentence_id: d.sentence, book: d.book, canto: d.canto, section: d.section, edition: d.edition, read_at: at };
      await db
        .insertInto('positions')
        .values({ user_id: d.userId, ...place })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(place))
        .execute();
      // The reader's last session goes on if it ended less than the gap before this record began.
      const began = new Date(new Date(at).getTime() - d.seconds * 1000);
      const last = await db
        .selectFrom('sessions')
        .select(['started_at', 'ended_at'])
        .where('user_id', '=', d.userId)
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (last && new Date(last.ended_at).getTime() >= began.getTime() - SESSION_GAP_MINUTES * 60_000) {
        await db
          .updateTable('sessions')
          .set((eb) => ({ ended_at: at, seconds: eb('seconds', '+', d.seconds) }))
          .where('user_id', '=', d.userId)
          .where('started_at', '=', last.started_at)
          .execute();
      } else {
        await db.insertInto('sessions').values({ user_id: d.userId, started_at: began.toISOString(), ended_at: at, seconds: d.seconds }).execute();
      }
      const section = `${d.book}.${d.canto}.${d.section}`;
      await db
        .insertInto('days')
        .values({ user_id: d.userId, day: d.day, seconds: d.seconds, sections: [section] })
        .onConflict((oc) =>
          oc.columns(['user_id', 'day']).doUpdateSet({
            seconds: sql`days.seconds + excluded.seconds`,
            sections: sql`case when ${section} = any(days.sections) then days.sections else days.sections || array[${section}]::text[] end`,
          }),
        )
        .execute();
    },
    async ReadingGoalSet(event, db) {
      const { userId, minutesPerDay } = event.data;
      if (minutesPerDay === null) await db.deleteFrom('goals').where('user_id', '=', userId).execute();
      else
        await db
          .insertInto('goals')
          .values({ user_id: userId, minutes_per_day: minutesPerDay })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ minutes_per_day: minutesPerDay }))
          .execute();
    },
    async AccountDeleted(event, db) {
      const { userId } = event.data;
      await db.deleteFrom('goals').where('user_id', '=', userId).execute();
      await db.deleteFrom('positions').where('user_id', '=', userId).execute();
      await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await db.deleteFrom('days').where('user_id', '=', userId).execute();
    },
  },
});
