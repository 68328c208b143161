import { sql, type Kysely } from 'kysely';
import type { DerivedFields, PoemReadModel } from '@epos/projections/poem/read-model';
import type { SentenceState } from '@epos/projections/poem/sentence-state';
import { emptyStructure, type PoemStructure } from '@epos/projections/poem/structure-state';
import { buildLineIndex, type LineIndex } from './line-index.js';

export interface SentenceDoc {
  state: SentenceState;
  derived: DerivedFields;
}

/** The poem read model's queries; nothing else reads its tables. */
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
      .select([
        'sentence',
        'book',
        'canto',
        'section',
        'stanza',
        sql<number>`coalesce(jsonb_array_length(state->'text'->'first'), 0)`.as('lines'),
      ])
      .where('book', 'is not', null)
      .orderBy('sentence')
      .execute();
    return buildLineIndex(rows.map((r) => ({ ...r, book: r.book!, canto: r.canto!, section: r.section!, stanza: r.stanza! })));
  }
}
