import type { LibraryPageAnswer, PageEntry, PageInfoAnswer } from '@epos/schemas/library/payloads';
import { getJson, mapResult, postJson, type Result } from '../ui/http';
import { lastLibraryWrite, noteLibraryWrite } from './consistency';
import { libraryApi, pagePath, pagePathOfApiUrl } from './paths';
import type { PagePayloadBody } from './page-form-model';

/** The library's calls (the library contract, issue 19), typed by the server's answer schemas. */

export type LibraryPage = LibraryPageAnswer;
export type PageInfo = PageInfoAnswer;
export type { PageEntry };

export type PageRead = Result<{ readonly page: LibraryPage; /** Set when the page moved: its path now. */ readonly movedTo: string | null }>;

/**
 * The page at `path`. A page that moved answers 301 and fetch follows it: the answer's address
 * then names the new path, which the caller shows in the address bar. A failure other than 404
 * says the server's words.
 */
export async function fetchLibraryPage(path: string, signal?: AbortSignal): Promise<PageRead> {
  const read = await getJson<LibraryPage>(libraryApi.page(path), {
    signal,
    after: lastLibraryWrite(),
    failure: (status, problem) => (status === 404 ? undefined : problem.message),
  });
  return mapResult(read, (page) => {
    const landed = read.ok && read.redirectedTo !== null ? pagePathOfApiUrl(read.redirectedTo, window.location.origin) : null;
    return { page, movedTo: landed !== null && landed !== pagePath(path) ? landed : null };
  });
}

/** A page's ancestors from the top down (breadcrumbs). */
export function fetchParents(id: string, signal?: AbortSignal): Promise<Result<PageEntry[]>> {
  return getJson<PageEntry[]>(libraryApi.parents(id), { signal, after: lastLibraryWrite(), shape: Array.isArray });
}

/** The editor's form of a page (admins). */
export function fetchPageInfo(id: string, signal?: AbortSignal): Promise<Result<PageInfo>> {
  return getJson<PageInfo>(libraryApi.pageInfo(id), { signal, after: lastLibraryWrite() });
}

/** Every page that can be a parent, by name (admins). */
export function fetchParentInfo(signal?: AbortSignal): Promise<Result<PageEntry[]>> {
  return getJson<PageEntry[]>(libraryApi.parentInfo, { signal, after: lastLibraryWrite() });
}

export interface PageSaved {
  readonly id: string;
  readonly url: string;
  readonly revision: number;
  readonly message: string;
}

/** A write; its position is kept so the reads after it see it. */
async function write<T>(url: string, body: unknown): Promise<Result<T>> {
  const answer = await postJson<T>(url, body);
  if (answer.ok) noteLibraryWrite(answer.position);
  return answer;
}

export function createPage(body: PagePayloadBody): Promise<Result<PageSaved>> {
  return write<PageSaved>(libraryApi.create, body);
}

export function updatePage(body: PagePayloadBody & { readonly id: string; readonly revision?: number }): Promise<Result<PageSaved>> {
  return write<PageSaved>(libraryApi.update, body);
}

export function deletePage(id: string): Promise<Result<{ message: string; redirect: string }>> {
  return write(libraryApi.delete, { id });
}

export function generatePermalink(name: string): Promise<Result<{ permalink: string; message: string }>> {
  return postJson(libraryApi.permalink, { name });
}
