import type { PackAnswer, PackEntry, PackManifestAnswer } from '@epos/schemas/poem/packs';
import { getJson, type Result } from '../../ui/http';
import { contentsUrl } from '../api';
import { PACKS_CACHE, READS_CACHE } from '../../ui/offline-caches';

/**
 * Downloaded packs (schemas/src/poem/packs.ts): each pack's answers go into the packs cache under
 * the very URLs the reader reads them at, where the service worker finds them with no network.
 * What was downloaded, with its hash and when, is kept in this browser (localStorage), so the
 * Downloads page can tell what is current without the network.
 */

export interface Downloaded {
  readonly hash: string;
  readonly bytes: number;
  readonly book: number;
  /** When it was downloaded (ISO). */
  readonly at: string;
}

const RECORDS_KEY = 'epos-downloads';

export function downloadedPacks(): Readonly<Record<string, Downloaded>> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECORDS_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, Downloaded>) : {};
  } catch {
    return {};
  }
}

function saveRecords(records: Readonly<Record<string, Downloaded>>): void {
  localStorage.setItem(RECORDS_KEY, JSON.stringify(records));
}

export const packManifest = (book: number, signal?: AbortSignal): Promise<Result<PackManifestAnswer>> =>
  getJson<PackManifestAnswer>(`/api/packs/${book}`, { signal, fresh: true });

const jsonResponse = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });

export interface Progress {
  readonly done: number;
  readonly total: number;
  readonly bytesDone: number;
  readonly bytesTotal: number;
}

const STORAGE_FULL = 'This device has no room left for the download: remove a downloaded book, or free some space, and try again.';

/**
 * Downloads `packs` (one at a time, so a slow line shows progress and a failure loses one pack),
 * with the contents of their books for the reading menu. Stops at the first failure and says why;
 * what was downloaded before it is kept.
 */
export async function downloadPacks(packs: readonly PackEntry[], onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<string | null> {
  try {
    await storePacks(packs, onProgress, signal);
    return null;
  } catch (error) {
    if (signal?.aborted) throw error;
    return error instanceof Failed ? error.message : STORAGE_FULL;
  }
}

/** A read that failed, with what the site's client says of it. */
class Failed extends Error {}

async function storePacks(packs: readonly PackEntry[], onProgress: (progress: Progress) => void, signal?: AbortSignal): Promise<void> {
  const [cache, visited] = await Promise.all([caches.open(PACKS_CACHE), caches.open(READS_CACHE)]);
  /** A pack's answer replaces a copy kept from an earlier visit, which offline would be found first. */
  const store = async (url: string, body: unknown) => {
    await cache.put(url, jsonResponse(body));
    await visited.delete(url, { ignoreVary: true });
  };
  const bytesTotal = packs.reduce((sum, pack) => sum + pack.bytes, 0);
  let bytesDone = 0;
  onProgress({ done: 0, total: packs.length, bytesDone, bytesTotal });
  for (const book of new Set(packs.map((pack) => pack.book))) {
    for (const url of [contentsUrl(), contentsUrl(book)]) {
      const contents = await getJson<unknown>(url, { signal, fresh: true });
      if (!contents.ok) throw new Failed(contents.message);
      await store(url, contents.data);
    }
  }
  for (const [i, pack] of packs.entries()) {
    const answer = await getJson<PackAnswer>(pack.url, { signal, fresh: true });
    if (!answer.ok) throw new Failed(answer.message);
    await Promise.all(Object.entries(answer.data.answers).map(([url, body]) => store(url, body)));
    saveRecords({ ...downloadedPacks(), [pack.url]: { hash: pack.hash, bytes: pack.bytes, book: pack.book, at: new Date().toISOString() } });
    bytesDone += pack.bytes;
    onProgress({ done: i + 1, total: packs.length, bytesDone, bytesTotal });
  }
}

/** Removes a book's downloaded packs: their answers and their records. */
export async function removeBook(book: number): Promise<void> {
  const records = { ...downloadedPacks() };
  const cache = await caches.open(PACKS_CACHE);
  for (const key of await cache.keys()) {
    const path = new URL(key.url).pathname;
    if (new RegExp(`^/api/(?:sbook|translation|contents)/${book}(?:/|$)`).test(path)) await cache.delete(key);
  }
  for (const [url, record] of Object.entries(records)) if (record.book === book) delete records[url];
  saveRecords(records);
}

export interface StorageState {
  readonly usage: number | null;
  readonly quota: number | null;
  readonly persisted: boolean | null;
}

export async function storageState(): Promise<StorageState> {
  const storage = navigator.storage as StorageManager | undefined;
  const estimate = storage?.estimate ? await storage.estimate().catch(() => null) : null;
  const persisted = storage?.persisted ? await storage.persisted().catch(() => null) : null;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

/** Asks the browser to keep the downloads when space runs short; whether it agreed. */
export async function askToPersist(): Promise<boolean> {
  const storage = navigator.storage as StorageManager | undefined;
  return storage?.persist ? storage.persist().catch(() => false) : false;
}
