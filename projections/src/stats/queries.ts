import { sql, type Kysely } from 'kysely';
import type { Edition } from '@epos/schemas';
import type { CountSums, StatsReadModel } from './read-model.js';

type Db = Kysely<StatsReadModel>;

export interface RangeQuery {
  from: number;
  to: number;
  edition: Edition;
}

export interface CountedSentence {
  number: number;
  text: string[];
  line_counts: [number, number, number, number][];
  lines: number;
  words: number;
  syllables: number;
  chars: number;
  special: number;
}

const COUNTED = ['text', 'line_counts', 'lines', 'words', 'syllables', 'chars', 'special'] as const;

/** The placed sentences numbered from..to with their counts in the edition: its own row, else the first edition's. */
function rangeRows(db: Db, range: RangeQuery) {
  return db
    .selectFrom('sentences as s')
    .innerJoin('counts as f', (j) => j.onRef('f.id', '=', 's.id').on('f.edition', '=', 'first'))
    .leftJoin('counts as e', (j) => j.onRef('e.id', '=', 's.id').on('e.edition', '=', range.edition))
    .where('s.number', '>=', range.from)
    .where('s.number', '<=', range.to);
}

const inEdition = (column: (typeof COUNTED)[number]) => sql`coalesce(${sql.ref(`e.${column}`)}, ${sql.ref(`f.${column}`)})`;

/** A page of the placed sentences numbered from..to, with their counts in the edition. */
export function sentencesInRange(db: Db, range: RangeQuery, page: { offset: number; limit: number }): Promise<CountedSentence[]> {
  return rangeRows(db, range)
    .select(['s.number as number', ...COUNTED.map((c) => inEdition(c).as(c))])
    .orderBy('s.number')
    .offset(page.offset)
    .limit(page.limit)
    .execute() as Promise<CountedSentence[]>;
}

const SUMMED = ['lines', 'words', 'syllables', 'chars', 'special'] as const;

/** The sums over the placed sentences numbered from..to (summed from their rows: a range is no stored group). */
export async function sumsOfRange(db: Db, range: RangeQuery): Promise<CountSums> {
  const row = await rangeRows(db, range)
    .select((eb) => [eb.fn.countAll<number>().as('sentences'), ...SUMMED.map((f) => sql<number>`coalesce(sum(${inEdition(f)}), 0)::int`.as(f))])
    .executeTakeFirstOrThrow();
  return { ...row, sentences: Number(row.sentences) } as CountSums;
}

export interface CantoSums extends CountSums {
  book: number;
  canto: number;
  edition: Edition;
}

const asInt = (f: keyof CountSums) => sql<number>`${sql.ref(`t.${f}`)}::int`.as(f);

/** The running totals of every canto that holds a sentence numbered from..to, in every edition. */
export async function cantoTotalsOfRange(db: Db, range: Omit<RangeQuery, 'edition'>): Promise<CantoSums[]> {
  const cantos = await db
    .selectFrom('sentences')
    .select(['book', 'canto'])
    .distinct()
    .where('number', '>=', range.from)
    .where('number', '<=', range.to)
    .execute();
  if (cantos.length === 0) return [];
  return db
    .selectFrom('totals as t')
    .select(['t.book', 't.canto', 't.edition', asInt('sentences'), ...SUMMED.map(asInt)])
    .where('t.level', '=', 'canto')
    .where((eb) => eb.or(cantos.map((c) => eb.and([eb('t.book', '=', c.book!), eb('t.canto', '=', c.canto!)]))))
    .orderBy('t.book')
    .orderBy('t.canto')
    .orderBy('t.edition')
    .execute() as Promise<CantoSums[]>;
}

/** The running totals of the whole poem in an edition. */
export async function poemTotals(db: Db, edition: Edition): Promise<CountSums> {
  const row = await db
    .selectFrom('totals as t')
    .select([asInt('sentences'), ...SUMMED.map(asInt)])
    .where('t.level', '=', 'poem')
    .where('t.edition', '=', edition)
    .executeTakeFirst();
  return (row as CountSums | undefined) ?? { sentences: 0, lines: 0, words: 0, syllables: 0, chars: 0, special: 0 };
}
