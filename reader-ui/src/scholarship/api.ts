/** Calls of the scholarship views: sentence history and edition comparison. */
import { GENERIC_ERROR, NO_BOOK } from '../app/messages';
import { failureMessage, type Loaded } from '../poem/api';
import { compareApiUrl, type CompareAddress, type Comparison } from './compare';
import type { SentenceHistory } from './history';

export async function getJson<T>(url: string, notFound: string, signal?: AbortSignal): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', signal: signal ?? null });
    if (!response.ok) return { ok: false, status: response.status, message: await failureMessage(response, notFound) };
    return { ok: true, data: (await response.json()) as T };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, message: GENERIC_ERROR };
  }
}

export function historyApiUrl(n: number): string {
  return `/api/history/sentence/${n}`;
}

export function fetchHistory(n: number, signal?: AbortSignal): Promise<Loaded<SentenceHistory>> {
  return getJson<SentenceHistory>(historyApiUrl(n), 'Not Found', signal);
}

export function fetchComparison(address: CompareAddress, signal?: AbortSignal): Promise<Loaded<Comparison>> {
  return getJson<Comparison>(compareApiUrl(address), NO_BOOK, signal);
}
