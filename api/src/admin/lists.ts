import type { FastifyReply } from 'fastify';
import { sql, type Expression, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListParams } from './list-params.js';

/** Lists count their matches exactly up to here; a longer one says its total is unknown (`*`) and pages on. */
export const COUNT_CAP = 10_000;

/**
 * A list answer as ra-data-simple-rest reads it: the records, and `Content-Range: <resource> first-last/total`
 * exposed to the app. An empty page says `*` for its range; an uncounted total (null) is `*` too.
 */
export function sendList<T>(reply: FastifyReply, resource: string, params: Pick<ListParams<string>, 'range'>, records: T[], total: number | null): T[] {
  const { start } = params.range;
  const range = records.length === 0 ? '*' : `${start}-${start + records.length - 1}`;
  reply.header('content-range', `${resource} ${range}/${total ?? '*'}`);
  reply.header('access-control-expose-headers', 'Content-Range');
  reply.header('cache-control', 'private, no-store');
  return records;
}

/**
 * How many rows `rows` (a select of anything) has, exactly up to `COUNT_CAP`; null beyond, so that
 * counting a long list never costs more than reading `COUNT_CAP` index entries.
 */
export async function totalUpTo<DB>(db: Kysely<DB>, rows: Expression<unknown>): Promise<number | null> {
  const counted = await sql<{ n: string }>`select count(*) as n from (${rows} limit ${COUNT_CAP + 1}) as capped`.execute(db);
  const n = Number(counted.rows[0]!.n);
  return n > COUNT_CAP ? null : n;
}

export type SortOrder = 'asc' | 'desc';

/**
 * A list's page: ordered by `column` then `id`, both the same way, empty values first ascending and
 * last descending, so that one index `(column nulls first, id)` serves both directions, read forward
 * or backward, and a deep page is a walk along the index rather than a sort.
 */
export function pageInOrder(column: string, id: string, order: SortOrder, range: Pick<ListParams<string>, 'range'>['range']) {
  const nulls = sql.raw(order === 'asc' ? 'asc nulls first' : 'desc nulls last');
  return <DB, TB extends keyof DB, O>(rows: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    rows
      .orderBy(sql`${sql.ref(column)} ${nulls}`)
      .orderBy(sql.ref(id), order)
      .offset(range.start)
      .limit(range.end - range.start + 1);
}

/**
 * A page of wide rows in two steps: the page's ids first (an index-only walk however deep the
 * page), then only those rows, put back in the page's order.
 */
export async function rowsOfPage<Id, Row>(ids: readonly Id[], rowsOf: (ids: Id[]) => Promise<Row[]>, idOf: (row: Row) => Id): Promise<Row[]> {
  if (ids.length === 0) return [];
  const found = new Map((await rowsOf([...ids])).map((row) => [idOf(row), row]));
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}
