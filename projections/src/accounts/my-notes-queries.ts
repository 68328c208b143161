import { sql, type Kysely } from 'kysely';
import type { MyNoteEntry } from '@epos/schemas';
import { containing } from '@epos/platform/db/like';
import type { NotesReadModel } from './notes-projection.js';
import type { PoemQueries } from '../poem/poem-queries.js';

export const MY_NOTES_PAGE_SIZE = 50;
/** The most notes one markdown download holds (a reader with more narrows it with ?q=). */
export const MY_NOTES_FILE_LIMIT = 10_000;

/** The reader's notes holding `q` (in their text or kind), newest first, a page of them, with where each sentence stands. */
export async function findMyNotes(db: Kysely<NotesReadModel>, poem: PoemQueries, userId: string, q: string, page: { offset: number; limit: number }) {
  let mine = db.selectFrom('notes').where('user_id', '=', userId);
  if (q !== '') mine = mine.where((eb) => eb.or([eb('content', 'ilike', containing(q)), eb('rtype', 'ilike', containing(q))]));
  const rows = mine.selectAll().orderBy('saved_at', 'desc').orderBy('note_id').offset(page.offset).limit(page.limit);
  const [found, total] = await Promise.all([rows.execute(), mine.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow()]);
  const places = await poem.identities(found.map((n) => n.sentence_id));
  const notes: MyNoteEntry[] = found.map((n) => {
    const place = places.get(n.sentence_id);
    const placed = place?.book != null;
    return {
      NoteId: n.note_id,
      Content: n.content,
      Rtype: n.rtype,
      savedAt: new Date(n.saved_at).toISOString(),
      sentenceId: n.sentence_id,
      Sentencenumber: placed ? (place.sentence ?? null) : null,
      book: placed ? place.book : null,
      canto: placed ? (place.canto ?? null) : null,
      section: placed ? (place.section ?? null) : null,
    };
  });
  return { notes, total: Number(total.total) };
}
