import type { Kysely } from 'kysely';
import { editions, type Bookmark, type Edition, type MyBookmarksQuery } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import type { HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import type { PoemQueries } from '@epos/projections/poem/poem-queries';
import { withSuccessors } from './placed-highlights.js';

type Row = HighlightsReadModel['bookmarks'];
/** How much of a sentence a bookmark shows: about a verse line. */
const EXCERPT_CHARS = 120;

/** A sentence's opening words in `edition`, else in the first edition that has it. */
function excerptOf(state: SentenceState, edition: Edition): string {
  const lines = state.text[edition] ?? editions.map((e) => state.text[e]).find((t) => t !== undefined) ?? [];
  const text = lines.join(' ').replace(/\s+/g, ' ').trim();
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  // At a word's end where there is one, not inside it.
  return `${(cut.lastIndexOf(' ') > EXCERPT_CHARS / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut).replace(/[\s,;:]+$/u, '')}…`;
}

/**
 * Bookmarks placed now: on their sentence while it stands in the poem, else on the first of those
 * its words went to (a split's first part, the sentence it was merged into), else nowhere.
 */
async function placedBookmarks(db: Kysely<HighlightsReadModel>, poem: PoemQueries, rows: readonly Row[], edition: Edition): Promise<Bookmark[]> {
  if (rows.length === 0) return [];
  const reach = await withSuccessors(db, [...new Set(rows.map((r) => r.sentence_id))]);
  const ids = [...new Set([...reach.values()].flatMap((set) => [...set]))];
  const texts = new Map((await poem.sentences([...(await poem.numbersOf(ids)).values()])).map((doc) => [doc.state.id, doc.state]));
  return rows.map((row) => {
    const standing = [...reach.get(row.sentence_id)!]
      .map((id) => texts.get(id))
      .filter((s): s is SentenceState => s?.placement != null)
      .sort((a, b) => a.sentence - b.sentence);
    const state = texts.get(row.sentence_id)?.placement ? texts.get(row.sentence_id)! : standing[0];
    const placement = state?.placement ?? null;
    return {
      bookmarkId: row.bookmark_id,
      collectionId: row.collection_id,
      sentence: state ? state.sentence : null,
      where: placement && { book: placement.book, canto: placement.canto, section: placement.section },
      excerpt: state ? excerptOf(state, edition) : '',
      addedAt: new Date(row.added_at).toISOString(),
    };
  });
}

/** A reader's bookmarks as My study lists them. */
export async function readerBookmarks(db: Kysely<HighlightsReadModel>, poem: PoemQueries, userId: string, query: MyBookmarksQuery): Promise<Bookmark[]> {
  let select = db.selectFrom('bookmarks').selectAll().where('user_id', '=', userId);
  if (query.collection === 'unnamed') select = select.where('collection_id', 'is', null);
  else if (query.collection !== undefined) select = select.where('collection_id', '=', query.collection);
  const list = (await placedBookmarks(db, poem, await select.execute(), query.edition)).filter((b) => query.book === undefined || b.where?.book === query.book);
  return query.order === 'date'
    ? list.sort((a, b) => b.addedAt.localeCompare(a.addedAt))
    : list.sort((a, b) => (a.sentence ?? Number.MAX_SAFE_INTEGER) - (b.sentence ?? Number.MAX_SAFE_INTEGER) || a.addedAt.localeCompare(b.addedAt));
}
