import { sql, type Kysely } from 'kysely';
import type { DerivedFields, PoemReadModel } from './read-model.js';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import { emptyStructure, type PoemStructure } from '@epos/domain/poem/structure-state';
import { buildLineIndex, type LineIndex } from './line-index.js';

export interface SentenceDoc {
  state: SentenceState;
  derived: DerivedFields;
}

/** Where a permanent id stands now: its running number and section, or null numbers once withdrawn. */
export interface SentenceIdentity {
  id: number;
  sentence: number | null;
  book: number | null;
  canto: number | null;
  section: number | null;
}

/** The reading API's queries on the poem read model. */
export class PoemQueries {
  constructor(private readonly db: Kysely<PoemReadModel>) {}

  async structure(): Promise<PoemStructure> {
    const row = await this.db.selectFrom('structure').select('state').where('id', '=', 1).executeTakeFirst();
    return row?.state ?? emptyStructure();
  }

  /** The poem's own title, author and introduction, without reading the rest of the structure. */
  async ownDescription(): Promise<{ title: string | null; author: string | null; introduction: string | null }> {
    const row = await this.db
      .selectFrom('structure')
      .select([
        sql<string | null>`state->>'title'`.as('title'),
        sql<string | null>`state->>'author'`.as('author'),
        sql<string | null>`state->>'introduction'`.as('introduction'),
      ])
      .where('id', '=', 1)
      .executeTakeFirst();
    return { title: row?.title ?? null, author: row?.author ?? null, introduction: row?.introduction ?? null };
  }

  /** When the first sentence was placed in the poem, or null before any import. */
  async textSince(): Promise<Date | null> {
    const row = await this.db
      .selectFrom('placements')
      .select((eb) => eb.fn.min('at').as('first'))
      .where('book', 'is not', null)
      .executeTakeFirst();
    return row?.first ? new Date(row.first) : null;
  }

  async section(book: number, canto: number, section: number): Promise<SentenceDoc[]> {
    return this.db
      .selectFrom('sentences')
      .select(['state', 'derived'])
      .where('book', '=', book)
      .where('canto', '=', canto)
      .where('section', '=', section)
      .orderBy('sentence')
      .execute();
  }

  /** A canto's sentences in order: permanent id, running number, section. */
  async cantoSentences(book: number, canto: number): Promise<{ id: number; sentence: number; section: number }[]> {
    const rows = await this.db
      .selectFrom('sentences')
      .select(['id', 'sentence', 'section'])
      .where('book', '=', book)
      .where('canto', '=', canto)
      .orderBy('sentence')
      .execute();
    return rows.map((r) => ({ id: r.id, sentence: r.sentence!, section: r.section! }));
  }

  async sentences(numbers: readonly number[]): Promise<SentenceDoc[]> {
    if (numbers.length === 0) return [];
    return this.db
      .selectFrom('sentences')
      .select(['state', 'derived'])
      .where('sentence', 'in', numbers)
      .where('book', 'is not', null)
      .orderBy('sentence')
      .execute();
  }

  async sentence(n: number): Promise<SentenceDoc | null> {
    return (await this.sentences([n]))[0] ?? null;
  }

  /** The permanent id of the sentence numbered `n` now, or null. */
  async idOf(n: number): Promise<number | null> {
    const row = await this.db.selectFrom('sentences').select('id').where('sentence', '=', n).where('book', 'is not', null).executeTakeFirst();
    return row?.id ?? null;
  }

  /** The running numbers now of the given permanent ids (withdrawn ones are left out). */
  async numbersOf(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('sentences').select(['id', 'sentence']).where('id', 'in', ids).where('book', 'is not', null).execute();
    return new Map(rows.map((r) => [r.id, r.sentence!]));
  }

  /** Where each of the given permanent ids stands now (unknown ids are left out). */
  async identities(ids: readonly number[]): Promise<Map<number, SentenceIdentity>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('sentences')
      .select(['id', 'sentence', 'book', 'canto', 'section'])
      .where('id', 'in', [...new Set(ids)])
      .execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async identity(id: number): Promise<SentenceIdentity | null> {
    return (await this.db.selectFrom('sentences').select(['id', 'sentence', 'book', 'canto', 'section']).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The permanent id of the sentence that was numbered `n` at `at`, or null. */
  async idNumberedAt(n: number, at: Date): Promise<number | null> {
    const row = await this.db
      .with('latest', (db) =>
        db
          .selectFrom('numberings')
          .select(['id', 'number'])
          .distinctOn('id')
          .where('at', '<=', at.toISOString())
          .where('id', 'in', (sub) => sub.selectFrom('numberings').select('id').where('number', '=', n))
          .orderBy('id')
          .orderBy('position', 'desc'),
      )
      .selectFrom('latest')
      .select('id')
      .where('number', '=', n)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /** The permanent id of the sentence that last had number `n` (withdrawn since, or renumbered), or null. */
  async lastNumbered(n: number): Promise<number | null> {
    const row = await this.db.selectFrom('numberings').select('id').where('number', '=', n).orderBy('position', 'desc').executeTakeFirst();
    return row?.id ?? null;
  }

  /** The running numbers a sentence has had, oldest first (number null: withdrawn). */
  async numberings(id: number) {
    return this.db.selectFrom('numberings').select(['number', 'position', 'at']).where('id', '=', id).orderBy('position').execute();
  }

  async lineIndex(): Promise<LineIndex> {
    const rows = await this.db
      .selectFrom('sentences')
      .select(['id', 'sentence', 'book', 'canto', 'section', 'stanza', 'stanza_breaks as stanzaBreaks', 'line_count as lines'])
      .where('book', 'is not', null)
      .orderBy('sentence')
      .execute();
    return buildLineIndex(rows.map((r) => ({ ...r, sentence: r.sentence!, book: r.book!, canto: r.canto!, section: r.section!, stanza: r.stanza! })));
  }

  /** The index as sentences were placed and numbered at `at` (line counts and stanzas as they are now). */
  async lineIndexAsOf(at: Date): Promise<LineIndex> {
    const when = at.toISOString();
    const rows = await this.db
      .with('placed', (db) =>
        db
          .selectFrom('placements')
          .select(['id', 'book', 'canto', 'section'])
          .distinctOn('id')
          .where('at', '<=', when)
          .orderBy('id')
          .orderBy('position', 'desc'),
      )
      .with('numbered', (db) =>
        db.selectFrom('numberings').select(['id', 'number']).distinctOn('id').where('at', '<=', when).orderBy('id').orderBy('position', 'desc'),
      )
      .selectFrom('placed')
      .innerJoin('numbered', 'numbered.id', 'placed.id')
      .innerJoin('sentences', 'sentences.id', 'placed.id')
      .select([
        'placed.id',
        'numbered.number',
        'placed.book',
        'placed.canto',
        'placed.section',
        'sentences.stanza',
        'sentences.stanza_breaks as stanzaBreaks',
        'sentences.line_count as lines',
      ])
      .where('placed.book', 'is not', null)
      .where('numbered.number', 'is not', null)
      .orderBy('numbered.number')
      .execute();
    return buildLineIndex(rows.map((r) => ({ ...r, sentence: r.number!, book: r.book!, canto: r.canto!, section: r.section!, stanza: r.stanza ?? 0 })));
  }
}
