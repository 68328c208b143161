import type { LibraryPageAnswer, PageEntry, PageInfoAnswer } from '@epos/schemas/library/payloads';
import { GENERIC_ERROR, NOT_FOUND } from '../app/messages';
import { getJson, postJson, type Answer } from '../blogs/editor/http';
import { readError } from '../blogs/editor/responses';
import { lastLibraryWrite, libraryReadHeaders, noteLibraryWrite } from './consistency';
import { libraryApi, pagePath, pagePathOfApiUrl } from './paths';
import type { PagePayloadBody } from './page-form-model';

/** The library's calls (the library contract, issue 19), typed by the server's answer schemas. */

export type LibraryPage = LibraryPageAnswer;
export type PageInfo = PageInfoAnswer;
export type { PageEntry };

export type PageRead =
  | { readonly ok: true; readonly page: LibraryPage; /** Set when the page moved: its path now. */ readonly movedTo: string | null }
  | { readonly ok: false; readonly status: number; readonly message: string };

/**
 * The page at `path`. A page that moved answers 301 and fetch follows it: the answer's address
 * then names the new path, which the caller shows in the address bar.
 */
export async function fetchLibraryPage(path: string, signal?: AbortSignal): Promise<PageRead> {
  try {
    const response = await fetch(libraryApi.page(path), { headers: libraryReadHeaders(), credentials: 'same-origin', signal: signal ?? null });
    if (!response.ok) {
      const { message } = readError(await response.json().catch(() => null));
      return { ok: false, status: response.status, message: response.status === 404 ? NOT_FOUND : (message ?? GENERIC_ERROR) };
    }
    const page = (await response.json()) as LibraryPage;
    const landed = response.redirected ? pagePathOfApiUrl(response.url, window.location.origin) : null;
    return { ok: true, page, movedTo: landed !== null && landed !== pagePath(path) ? landed : null };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, message: GENERIC_ERROR };
  }
}

/** A page's ancestors from the top down (breadcrumbs). */
export function fetchParents(id: string, signal?: AbortSignal): Promise<Answer<PageEntry[]>> {
  return getJson<PageEntry[]>(libraryApi.parents(id), { signal, after: lastLibraryWrite() });
}

/** The editor's form of a page (admins). */
export function fetchPageInfo(id: string, signal?: AbortSignal): Promise<Answer<PageInfo>> {
  return getJson<PageInfo>(libraryApi.pageInfo(id), { signal, after: lastLibraryWrite() });
}

/** Every page that can be a parent, by name (admins). */
export function fetchParentInfo(signal?: AbortSignal): Promise<Answer<PageEntry[]>> {
  return getJson<PageEntry[]>(libraryApi.parentInfo, { signal, after: lastLibraryWrite() });
}

export interface PageSaved {
  readonly id: string;
  readonly url: string;
  readonly revision: number;
  readonly message: string;
}

/** A write; its position is kept so the reads after it see it. */
async function write<T>(url: string, body: unknown): Promise<Answer<T>> {
  const answer = await postJson<T>(url, body);
  if (answer.ok) noteLibraryWrite(answer.position);
  return answer;
}

export function createPage(body: PagePayloadBody): Promise<Answer<PageSaved>> {
  return write<PageSaved>(libraryApi.create, body);
}

export function updatePage(body: PagePayloadBody & { readonly id: string; readonly revision?: number }): Promise<Answer<PageSaved>> {
  return write<PageSaved>(libraryApi.update, body);
}

export function deletePage(id: string): Promise<Answer<{ message: string; redirect: string }>> {
  return write(libraryApi.delete, { id });
}

export function generatePermalink(name: string): Promise<Answer<{ permalink: string; message: string }>> {
  return postJson(libraryApi.permalink, { name });
}
