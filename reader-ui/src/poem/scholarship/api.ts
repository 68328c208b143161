/** Calls of the scholarship views: sentence history and edition comparison. */
import { NO_BOOK } from '../../ui/messages';
import { getJson, type Result } from '../../ui/http';
import { compareApiUrl, type CompareAddress, type Comparison } from './compare';
import type { SentenceHistory } from './history';

function historyApiUrl(n: number): string {
  return `/api/history/sentence/${n}`;
}

export function fetchHistory(n: number, signal?: AbortSignal): Promise<Result<SentenceHistory>> {
  return getJson<SentenceHistory>(historyApiUrl(n), { signal });
}

export function fetchComparison(address: CompareAddress, signal?: AbortSignal): Promise<Result<Comparison>> {
  return getJson<Comparison>(compareApiUrl(address), { signal, notFound: NO_BOOK });
}
