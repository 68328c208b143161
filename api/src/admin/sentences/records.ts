import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { AdminSentenceAnswer } from '@epos/schemas/admin/sentences';
import { FIRST_TEXT_COLUMN, POEM_PROJECTION, type PoemReadModel } from '@epos/projections/poem/read-model';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import type { ApiDeps } from '../../deps.js';
import { readModel } from '../../read-models.js';
import { HttpError } from '../../http/error-handler.js';
import type { ListParams } from '../list-params.js';
import { pageInOrder, rowsOfPage, totalUpTo } from '../lists.js';

/** What the console's poem resources read of a sentence row. */
export interface SentenceRow {
  id: number;
  sentence: number | null;
  book: number | null;
  canto: number | null;
  section: number | null;
  revision: string;
  state: SentenceState;
}

const SENTENCE_COLUMNS = ['id', 'sentence', 'book', 'canto', 'section', 'revision', 'state'] as const;

export const poemReadModel = (deps: ApiDeps, request: FastifyRequest): Promise<Kysely<PoemReadModel>> =>
  readModel<PoemReadModel>(deps, request, POEM_PROJECTION);

const noSentence = () => new HttpError(404, 'not_found', 'No such sentence');
export const invalid = (field: string, message: string) => new HttpError(400, 'invalid', message, {}, [{ field, message }]);

/** The first words of a sentence's first edition, for lists. */
export function firstWords(state: SentenceState, words = 8): string {
  const all = (state.text.first ?? []).join(' ').split(/\s+/).filter(Boolean);
  return all.slice(0, words).join(' ') + (all.length > words ? ' …' : '');
}

const joined = <K extends string>(record: Partial<Record<K, string[]>>): Partial<Record<K, string>> =>
  Object.fromEntries(Object.entries(record).map(([k, lines]) => [k, (lines as string[]).join('\n')])) as Partial<Record<K, string>>;

/** A sentence as the console edits it; `state` and `revision` may be newer than the row (right after a command). */
export function sentenceRecord(row: SentenceRow, state = row.state, revision = row.revision): AdminSentenceAnswer {
  return {
    id: row.id,
    number: row.sentence,
    book: row.book,
    canto: row.canto,
    section: row.section,
    firstWords: firstWords(state),
    version: String(revision),
    text: joined(state.text),
    fields: { ...state.fields },
    translations: joined(state.translations),
    media: { ...state.media },
    commentary: { ...state.commentary },
  };
}

/** Whole numbers for a filter field: a 400 naming it otherwise. */
function numberValues(field: string, value: unknown): number[] {
  const values = Array.isArray(value) ? value : [value];
  const numbers = values.map((v) => (typeof v === 'string' && /^\d{1,9}$/.test(v.trim()) ? Number(v) : v));
  if (values.length === 0 || values.length > 1000 || !numbers.every((n) => Number.isSafeInteger(n))) {
    throw new HttpError(400, 'bad_parameter', `filter: ${field} is a whole number or a list of them`, {}, [
      { field: 'filter', message: `${field} is a whole number` },
    ]);
  }
  return numbers as number[];
}

/**
 * A page of placed sentences for the console's poem lists (lines, translations, word relations),
 * with the filters of `filteredSentences`, in poem order (by number; by permanent id if asked), and
 * the total. A sort by book, canto or section is the poem order too.
 */
export async function sentencePage(deps: ApiDeps, request: FastifyRequest, params: ListParams<string>): Promise<{ rows: SentenceRow[]; total: number | null }> {
  const db = await poemReadModel(deps, request);
  const rows = filteredSentences(db.selectFrom('sentences'), params.filter, params.q);
  const column = params.sort?.field === 'id' ? 'id' : 'sentence';
  const ids = rows.select('id').$call(pageInOrder(column, 'id', params.sort?.order ?? 'asc', params.range));
  const [page, total] = await Promise.all([ids.execute(), totalUpTo(db, rows.select(sql<number>`1`.as('one')))]);
  const found = await rowsOfPage(
    page.map((r) => r.id),
    (wanted) => db.selectFrom('sentences').select(SENTENCE_COLUMNS).where('id', 'in', wanted).execute(),
    (r) => r.id,
  );
  return { rows: found, total };
}

/** The placed sentences matching the console's filters (book, canto, section, number, id, q over the first edition). */
function filteredSentences<O>(
  rows: SelectQueryBuilder<PoemReadModel, 'sentences', O>,
  filter: Readonly<Partial<Record<'id' | 'number' | 'book' | 'canto' | 'section', unknown>>>,
  q: string,
): SelectQueryBuilder<PoemReadModel, 'sentences', O> {
  let query = rows.where('book', 'is not', null);
  if (filter.id !== undefined) query = query.where('id', 'in', numberValues('id', filter.id));
  if (filter.number !== undefined) query = query.where('sentence', 'in', numberValues('number', filter.number));
  if (filter.book !== undefined) query = query.where('book', 'in', numberValues('book', filter.book));
  if (filter.canto !== undefined) query = query.where('canto', 'in', numberValues('canto', filter.canto));
  if (filter.section !== undefined) query = query.where('section', 'in', numberValues('section', filter.section));
  if (q !== '') query = query.where(sql<boolean>`${sql.ref(FIRST_TEXT_COLUMN)} @@ plainto_tsquery('simple', ${q})`);
  return query;
}

export async function sentenceRow(db: Kysely<PoemReadModel>, id: number): Promise<SentenceRow> {
  const row = await db.selectFrom('sentences').select(SENTENCE_COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw noSentence();
  return row;
}
