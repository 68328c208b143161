import type { CantoCountAnswer, CountAnswer, SentenceCount } from '@epos/schemas/stats/counts';
import type { Edition } from '@epos/schemas/poem/editions';
import { GENERIC_ERROR } from '../app/messages';
import { failureMessage, type Loaded } from '../poem/api';

export type { CantoCountAnswer, CountAnswer, SentenceCount };

/** The count statistics page. */
export { COUNTS_ROUTE as COUNTS_PATH } from './route';

export interface CountRange {
  readonly from: number;
  readonly to: number;
  readonly edition: Edition;
}

export const countUrl = (range: CountRange, page: number) => `/api/count?from=${range.from}&to=${range.to}&lbl=${range.edition}&page=${page}`;
export const cantoCountUrl = (range: Pick<CountRange, 'from' | 'to'>) => `/api/count/cantos?from=${range.from}&to=${range.to}`;

/** A read; a 400 carries the server's message for the field (a range it refuses), a refusal for rate or load its own, anything else the generic one. */
async function read<T>(url: string, signal?: AbortSignal): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: signal ?? null });
    if (response.status === 400) {
      const body = (await response.json().catch(() => null)) as { fields?: { message: string }[] } | null;
      return { ok: false, status: 400, message: body?.fields?.[0]?.message ?? GENERIC_ERROR };
    }
    if (!response.ok) return { ok: false, status: response.status, message: await failureMessage(response, GENERIC_ERROR) };
    return { ok: true, data: (await response.json()) as T };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, message: GENERIC_ERROR };
  }
}

export const fetchCounts = (range: CountRange, page: number, signal?: AbortSignal) => read<CountAnswer>(countUrl(range, page), signal);
export const fetchCantoCounts = (range: Pick<CountRange, 'from' | 'to'>, signal?: AbortSignal) => read<CantoCountAnswer>(cantoCountUrl(range), signal);
