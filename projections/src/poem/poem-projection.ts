import { sql, type Kysely } from 'kysely';
import { announceChange, defineBatchProjection, type RecordedEvent } from '@epos/platform';
import { derivableFields, POEM_STREAM, poemEvents } from '@epos/schemas';
import { derive } from './analysis/derive-sentence.js';
import { FIRST_TEXT_COLUMN, FIRST_TEXT_VECTOR, POEM_CHANGED_CHANNEL, POEM_PROJECTION, type DerivedFields, type PoemReadModel } from './read-model.js';

export { type PoemReadModel };
import { emptySentence, evolveSentence, type SentenceEvent, type SentenceState } from '@epos/domain/poem/sentence-state';
import type { PoemStructure } from '@epos/domain/poem/structure-state';
import { fold } from '@epos/domain/decider';
import { structureDecider } from '@epos/domain/poem/structure-decider';

/**
 * The poem as documents: one row per sentence (by permanent id) holding the fold of its stream,
 * and one row for the structure. Each batch loads the documents it touches, folds the events in
 * memory with the same evolve functions the deciders use, and writes them back in one statement.
 * Running numbers are ranks by order key, renumbered from the first key a batch moved.
 */
export const poemProjection = defineBatchProjection<PoemReadModel>({
  name: POEM_PROJECTION,
  version: 7, // 3: computed IPA is British (analysis/ipa.ts); 4: o before a sounded r told LOT from THOUGHT; 5: full-text index of the first edition (console search); 6: the console's pages walk indexes; 7: no text in btree indexes (a long sentence's vector outgrew a btree row)
  handles: poemEvents.map((e) => e.type),
  async setup(db: Kysely<PoemReadModel>) {
    await db.schema
      .createTable('sentences')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('sentence', 'integer')
      .addColumn('ord', sql`text collate "C"`)
      .addColumn('book', 'integer')
      .addColumn('canto', 'integer')
      .addColumn('section', 'integer')
      .addColumn('stanza', 'integer')
      .addColumn('stanza_breaks', 'integer', (c) => c.notNull())
      .addColumn('line_count', 'integer', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('derived', 'jsonb', (c) => c.notNull())
      .addColumn(FIRST_TEXT_COLUMN, sql`tsvector`, (c) => c.generatedAlwaysAs(sql.raw(FIRST_TEXT_VECTOR)).stored())
      .execute();
    await db.schema.createIndex('sentences_by_section').on('sentences').columns(['book', 'canto', 'section', 'sentence']).execute();
    await db.schema.createIndex('sentences_by_number').on('sentences').column('sentence').execute();
    // The console's `q` over the first edition.
    await db.schema.createIndex('sentences_first_text').on('sentences').using('gin').column(FIRST_TEXT_COLUMN).execute();
    await db.schema.createIndex('sentences_by_order').on('sentences').column('ord').where(sql.ref('book'), 'is not', null).execute();
    // The console's pages of placed sentences, by number or by id either way (api/src/admin/lists.ts pageInOrder).
    // With what the console filters by (book, canto, section), so that a filtered page is a walk along
    // the index too. Never text: a btree row holds at most 2,704 bytes, and one sentence's words
    // may be several times that (a searched page uses the GIN index above).
    await sql`create index sentences_placed_by_number on sentences (sentence nulls first, id) include (book, canto, section) where book is not null`.execute(
      db,
    );
    await sql`create index sentences_placed_by_id on sentences (id nulls first) include (book, canto, section) where book is not null`.execute(db);
    await db.schema
      .createTable('placements')
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('book', 'integer')
      .addColumn('canto', 'integer')
      .addColumn('section', 'integer')
      .addPrimaryKeyConstraint('placements_pk', ['id', 'position'])
      .execute();
    await db.schema
      .createTable('numberings')
      .addColumn('id', 'integer', (c) => c.notNull())
      .addColumn('number', 'integer')
      .addColumn('position', 'bigint', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('numberings_pk', ['id', 'position'])
      .execute();
    await db.schema.createIndex('numberings_by_number').on('numberings').columns(['number', 'at']).execute();
    await db.schema
      .createTable('structure')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .execute();
  },
  async apply(events, db) {
    const structure = events.filter((e) => e.streamId === POEM_STREAM);
    const sentences = events.filter((e) => e.streamId !== POEM_STREAM);
    if (structure.length > 0) await applyStructure(structure, db);
    if (sentences.length > 0) await applySentences(sentences, db);
    // Tells query-side caches the poem changed; delivered when the batch commits.
    await announceChange(db, POEM_CHANGED_CHANNEL, events.at(-1)!.position);
  },
});

async function applyStructure(events: readonly RecordedEvent[], db: Kysely<PoemReadModel>): Promise<void> {
  const row = await db.selectFrom('structure').select('state').where('id', '=', 1).executeTakeFirst();
  const state = fold(structureDecider, events, row?.state);
  const revision = events.at(-1)!.revision.toString();
  await db
    .insertInto('structure')
    .values({ id: 1, revision, state: JSON.stringify(state) as unknown as PoemStructure })
    .onConflict((oc) => oc.column('id').doUpdateSet({ revision, state: JSON.stringify(state) as unknown as PoemStructure }))
    .execute();
}

const isMove = (e: RecordedEvent) => e.type === 'SentencePlaced' || e.type === 'SentenceWithdrawn';

interface SentenceDoc {
  state: SentenceState;
  derived: DerivedFields;
  revision: string;
  textChanged: boolean;
  /** Order key before this batch: renumbering starts from the lowest key the batch moved. */
  oldOrder: string | null;
}

/**
 * Applies sentence events one run of a single command at a time (one correlation id: an import
 * batch, an edit), so that the numbers a run gives are recorded with its own position and time,
 * whichever batches the projection happens to read.
 */
async function applySentences(events: readonly RecordedEvent[], db: Kysely<PoemReadModel>): Promise<void> {
  let start = 0;
  for (let i = 1; i <= events.length; i++) {
    if (i === events.length || events[i]!.metadata.correlationId !== events[start]!.metadata.correlationId) {
      await applySentenceRun(events.slice(start, i), db);
      start = i;
    }
  }
}

async function applySentenceRun(events: readonly RecordedEvent[], db: Kysely<PoemReadModel>): Promise<void> {
  const moves = events.filter(isMove);
  if (moves.length > 0) {
    await db
      .insertInto('placements')
      .values(
        moves.map((e) => {
          const data = e.data as { sentence: number; book?: number; canto?: number; section?: number };
          return {
            id: data.sentence,
            position: e.position.toString(),
            at: e.metadata.timestamp,
            book: data.book ?? null,
            canto: data.canto ?? null,
            section: data.section ?? null,
          };
        }),
      )
      .execute();
  }
  const ids = [...new Set(events.map((e) => (e.data as { sentence: number }).sentence))];
  const rows = await db.selectFrom('sentences').select(['id', 'state', 'derived', 'ord']).where('id', 'in', ids).execute();
  const docs = new Map<number, SentenceDoc>(
    rows.map((r) => [r.id, { state: r.state, derived: r.derived, revision: '0', textChanged: false, oldOrder: r.ord }]),
  );
  for (const event of events) {
    const sentenceEvent = event as unknown as SentenceEvent & RecordedEvent;
    const id = sentenceEvent.data.sentence;
    const doc = docs.get(id) ?? { state: emptySentence(id), derived: {}, revision: '0', textChanged: true, oldOrder: null };
    doc.state = evolveSentence(doc.state, sentenceEvent);
    doc.revision = event.revision.toString();
    if (touchesDerivation(sentenceEvent)) doc.textChanged = true;
    docs.set(id, doc);
  }
  const values = [...docs.entries()].map(([id, doc]) => {
    const placement = doc.state.placement;
    const lines = doc.state.text.first?.length ?? 0;
    return {
      id,
      // A newly placed sentence gets its number (and a numbering record) from renumberFrom.
      sentence: placement && doc.oldOrder !== null ? doc.state.sentence : null,
      ord: placement?.order ?? null,
      book: placement?.book ?? null,
      canto: placement?.canto ?? null,
      section: placement?.section ?? null,
      stanza: placement?.stanza ?? null,
      stanza_breaks: placement?.stanzaBreaks.length ?? 0,
      line_count: Math.max(0, lines - (placement?.joinsPrevious ? 1 : 0)),
      revision: doc.revision,
      state: JSON.stringify(doc.state) as unknown as SentenceState,
      derived: JSON.stringify(doc.textChanged ? derive(doc.state) : doc.derived) as unknown as DerivedFields,
    };
  });
  const last = events.at(-1)!;
  const stamp = { position: last.position.toString(), at: last.metadata.timestamp };
  const withdrawn = [...docs].filter(([, d]) => !d.state.placement && d.oldOrder !== null).map(([id]) => id);
  if (withdrawn.length > 0)
    await db
      .insertInto('numberings')
      .values(withdrawn.map((id) => ({ id, number: null, ...stamp })))
      .execute();
  await upsertSentences(db, values);
  if (moves.length > 0) {
    const keys = [...docs.values()].flatMap((d) => [d.oldOrder, d.state.placement?.order ?? null]).filter((k): k is string => k !== null);
    if (keys.length > 0)
      await renumberFrom(
        db,
        keys.reduce((a, b) => (a < b ? a : b)),
        stamp,
      );
  }
}

async function upsertSentences(db: Kysely<PoemReadModel>, values: PoemReadModel['sentences'][]): Promise<void> {
  await db
    .insertInto('sentences')
    .values(values)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        sentence: eb.ref('excluded.sentence'),
        ord: eb.ref('excluded.ord'),
        book: eb.ref('excluded.book'),
        canto: eb.ref('excluded.canto'),
        section: eb.ref('excluded.section'),
        stanza: eb.ref('excluded.stanza'),
        stanza_breaks: eb.ref('excluded.stanza_breaks'),
        line_count: eb.ref('excluded.line_count'),
        revision: eb.ref('excluded.revision'),
        state: eb.ref('excluded.state'),
        derived: eb.ref('excluded.derived'),
      })),
    )
    .execute();
}

/** Rows per statement when renumbering: bounds the size of one statement's parameters. */
const RENUMBER_CHUNK = 10_000;

/**
 * Gives every placed sentence from order key `from` on its rank as running number (in its row
 * and its document), and records the new numbers of those whose number changed. Ranks continue
 * from the number of the sentence just before `from` (one index probe), so a batch that appends
 * at the end of the poem reads and writes only its own sentences.
 */
async function renumberFrom(db: Kysely<PoemReadModel>, from: string, stamp: { position: string; at: string }): Promise<void> {
  const previous = await db
    .selectFrom('sentences')
    .select('sentence')
    .where('book', 'is not', null)
    .where('ord', '<', from)
    .orderBy('ord', 'desc')
    .limit(1)
    .executeTakeFirst();
  const rows = await db.selectFrom('sentences').select(['id', 'sentence']).where('book', 'is not', null).where('ord', '>=', from).orderBy('ord').execute();
  const first = (previous?.sentence ?? 0) + 1;
  const changed = rows.flatMap((row, i) => (row.sentence === first + i ? [] : [{ id: row.id, number: first + i }]));
  for (let i = 0; i < changed.length; i += RENUMBER_CHUNK) {
    const chunk = changed.slice(i, i + RENUMBER_CHUNK);
    const ids = chunk.map((c) => c.id);
    const numbers = chunk.map((c) => c.number);
    await sql`
      update sentences s set sentence = c.number, state = jsonb_set(s.state, '{sentence}', to_jsonb(c.number))
      from unnest(${ids}::int[], ${numbers}::int[]) as c(id, number) where s.id = c.id`.execute(db);
    await db
      .insertInto('numberings')
      .values(chunk.map((c) => ({ id: c.id, number: c.number, ...stamp })))
      .execute();
  }
}

function touchesDerivation(event: SentenceEvent): boolean {
  return (
    (event.type === 'SentenceTextSet' && event.data.edition === 'first') ||
    (event.type === 'SentenceFieldSet' && (derivableFields as readonly string[]).includes(event.data.field))
  );
}
