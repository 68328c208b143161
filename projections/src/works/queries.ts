import { sql, type Kysely } from 'kysely';
import type { WorkType } from '@epos/schemas';
import type { WorksReadModel } from './works-projection.js';

export type WorkRow = WorksReadModel['works'] & { sentence_ids: number[] };

/** Which works a list shows: of a type, on some sentences, by a user; hidden ones only for moderators. */
export interface WorksFilter {
  type?: WorkType;
  sentenceIds?: readonly number[];
  userId?: string;
  includeHidden: boolean;
}

export interface WorksPage {
  rows: WorkRow[];
  total: number;
}

/** A page of works, newest first, each with its sentences (permanent ids) in the author's order. */
export async function findWorks(db: Kysely<WorksReadModel>, filter: WorksFilter, window: { offset: number; limit: number }): Promise<WorksPage> {
  if (filter.sentenceIds !== undefined && filter.sentenceIds.length === 0) return { rows: [], total: 0 };
  let query = db.selectFrom('works as w');
  if (filter.type !== undefined) query = query.where('w.type', '=', filter.type);
  if (filter.userId !== undefined) query = query.where('w.user_id', '=', filter.userId);
  if (!filter.includeHidden) query = query.where('w.hidden', '=', false);
  if (filter.sentenceIds !== undefined) {
    const ids = [...filter.sentenceIds];
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('work_sentences as on')
          .select(sql`1`.as('one'))
          .whereRef('on.work_id', '=', 'w.work_id')
          .where('on.sentence_id', 'in', ids),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll('w')
      .select((eb) =>
        eb
          .selectFrom('work_sentences as s')
          .select(sql<number[]>`coalesce(array_agg(s.sentence_id order by s.ordinal), '{}')`.as('ids'))
          .whereRef('s.work_id', '=', 'w.work_id')
          .as('sentence_ids'),
      )
      .orderBy('w.added_at', 'desc')
      .orderBy('w.work_id')
      .offset(window.offset)
      .limit(window.limit)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, sentence_ids: r.sentence_ids ?? [] })), total: Number(count.n) };
}

/** One work, hidden or not, with its sentences. */
export async function findWork(db: Kysely<WorksReadModel>, workId: string): Promise<WorkRow | null> {
  const row = await db.selectFrom('works').selectAll().where('work_id', '=', workId).executeTakeFirst();
  if (!row) return null;
  const on = await db.selectFrom('work_sentences').select('sentence_id').where('work_id', '=', workId).orderBy('ordinal').execute();
  return { ...row, sentence_ids: on.map((s) => s.sentence_id) };
}

/** How many works readers see of each type on a sentence (its permanent id): the Connections panel's counts. */
export async function workCountsOn(db: Kysely<WorksReadModel>, sentenceId: number): Promise<Partial<Record<WorkType, number>>> {
  const rows = await db
    .selectFrom('works as w')
    .innerJoin('work_sentences as on', 'on.work_id', 'w.work_id')
    .where('on.sentence_id', '=', sentenceId)
    .where('w.hidden', '=', false)
    .groupBy('w.type')
    .select(['w.type', (eb) => eb.fn.count<string>('w.work_id').distinct().as('n')])
    .execute();
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}
