import type { CantoCountAnswer, CountAnswer, SentenceCount } from '@epos/schemas/stats/counts';
import type { Edition } from '@epos/schemas/poem/editions';
import { GENERIC_ERROR } from '../../ui/messages';
import { getJson, type Result } from '../../ui/http';

export type { CantoCountAnswer, CountAnswer, SentenceCount };

/** The count statistics page. */
export { COUNTS_ROUTE as COUNTS_PATH } from './route';

export interface CountRange {
  readonly from: number;
  readonly to: number;
  readonly edition: Edition;
}

const countUrl = (range: CountRange, page: number) => `/api/count?from=${range.from}&to=${range.to}&lbl=${range.edition}&page=${page}`;
const cantoCountUrl = (range: Pick<CountRange, 'from' | 'to'>) => `/api/count/cantos?from=${range.from}&to=${range.to}`;

/** A read; a 400 carries the server's message for the field (a range it refuses), a refusal for rate or load its own, anything else the generic one. */
const read = <T>(url: string, signal?: AbortSignal): Promise<Result<T>> =>
  getJson<T>(url, {
    signal,
    notFound: GENERIC_ERROR,
    failure: (status, problem) => (status === 400 ? (problem.fields[0]?.message ?? GENERIC_ERROR) : undefined),
  });

export const fetchCounts = (range: CountRange, page: number, signal?: AbortSignal) => read<CountAnswer>(countUrl(range, page), signal);
export const fetchCantoCounts = (range: Pick<CountRange, 'from' | 'to'>, signal?: AbortSignal) => read<CantoCountAnswer>(cantoCountUrl(range), signal);
