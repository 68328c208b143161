import type { Kysely } from 'kysely';
import { editions, type Edition, type HighlightColour, type PlacedHighlight } from '@epos/schemas';
import { placeAmong, placeOn, type DiffMemo } from '@epos/domain/study/anchoring';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import type { HighlightsReadModel } from '@epos/projections/study/highlights-projection';
import type { PoemQueries } from '@epos/projections/poem/poem-queries';

type Row = HighlightsReadModel['highlights'];

/** A sentence's text in an edition as highlights are placed on it: its lines joined by line breaks; null without one. */
export const sentenceText = (state: SentenceState, edition: Edition): string | null => state.text[edition]?.join('\n') ?? null;

/** How far successors are followed (a sentence split, then one of its parts merged…). */
const SUCCESSION_DEPTH = 4;

/** The ids that hold words of `ids` now: themselves, and the sentences they were split or merged into, and theirs. */
export async function withSuccessors(db: Kysely<HighlightsReadModel>, ids: readonly number[]): Promise<Map<number, Set<number>>> {
  const reach = new Map(ids.map((id) => [id, new Set([id])]));
  let frontier = new Map(ids.map((id) => [id, [id]]));
  for (let depth = 0; depth < SUCCESSION_DEPTH && frontier.size > 0; depth++) {
    const from = [...new Set([...frontier.values()].flat())];
    const rows = await db.selectFrom('successors').select(['from_id', 'to_id']).where('from_id', 'in', from).execute();
    const next = new Map<number, number[]>();
    for (const [origin, ends] of frontier)
      for (const row of rows)
        if (ends.includes(row.from_id) && !reach.get(origin)!.has(row.to_id)) {
          reach.get(origin)!.add(row.to_id);
          next.set(origin, [...(next.get(origin) ?? []), row.to_id]);
        }
    frontier = next;
  }
  return reach;
}

/** The sentences whose words went on in `ids` (split or merged into them), and theirs. */
async function withPredecessors(db: Kysely<HighlightsReadModel>, ids: readonly number[]): Promise<number[]> {
  const all = new Set(ids);
  let frontier = [...ids];
  for (let depth = 0; depth < SUCCESSION_DEPTH && frontier.length > 0; depth++) {
    const rows = await db.selectFrom('successors').select('from_id').where('to_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.from_id).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}

/**
 * Where a highlight stands now: on its own sentence or one its words went to (a split, a merge),
 * following corrections of its edition while most of its words stand; in the other editions only
 * where the same words stand; nowhere (sentence null) when its words are gone.
 */
function placed(row: Row, texts: ReadonlyMap<number, SentenceState>, reach: ReadonlySet<number>, memo: DiffMemo) {
  const range = { start: row.quote_start, end: row.quote_end };
  const candidates = [...reach].flatMap((id) => {
    const state = texts.get(id);
    const text = state && state.placement ? sentenceText(state, row.edition) : null;
    return text === null ? [] : [{ key: id, text }];
  });
  const own = placeAmong(row.text, range, candidates, 'follow', memo);
  const places = Object.fromEntries(editions.map((e) => [e, null])) as PlacedHighlight['places'];
  if (own === null) return { sentenceId: null, places };
  places[row.edition] = own.range;
  const state = texts.get(own.key)!;
  for (const edition of editions) {
    if (edition === row.edition) continue;
    const text = sentenceText(state, edition);
    places[edition] = text === null ? null : (placeOn(row.text, range, text, 'same-words', memo)?.range ?? null);
  }
  return { sentenceId: own.key, places };
}

/** A highlight placed now, with where its sentence stands in the poem (the one it stands on, else the one it was made on). */
interface Located {
  readonly highlight: PlacedHighlight;
  /** The sentence id it is shown at: where it stands now, else where it was made. */
  readonly shownAt: number;
  readonly where: { book: number; canto: number; section: number } | null;
}

/** Places rows of one reader's highlights on the texts now; `known`: texts already read (a section's). */
async function locate(db: Kysely<HighlightsReadModel>, poem: PoemQueries, rows: readonly Row[], known: readonly SentenceState[] = []): Promise<Located[]> {
  if (rows.length === 0) return [];
  const reach = await withSuccessors(db, [...new Set(rows.map((r) => r.sentence_id))]);
  const texts = new Map(known.map((s) => [s.id, s]));
  const missing = [...new Set([...reach.values()].flatMap((ids) => [...ids]))].filter((id) => !texts.has(id));
  for (const doc of await poem.sentences([...(await poem.numbersOf(missing)).values()])) texts.set(doc.state.id, doc.state);
  const number = (id: number) => texts.get(id)?.sentence ?? null;
  const memo: DiffMemo = new Map();
  return rows.map((row) => {
    const { sentenceId, places } = placed(row, texts, reach.get(row.sentence_id)!, memo);
    const shownAt = sentenceId ?? row.sentence_id;
    const placement = texts.get(shownAt)?.placement ?? null;
    return {
      shownAt,
      where: placement && { book: placement.book, canto: placement.canto, section: placement.section },
      highlight: {
        highlightId: row.highlight_id,
        sentence: sentenceId === null ? null : number(sentenceId),
        madeOn: { sentence: number(row.sentence_id), edition: row.edition },
        exact: row.exact,
        colour: row.colour,
        style: row.style,
        note: row.note,
        places,
        madeAt: new Date(row.made_at).toISOString(),
        changedAt: new Date(row.changed_at).toISOString(),
      },
    };
  });
}

const poemOrder = (a: PlacedHighlight, b: PlacedHighlight) =>
  (a.sentence ?? a.madeOn.sentence ?? 0) - (b.sentence ?? b.madeOn.sentence ?? 0) || a.madeAt.localeCompare(b.madeAt);

/**
 * The reader's highlights on a section's sentences, placed on their texts now: those made on them,
 * and those made on sentences whose words went to them; a highlight whose words are gone is
 * listed at the sentence it was made on.
 */
export async function sectionHighlights(
  db: Kysely<HighlightsReadModel>,
  poem: PoemQueries,
  userId: string,
  section: readonly SentenceState[],
): Promise<PlacedHighlight[]> {
  const sectionIds = section.map((s) => s.id);
  if (sectionIds.length === 0) return [];
  const origins = await withPredecessors(db, sectionIds);
  const rows = await db.selectFrom('highlights').selectAll().where('user_id', '=', userId).where('sentence_id', 'in', origins).execute();
  const inSection = new Set(sectionIds);
  return (await locate(db, poem, rows, section))
    .filter((l) => inSection.has(l.shownAt))
    .map((l) => l.highlight)
    .sort(poemOrder);
}

/** All of a reader's highlights, placed now, each with its section: in the poem's order, or the newest first. */
export async function readerHighlights(
  db: Kysely<HighlightsReadModel>,
  poem: PoemQueries,
  userId: string,
  filter: { order: 'poem' | 'date'; colour?: HighlightColour | undefined; book?: number | undefined },
): Promise<(PlacedHighlight & { where: Located['where'] })[]> {
  let query = db.selectFrom('highlights').selectAll().where('user_id', '=', userId);
  if (filter.colour) query = query.where('colour', '=', filter.colour);
  const located = (await locate(db, poem, await query.execute())).filter((l) => filter.book === undefined || l.where?.book === filter.book);
  const list = located.map((l) => ({ ...l.highlight, where: l.where }));
  return filter.order === 'date' ? list.sort((a, b) => b.madeAt.localeCompare(a.madeAt)) : list.sort(poemOrder);
}
