import type { Kysely } from 'kysely';
import { defineProjection } from '@epos/platform';
import { accountDeleted, noteDeleted, noteSaved, noteTextSealedSchema } from '@epos/schemas';
import { unsealedFor } from './sealing.js';

export const NOTES_PROJECTION = 'notes';

export interface NotesReadModel {
  /** `sentence_id`: the sentence's permanent id (its running number may change). */
  notes: { user_id: string; note_id: string; sentence_id: number; rtype: string; content: string; saved_at: string };
}

/** A note saved before notes had ids: one per sentence and kind, as they were kept then. */
export const legacyNoteId = (sentence: number, rtype: string): string => `${sentence}-${rtype}`;

/** Each reader's notes, each as last saved; private to its author, gone when deleted or with the account. */
export const notesProjection = defineProjection({
  name: NOTES_PROJECTION,
  version: 3,
  events: [noteSaved, noteDeleted, accountDeleted],
  async setup(db: Kysely<NotesReadModel>) {
    await db.schema
      .createTable('notes')
      .addColumn('user_id', 'uuid', (c) => c.notNull())
      .addColumn('note_id', 'text', (c) => c.notNull())
      .addColumn('sentence_id', 'integer', (c) => c.notNull())
      .addColumn('rtype', 'text', (c) => c.notNull())
      .addColumn('content', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('notes_pk', ['user_id', 'note_id'])
      .execute();
    await db.schema.createIndex('notes_by_sentence').on('notes').columns(['user_id', 'sentence_id']).execute();
  },
  handlers: {
    async NoteSaved(event, db) {
      const content = await unsealedFor(db, event.data.userId, event.data.content, noteTextSealedSchema);
      if (content === null) return;
      const noteId = event.data.noteId ?? legacyNoteId(event.data.sentence, event.data.rtype);
      const row = {
        user_id: event.data.userId,
        note_id: noteId,
        sentence_id: event.data.sentence,
        rtype: event.data.rtype,
        content,
        saved_at: event.metadata.timestamp,
      };
      await db
        .insertInto('notes')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'note_id']).doUpdateSet({ content: row.content, saved_at: row.saved_at }))
        .execute();
    },
    async NoteDeleted(event, db) {
      await db.deleteFrom('notes').where('user_id', '=', event.data.userId).where('note_id', '=', event.data.noteId).execute();
    },
    async AccountDeleted(event, db) {
      await db.deleteFrom('notes').where('user_id', '=', event.data.userId).execute();
    },
  },
});
