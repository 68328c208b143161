import type { AdminListQuery } from '@epos/schemas/admin/lists';
import { HttpError } from '../http/error-handler.js';
import { isUuid } from '../uuid.js';

/** The most records one list answer holds. */
const MAX_RANGE = 1000;
const DEFAULT_RANGE = { start: 0, end: 24 };

/** Every list sorts by its records' `id`: react-admin's default sort, whatever else a resource sorts by. */
const ID_SORT = 'id';

export interface ListParams<Sort extends string, Filter extends string = Sort> {
  readonly sort: { readonly field: Sort | typeof ID_SORT; readonly order: 'asc' | 'desc' } | null;
  /** Both inclusive, as Content-Range counts them. */
  readonly range: { readonly start: number; readonly end: number };
  /** The full-text search, trimmed; '' for none. */
  readonly q: string;
  readonly filter: Readonly<Partial<Record<Filter, unknown>>>;
}

const badParameter = (parameter: string, message: string) =>
  new HttpError(400, 'bad_parameter', `${parameter}: ${message}`, {}, [{ field: parameter, message }]);

function json(parameter: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badParameter(parameter, 'is not JSON');
  }
}

/**
 * Parses a list request against what the resource allows: sort fields (`id` always), filter fields
 * (`q` always). Anything malformed is a 400 naming the parameter; `Range: <resource>=0-24` is read
 * when `range` is absent.
 */
export function parseListParams<Sort extends string, Filter extends string>(
  query: AdminListQuery,
  rangeHeader: string | undefined,
  allowed: { readonly sort: readonly Sort[]; readonly filter: readonly Filter[] },
): ListParams<Sort, Filter> {
  let sort: ListParams<Sort, Filter>['sort'] = null;
  const sortable: readonly string[] = [ID_SORT, ...allowed.sort.filter((field) => field !== ID_SORT)];
  if (query.sort !== undefined) {
    const value = json('sort', query.sort);
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || typeof value[1] !== 'string')
      throw badParameter('sort', 'expected ["field","ASC"|"DESC"]');
    const [field, order] = value as [string, string];
    if (!sortable.includes(field)) throw badParameter('sort', `cannot sort by ${field} (one of: ${sortable.join(', ')})`);
    if (!/^(asc|desc)$/i.test(order)) throw badParameter('sort', 'the order is ASC or DESC');
    sort = { field: field as Sort | typeof ID_SORT, order: order.toLowerCase() as 'asc' | 'desc' };
  }

  let range = DEFAULT_RANGE;
  const header = rangeHeader === undefined ? null : /^[a-z-]+=(\d+)-(\d+)$/i.exec(rangeHeader.trim());
  if (query.range !== undefined) {
    const value = json('range', query.range);
    if (!Array.isArray(value) || value.length !== 2 || !value.every((n) => Number.isSafeInteger(n) && n >= 0))
      throw badParameter('range', 'expected [first,last]');
    range = { start: value[0] as number, end: value[1] as number };
  } else if (header) {
    range = { start: Number(header[1]), end: Number(header[2]) };
  } else if (rangeHeader !== undefined) {
    throw badParameter('Range', 'expected <resource>=first-last');
  }
  if (range.end < range.start) throw badParameter('range', 'the last comes before the first');
  if (range.end - range.start + 1 > MAX_RANGE) throw badParameter('range', `at most ${MAX_RANGE} records at a time`);

  let q = '';
  const filter: Partial<Record<Filter, unknown>> = {};
  if (query.filter !== undefined) {
    const value = json('filter', query.filter);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw badParameter('filter', 'expected an object');
    for (const [field, wanted] of Object.entries(value)) {
      if (field === 'q') {
        if (typeof wanted !== 'string') throw badParameter('filter', 'q is text');
        q = wanted.trim().slice(0, 200);
      } else if ((allowed.filter as readonly string[]).includes(field)) {
        filter[field as Filter] = wanted;
      } else {
        throw badParameter('filter', `cannot filter by ${field} (one of: q, ${allowed.filter.join(', ')})`);
      }
    }
  }
  return { sort, range, q, filter };
}

/** A filter value that must be text (or a list of texts): a 400 naming the field otherwise. */
export function textValues(field: string, value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.length === 0 || values.length > 1000 || !values.every((v) => typeof v === 'string' || typeof v === 'number'))
    throw badParameter('filter', `${field} is a text or a list of texts`);
  return values.map(String);
}

/** A filter of uuid columns: its values that are uuids, plus one that matches nothing (so none matching is an empty list, not an empty `in ()`). */
export const uuidValues = (field: string, value: unknown): string[] => [...textValues(field, value).filter(isUuid), '00000000-0000-0000-0000-000000000000'];
