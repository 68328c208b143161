import { sql, type Kysely } from 'kysely';
import type { RecordedEvent } from '@epos/platform';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { emptySentence, evolveSentence, type SentenceEvent, type SentenceState } from '@epos/domain/poem/sentence-state';
import { documentsForSentence } from './documents.js';
import type { SearchStateModel } from './read-model.js';
import type { Place } from './heading-state.js';

type Db = Kysely<SearchStateModel>;

export interface SentenceChange {
  /** Documents of the sentences the batch touched, before it. */
  before: SearchDocument[];
  /** The sentences whose documents may have changed (touched or renumbered). */
  changed: number[];
  /**
   * When the batch placed or withdrew a sentence: where its sentences stood before it and stand
   * after it (the parts whose first sentence may have changed).
   */
  places: Place[];
  /** Sentences renumbered that the batch did not touch (their parts' first numbers may have changed too). */
  renumbered: number[];
}

const placeOf = (state: SentenceState): Place[] =>
  state.placement === null ? [] : [{ book: state.placement.book, canto: state.placement.canto, section: state.placement.section }];

/**
 * Folds a batch's sentence events into the projection's sentences (state and order key), then
 * gives running numbers by rank of order key from the first key the batch moved, as the poem
 * projection does: appending at the end renumbers nothing else.
 */
export async function applySentenceEvents(db: Db, events: readonly RecordedEvent[]): Promise<SentenceChange> {
  const ids = [...new Set(events.map((e) => (e.data as { sentence: number }).sentence))];
  const rows = await db
    .selectFrom('sentences')
    .selectAll()
    .where(sql<boolean>`id = any(${ids}::int[])`)
    .execute();
  const before = rows.flatMap((r) => (r.number === null ? [] : documentsForSentence(r.state, r.number)));
  const states = new Map(rows.map((r) => [r.id, r.state]));
  const movedKeys = rows.flatMap((r) => (r.ord === null ? [] : [r.ord]));
  for (const event of events) {
    const sentenceEvent = event as unknown as SentenceEvent;
    const id = sentenceEvent.data.sentence;
    const state = evolveSentence(states.get(id) ?? emptySentence(id), sentenceEvent);
    states.set(id, state);
    if (event.type === 'SentencePlaced') movedKeys.push(state.placement!.order);
  }
  const values = [...states].map(([id, state]) => ({ id, ord: state.placement?.order ?? null, number: null, state: JSON.stringify(state) as never }));
  await db
    .insertInto('sentences')
    .values(values)
    .onConflict((oc) =>
      oc.column('id').doUpdateSet((eb) => ({
        ord: eb.ref('excluded.ord'),
        state: eb.ref('excluded.state'),
        number: sql`case when excluded.ord is null then null else sentences.number end`,
      })),
    )
    .execute();
  const moved = events.some((e) => e.type === 'SentencePlaced' || e.type === 'SentenceWithdrawn');
  const renumbered =
    moved && movedKeys.length > 0
      ? await renumberFrom(
          db,
          movedKeys.reduce((a, b) => (a < b ? a : b)),
        )
      : [];
  const places = moved ? [...rows.map((r) => r.state), ...states.values()].flatMap(placeOf) : [];
  const touched = new Set(ids);
  return { before, changed: [...new Set([...ids, ...renumbered])], places, renumbered: renumbered.filter((id) => !touched.has(id)) };
}

async function renumberFrom(db: Db, from: string): Promise<number[]> {
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
  return changed.map((c) => c.id);
}

/** The documents of these sentences as the table stands now. */
export async function documentsOfSentences(db: Db, ids: readonly number[]): Promise<SearchDocument[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('sentences')
    .select(['state', 'number'])
    .where(sql<boolean>`id = any(${ids}::int[])`)
    .where('number', 'is not', null)
    .execute();
  return rows.flatMap((r) => documentsForSentence(r.state, r.number!));
}
