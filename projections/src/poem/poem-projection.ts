import type { Kysely } from 'kysely';
import { announceChange, defineBatchProjection, type RecordedEvent } from '@epos/platform';
import { derivableFields, POEM_STREAM, poemEvents } from '@epos/schemas';
import { derive } from './analysis/derive-sentence.js';
import { POEM_CHANGED_CHANNEL, POEM_PROJECTION, type DerivedFields, type PoemReadModel } from './read-model.js';

export { POEM_CHANGED_CHANNEL, POEM_PROJECTION, type DerivedFields, type PoemReadModel };
import { emptySentence, evolveSentence, type SentenceEvent, type SentenceState } from './sentence-state.js';
import { emptyStructure, evolveStructure, type PoemStructure, type StructureEvent } from './structure-state.js';

/**
 * The poem as documents: one row per sentence holding the fold of its stream, and one row for
 * the structure. Each batch loads the documents it touches, folds the events in memory with
 * the same evolve functions the deciders use, and writes them back in one statement.
 */
export const poemProjection = defineBatchProjection<PoemReadModel>({
  name: POEM_PROJECTION,
  version: 1,
  handles: poemEvents.map((e) => e.type),
  async setup(db: Kysely<PoemReadModel>) {
    await db.schema
      .createTable('sentences')
      .addColumn('sentence', 'integer', (c) => c.primaryKey())
      .addColumn('book', 'integer')
      .addColumn('canto', 'integer')
      .addColumn('section', 'integer')
      .addColumn('stanza', 'integer')
      .addColumn('line_count', 'integer', (c) => c.notNull())
      .addColumn('revision', 'bigint', (c) => c.notNull())
      .addColumn('state', 'jsonb', (c) => c.notNull())
      .addColumn('derived', 'jsonb', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sentences_by_section').on('sentences').columns(['book', 'canto', 'section', 'sentence']).execute();
    await db.schema
      .createTable('placements')
      .addColumn('sentence', 'integer', (c) => c.notNull())
      .addColumn('position', 'bigint', (c) => c.notNull())
      .addColumn('at', 'timestamptz', (c) => c.notNull())
      .addColumn('book', 'integer')
      .addColumn('canto', 'integer')
      .addColumn('section', 'integer')
      .addPrimaryKeyConstraint('placements_pk', ['sentence', 'position'])
      .execute();
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
  const state = events.reduce((s, e) => evolveStructure(s, e as unknown as StructureEvent), row?.state ?? emptyStructure());
  const revision = events.at(-1)!.revision.toString();
  await db
    .insertInto('structure')
    .values({ id: 1, revision, state: JSON.stringify(state) as unknown as PoemStructure })
    .onConflict((oc) => oc.column('id').doUpdateSet({ revision, state: JSON.stringify(state) as unknown as PoemStructure }))
    .execute();
}

async function applySentences(events: readonly RecordedEvent[], db: Kysely<PoemReadModel>): Promise<void> {
  const moves = events.filter((e) => e.type === 'SentencePlaced' || e.type === 'SentenceWithdrawn');
  if (moves.length > 0) {
    await db
      .insertInto('placements')
      .values(
        moves.map((e) => {
          const data = e.data as { sentence: number; book?: number; canto?: number; section?: number };
          return { sentence: data.sentence, position: e.position.toString(), at: e.metadata.timestamp, book: data.book ?? null, canto: data.canto ?? null, section: data.section ?? null };
        }),
      )
      .execute();
  }
  const numbers = [...new Set(events.map((e) => (e.data as { sentence: number }).sentence))];
  const rows = await db.selectFrom('sentences').select(['sentence', 'state', 'derived']).where('sentence', 'in', numbers).execute();
  const docs = new Map(rows.map((r) => [r.sentence, { state: r.state, derived: r.derived, revision: '0', textChanged: false }]));
  for (const event of events) {
    const sentenceEvent = event as unknown as SentenceEvent & RecordedEvent;
    const n = sentenceEvent.data.sentence;
    const doc = docs.get(n) ?? { state: emptySentence(n), derived: {}, revision: '0', textChanged: true };
    doc.state = evolveSentence(doc.state, sentenceEvent);
    doc.revision = event.revision.toString();
    if (touchesDerivation(sentenceEvent)) doc.textChanged = true;
    docs.set(n, doc);
  }
  const values = [...docs.entries()].map(([sentence, doc]) => ({
      sentence,
      book: doc.state.placement?.book ?? null,
      canto: doc.state.placement?.canto ?? null,
      section: doc.state.placement?.section ?? null,
      stanza: doc.state.placement?.stanza ?? null,
      line_count: doc.state.text.first?.length ?? 0,
      revision: doc.revision,
      state: JSON.stringify(doc.state) as unknown as SentenceState,
      derived: JSON.stringify(doc.textChanged ? derive(doc.state) : doc.derived) as unknown as DerivedFields,
    }));
  await db
    .insertInto('sentences')
    .values(values)
    .onConflict((oc) =>
      oc.column('sentence').doUpdateSet((eb) => ({
        book: eb.ref('excluded.book'),
        canto: eb.ref('excluded.canto'),
        section: eb.ref('excluded.section'),
        stanza: eb.ref('excluded.stanza'),
        line_count: eb.ref('excluded.line_count'),
        revision: eb.ref('excluded.revision'),
        state: eb.ref('excluded.state'),
        derived: eb.ref('excluded.derived'),
      })),
    )
    .execute();
}

function touchesDerivation(event: SentenceEvent): boolean {
  return (
    (event.type === 'SentenceTextSet' && event.data.edition === 'first') ||
    (event.type === 'SentenceFieldSet' && (derivableFields as readonly string[]).includes(event.data.field))
  );
}
