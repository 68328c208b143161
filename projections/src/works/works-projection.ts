import type { Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import { renderMarkdown } from '@epos/platform/markdown/index';
import { accountDeleted, workAdded, workDeleted, workEdited, workHidden, workShown, type WorkContent, type WorkType } from '@epos/schemas';

export const WORKS_PROJECTION = 'works';

export interface WorksReadModel {
  /** Each work as last saved; an annotation's HTML is rendered (and sanitised) once, here. */
  works: {
    work_id: string;
    /** Null once the author's account is erased: the work stays, its author is no longer known. */
    user_id: string | null;
    type: WorkType;
    description: string;
    html: string;
    url: string | null;
    hidden: boolean;
    added_at: string;
    edited_at: string;
  };
  /** Which sentences (permanent ids) each work is on, in the order the author gave them. */
  work_sentences: { work_id: string; sentence_id: number; ordinal: number };
}

/** Annotations use the comment profile: no images (no tracking pixels in a reader's note), no big headings. */
const htmlOf = (content: WorkContent) => (content.type === 'text' ? renderMarkdown(content.description, { profile: 'comment' }) : '');

const contentColumns = (content: WorkContent) => ({ type: content.type, description: content.description, html: htmlOf(content), url: content.url });

async function placeOn(db: Kysely<WorksReadModel>, workId: string, sentences: number[]): Promise<void> {
  await db.deleteFrom('work_sentences').where('work_id', '=', workId).execute();
  await db
    .insertInto('work_sentences')
    .values(sentences.map((sentence_id, ordinal) => ({ work_id: workId, sentence_id, ordinal })))
    .execute();
}

/** Readers' works on sentences, for the works lists, the worksection answers and public profiles. */
export const worksProjection = defineProjection({
  name: WORKS_PROJECTION,
  version: 1,
  events: [workAdded, workEdited, workDeleted, workHidden, workShown, accountDeleted],
  async setup(db: Kysely<WorksReadModel>) {
    await db.schema
      .createTable('works')
      .addColumn('work_id', 'uuid', (c) => c.primaryKey())
      .addColumn('user_id', 'uuid')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('url', 'text')
      .addColumn('hidden', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('added_at', 'timestamptz', (c) => c.notNull())
      .addColumn('edited_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('works_by_type').on('works').columns(['type', 'added_at']).execute();
    await db.schema.createIndex('works_by_user').on('works').columns(['user_id', 'added_at']).execute();
    await db.schema
      .createTable('work_sentences')
      .addColumn('work_id', 'uuid', (c) => c.notNull().references('works.work_id').onDelete('cascade'))
      .addColumn('sentence_id', 'integer', (c) => c.notNull())
      .addColumn('ordinal', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('work_sentences_pk', ['work_id', 'sentence_id'])
      .execute();
    await db.schema.createIndex('work_sentences_by_sentence').on('work_sentences').columns(['sentence_id', 'work_id']).execute();
  },
  handlers: {
    async WorkAdded(event, db) {
      const { workId, userId, sentences, content } = event.data;
      const at = event.metadata.timestamp;
      const inserted = await db
        .insertInto('works')
        .values({ work_id: workId, user_id: userId, ...contentColumns(content), hidden: false, added_at: at, edited_at: at })
        .onConflict((oc) => oc.column('work_id').doNothing())
        .returning('work_id')
        .executeTakeFirst();
      if (inserted) await placeOn(db, workId, sentences);
    },
    async WorkEdited(event, db) {
      const { workId, sentences, content } = event.data;
      const updated = await db
        .updateTable('works')
        .set({ ...contentColumns(content), edited_at: event.metadata.timestamp })
        .where('work_id', '=', workId)
        .executeTakeFirst();
      if (updated.numUpdatedRows !== 0n) await placeOn(db, workId, sentences);
    },
    async WorkDeleted(event, db) {
      await db.deleteFrom('works').where('work_id', '=', event.data.workId).execute();
    },
    async WorkHidden(event, db) {
      await db.updateTable('works').set({ hidden: true }).where('work_id', '=', event.data.workId).execute();
    },
    async WorkShown(event, db) {
      await db.updateTable('works').set({ hidden: false }).where('work_id', '=', event.data.workId).execute();
    },
    async AccountDeleted(event, db) {
      await db.updateTable('works').set({ user_id: null }).where('user_id', '=', event.data.userId).execute();
    },
  },
});
