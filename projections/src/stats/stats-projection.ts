import { sql, type Kysely } from 'kysely';
import { defineBatchProjection, type RecordedEvent } from '@epos/platform';
import { editions, POEM_STREAM, type Edition } from '@epos/schemas';
import { emptySentence, evolveSentence, type SentenceEvent, type SentenceState } from '@epos/domain/poem/sentence-state';
import { countLines } from './counting.js';
import { STATS_PROJECTION, type StatsReadModel } from './read-model.js';
import { TotalsDelta, type Contribution } from './totals.js';

export { STATS_PROJECTION, type StatsReadModel };

type Db = Kysely<StatsReadModel>;
type CountRow = StatsReadModel['counts'];
type SentenceRow = StatsReadModel['sentences'];

/** Only these change what is counted (the text of an edition) or where it is summed (placement). */
const HANDLED = ['SentencePlaced', 'SentenceWithdrawn', 'SentenceTextSet'] as const;
/** Rows per write statement: bounds one statement's size. */
const ROWS_PER_STATEMENT = 5_000;

/**
 * Counts statistics: per sentence and edition its words, syllables, characters and special
 * characters (in total and per line), and running totals per section, canto, book and the whole
 * poem. Each batch takes the touched sentences' shares out of the totals, folds the events,
 * recounts only the texts that changed and adds the new shares back: never a recount of the poem.
 * Running numbers are ranks of the order key, renumbered from the first key a batch moved (as the
 * poem and search projections do), so the read model answers number ranges on its own.
 */
export const statsProjection = defineBatchProjection<StatsReadModel>({
  name: STATS_PROJECTION,
  // 2: counts by script (aksharas, Han characters), numerals not words, characters with their marks.
  version: 2,
  handles: HANDLED,
  async setup(db) {
    await db.schema
      .createTable('sentences')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('ord', sql`text collate "C"`)
      .addColumn('number', 'integer')
      .addColumn('book', 'integer')
      .addColumn('canto', 'integer')
      .addColumn('section', 'integer')
      .addColumn('joins_previous', 'boolean', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sentences_by_number').on('sentences').column('number').execute();
    await db.schema.createIndex('sentences_by_order').on('sentences').column('ord').where(sql.ref('ord'), 'is not', null).execute();
    await db.schema
      .createTable('counts')
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('edition', 'text', (c) => c.notNull())
      .addColumn('text', 'jsonb', (c) => c.notNull())
      .addColumn('line_counts', 'jsonb', (c) => c.notNull())
      .addColumn('lines', 'integer', (c) => c.notNull())
      .addColumn('words', 'integer', (c) => c.notNull())
      .addColumn('syllables', 'integer', (c) => c.notNull())
      .addColumn('chars', 'integer', (c) => c.notNull())
      .addColumn('special', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('counts_pk', ['id', 'edition'])
      .execute();
    await db.schema
      .createTable('totals')
      .addColumn('level', 'text', (c) => c.notNull())
      .addColumn('book', 'integer', (c) => c.notNull())
      .addColumn('canto', 'integer', (c) => c.notNull())
      .addColumn('section', 'integer', (c) => c.notNull())
      .addColumn('edition', 'text', (c) => c.notNull())
      .addColumn('sentences', 'bigint', (c) => c.notNull())
      .addColumn('lines', 'bigint', (c) => c.notNull())
      .addColumn('words', 'bigint', (c) => c.notNull())
      .addColumn('syllables', 'bigint', (c) => c.notNull())
      .addColumn('chars', 'bigint', (c) => c.notNull())
      .addColumn('special', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('totals_pk', ['level', 'book', 'canto', 'section', 'edition'])
      .execute();
  },
  async apply(events, db) {
    const sentences = events.filter((e) => e.streamId !== POEM_STREAM);
    if (sentences.length > 0) await applySentenceEvents(db, sentences);
  },
});

interface Doc {
  state: SentenceState;
  oldOrder: string | null;
  textChanged: boolean;
  /** The first edition's row, and the rows of editions with their own text. */
  counts: Map<Edition, CountRow>;
}

const startedLines = (fragments: number, state: SentenceState) => Math.max(0, fragments - (state.placement?.joinsPrevious ? 1 : 0));

/** A placed sentence's share of the totals in each edition (an edition without its own row counts as the first). */
function contributions(doc: Doc): Contribution[] {
  const placement = doc.state.placement;
  if (!placement) return [];
  const place = { book: placement.book, canto: placement.canto, section: placement.section };
  return editions.map((edition) => {
    const c = doc.counts.get(edition) ?? doc.counts.get('first')!;
    return { place, edition, sums: { lines: c.lines, words: c.words, syllables: c.syllables, chars: c.chars, special: c.special } };
  });
}

function countRow(id: number, edition: Edition, text: string[], state: SentenceState): CountRow {
  const counts = countLines(text);
  return {
    id,
    edition,
    text,
    line_counts: counts.lines.map((l) => [l.words, l.syllables, l.chars, l.special]),
    lines: startedLines(text.length, state),
    words: counts.words,
    syllables: counts.syllables,
    chars: counts.chars,
    special: counts.special,
  };
}

/** A sentence's rows after its events: recounted when its text changed, else the stored ones (their started lines follow the placement). */
function recount(id: number, doc: Doc): Map<Edition, CountRow> {
  const next = new Map<Edition, CountRow>();
  for (const edition of editions) {
    const own = edition === 'first' ? (doc.state.text.first ?? []) : doc.state.text[edition];
    if (own === undefined) continue;
    const stored = doc.counts.get(edition);
    next.set(edition, !doc.textChanged && stored ? { ...stored, lines: startedLines(stored.text.length, doc.state) } : countRow(id, edition, own, doc.state));
  }
  return next;
}

async function applySentenceEvents(db: Db, events: readonly RecordedEvent[]): Promise<void> {
  const ids = [...new Set(events.map((e) => (e.data as { sentence: number }).sentence))];
  const rows = await db
    .selectFrom('sentences')
    .selectAll()
    .where(sql<boolean>`id = any(${ids}::int[])`)
    .execute();
  // New sentences (an import's) have no rows yet: one statement fewer.
  const countRows =
    rows.length === 0
      ? []
      : await db
          .selectFrom('counts')
          .selectAll()
          .where(sql<boolean>`id = any(${rows.map((r) => r.id)}::int[])`)
          .execute();
  const docs = new Map<number, Doc>(rows.map((r) => [r.id, { state: emptySentence(r.id), oldOrder: r.ord, textChanged: false, counts: new Map() }]));
  for (const c of countRows) docs.get(c.id)?.counts.set(c.edition, c);
  for (const row of rows) docs.get(row.id)!.state = stateOf(row, docs.get(row.id)!.counts);
  const delta = new TotalsDelta();
  for (const doc of docs.values()) for (const c of contributions(doc)) delta.add(c, -1);

  for (const event of events) {
    const sentenceEvent = event as unknown as SentenceEvent;
    const id = sentenceEvent.data.sentence;
    const doc = docs.get(id) ?? { state: emptySentence(id), oldOrder: null, textChanged: true, counts: new Map() };
    doc.state = evolveSentence(doc.state, sentenceEvent);
    if (event.type === 'SentenceTextSet') doc.textChanged = true;
    docs.set(id, doc);
  }
  const dropped: { id: number; edition: Edition }[] = [];
  for (const [id, doc] of docs) {
    const next = recount(id, doc);
    for (const edition of doc.counts.keys()) if (!next.has(edition)) dropped.push({ id, edition });
    doc.counts = next;
    for (const c of contributions(doc)) delta.add(c, 1);
  }

  const moved = events.some((e) => e.type === 'SentencePlaced' || e.type === 'SentenceWithdrawn');
  const appended = moved ? await numbersOfAppended(db, docs) : new Map<number, number>();
  await upsertSentences(
    db,
    [...docs].map(([id, doc]) => sentenceRow(id, doc.state, appended.get(id) ?? null)),
  );
  await upsertCounts(
    db,
    [...docs.values()].flatMap((d) => [...d.counts.values()]),
  );
  if (dropped.length > 0) {
    await sql`delete from counts c using unnest(${dropped.map((d) => d.id)}::int[], ${dropped.map((d) => d.edition)}::text[]) as d(id, edition) where c.id = d.id and c.edition = d.edition`.execute(
      db,
    );
  }
  const changes = delta.rows();
  if (changes.length > 0) {
    await db
      .insertInto('totals')
      .values(changes)
      .onConflict((oc) =>
        oc.columns(['level', 'book', 'canto', 'section', 'edition']).doUpdateSet({
          sentences: sql`totals.sentences + excluded.sentences`,
          lines: sql`totals.lines + excluded.lines`,
          words: sql`totals.words + excluded.words`,
          syllables: sql`totals.syllables + excluded.syllables`,
          chars: sql`totals.chars + excluded.chars`,
          special: sql`totals.special + excluded.special`,
        }),
      )
      .execute();
  }
  if (moved && appended.size === 0) {
    const keys = [...docs.values()].flatMap((d) => [d.oldOrder, d.state.placement?.order ?? null]).filter((k): k is string => k !== null);
    if (keys.length > 0)
      await renumberFrom(
        db,
        keys.reduce((a, b) => (a < b ? a : b)),
      );
  }
}

/**
 * When a batch only places new sentences after every placed one (an import appending the poem),
 * their numbers follow on from the last: given here, with no renumbering pass. Empty otherwise.
 */
async function numbersOfAppended(db: Db, docs: ReadonlyMap<number, Doc>): Promise<Map<number, number>> {
  const movedDocs = [...docs].filter(([, d]) => d.oldOrder !== (d.state.placement?.order ?? null));
  if (movedDocs.some(([, d]) => d.oldOrder !== null || d.state.placement === null)) return new Map();
  const last = await db.selectFrom('sentences').select(['ord', 'number']).where('ord', 'is not', null).orderBy('ord', 'desc').limit(1).executeTakeFirst();
  const placed = movedDocs.map(([id, d]) => ({ id, ord: d.state.placement!.order })).sort((a, b) => (a.ord < b.ord ? -1 : a.ord > b.ord ? 1 : 0));
  if (last && placed.length > 0 && placed[0]!.ord <= last.ord!) return new Map();
  const base = last?.number ?? 0;
  return new Map(placed.map((p, i) => [p.id, base + i + 1]));
}

function stateOf(row: SentenceRow, counts: ReadonlyMap<Edition, CountRow>): SentenceState {
  const text = Object.fromEntries([...counts].map(([edition, c]) => [edition, c.text]));
  const placement =
    row.ord === null
      ? null
      : { book: row.book!, canto: row.canto!, section: row.section!, stanza: 0, order: row.ord, joinsPrevious: row.joins_previous, stanzaBreaks: [] };
  return { ...emptySentence(row.id), text, placement };
}

function sentenceRow(id: number, state: SentenceState, number: number | null): SentenceRow {
  const p = state.placement;
  return {
    id,
    ord: p?.order ?? null,
    number,
    book: p?.book ?? null,
    canto: p?.canto ?? null,
    section: p?.section ?? null,
    joins_previous: p?.joinsPrevious ?? false,
  };
}

async function upsertSentences(db: Db, values: SentenceRow[]): Promise<void> {
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const chunk = values.slice(i, i + ROWS_PER_STATEMENT);
    const column = <K extends keyof SentenceRow>(k: K) => chunk.map((v) => v[k]);
    // A withdrawn sentence has no number; a placed one keeps its own until renumbered, unless given one.
    await sql`
      insert into sentences (id, ord, number, book, canto, section, joins_previous)
      select * from unnest(${column('id')}::int[], ${column('ord')}::text[], ${column('number')}::int[], ${column('book')}::int[], ${column('canto')}::int[], ${column('section')}::int[], ${column('joins_previous')}::boolean[])
      on conflict (id) do update set ord = excluded.ord, book = excluded.book, canto = excluded.canto, section = excluded.section, joins_previous = excluded.joins_previous,
        number = case when excluded.ord is null then null else coalesce(excluded.number, sentences.number) end`.execute(db);
  }
}

async function upsertCounts(db: Db, values: CountRow[]): Promise<void> {
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const chunk = values.slice(i, i + ROWS_PER_STATEMENT);
    const column = <K extends keyof CountRow>(k: K) => chunk.map((v) => v[k]);
    const json = (k: 'text' | 'line_counts') => chunk.map((v) => JSON.stringify(v[k]));
    await sql`
      insert into counts (id, edition, text, line_counts, lines, words, syllables, chars, special)
      select id, edition, text::jsonb, line_counts::jsonb, lines, words, syllables, chars, special
      from unnest(${column('id')}::int[], ${column('edition')}::text[], ${json('text')}::text[], ${json('line_counts')}::text[], ${column('lines')}::int[], ${column('words')}::int[], ${column('syllables')}::int[], ${column('chars')}::int[], ${column('special')}::int[])
        as v(id, edition, text, line_counts, lines, words, syllables, chars, special)
      on conflict (id, edition) do update set text = excluded.text, line_counts = excluded.line_counts, lines = excluded.lines, words = excluded.words,
        syllables = excluded.syllables, chars = excluded.chars, special = excluded.special`.execute(db);
  }
}

/** Gives every placed sentence from order key `from` on its rank as running number. */
async function renumberFrom(db: Db, from: string): Promise<void> {
  const previous = await db
    .selectFrom('sentences')
    .select('number')
    .where('ord', 'is not', null)
    .where('ord', '<', from)
    .orderBy('ord', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows = await db.selectFrom('sentences').select(['id', 'number']).where('ord', 'is not', null).where('ord', '>=', from).orderBy('ord').execute();
  const first = (previous?.number ?? 0) + 1;
  const changed = rows.flatMap((row, i) => (row.number === first + i ? [] : [{ id: row.id, number: first + i }]));
  if (changed.length > 0) {
    await sql`update sentences s set number = c.number from unnest(${changed.map((c) => c.id)}::int[], ${changed.map((c) => c.number)}::int[]) as c(id, number) where s.id = c.id`.execute(
      db,
    );
  }
}
