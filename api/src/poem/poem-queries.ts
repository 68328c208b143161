import type { Kysely } from 'kysely';
import type { DerivedFields, PoemReadModel } from '@epos/projections/poem/read-model';
import type { SentenceState } from '@epos/projections/poem/sentence-state';
import { emptyStructure, type PoemStructure } from '@epos/projections/poem/structure-state';
import { buildLineIndex, type LineIndex } from './line-index.js';

export interface SentenceDoc {
  state: SentenceState;
  derived: DerivedFields;
}

/** The reading API's queries on the poem read model. */
export class PoemQueries {
  constructor(private readonly db: Kysely<PoemReadModel>) {}

  async structure(): Promise<PoemStructure> {
    const row = await this.db.selectFrom('structure').select('state').where('id', '=', 1).executeTakeFirst();
    return row?.state ?? emptyStructure();
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

  async sentences(numbers: readonly number[]): Promise<SentenceDoc[]> {
    if (numbers.length === 0) return [];
    return this.db.selectFrom('sentences').select(['state', 'derived']).where('sentence', 'in', numbers).where('book', 'is not', null).orderBy('sentence').execute();
  }

  async sentence(n: number): Promise<SentenceDoc | null> {
    return (await this.sentences([n]))[0] ?? null;
  }

  async lineIndex(): Promise<LineIndex> {
    const rows = await this.db
      .selectFrom('sentences')
      .select(['sentence', 'book', 'canto', 'section', 'stanza', 'line_count as lines'])
      .where('book', 'is not', null)
      .orderBy('sentence')
      .execute();
    return buildLineIndex(rows.map((r) => ({ ...r, book: r.book!, canto: r.canto!, section: r.section!, stanza: r.stanza! })));
  }

  /** The index as sentences were placed at `at` (line counts and stanzas as they are now). */
  async lineIndexAsOf(at: Date): Promise<LineIndex> {
    const rows = await this.db
      .with('then', (db) =>
        db
          .selectFrom('placements')
          .select(['sentence', 'book', 'canto', 'section'])
          .distinctOn('sentence')
          .where('at', '<=', at.toISOString())
          .orderBy('sentence')
          .orderBy('position', 'desc'),
      )
      .selectFrom('then')
      .innerJoin('sentences', 'sentences.sentence', 'then.sentence')
      .select(['then.sentence', 'then.book', 'then.canto', 'then.section', 'sentences.stanza', 'sentences.line_count as lines'])
      .where('then.book', 'is not', null)
      .orderBy('then.sentence')
      .execute();
    return buildLineIndex(rows.map((r) => ({ ...r, book: r.book!, canto: r.canto!, section: r.section!, stanza: r.stanza ?? 0 })));
  }
}
