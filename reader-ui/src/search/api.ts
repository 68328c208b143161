import type { SearchAnswer } from '@epos/schemas/search/responses';
import type { BlogListEntry, BlogPage } from '@epos/schemas/blogs/responses';
import { getJson, type Result } from '../ui/http';
import { isPagedAnswer } from '../ui/paging';
import { downloadApiUrl, searchApiUrl, type SearchState } from './paths';

export type { SearchAnswer };

/** The blogs the filter offers (GET /api/blogs). */
export function fetchFilterBlogs(signal: AbortSignal): Promise<Result<readonly BlogListEntry[]>> {
  return getJson<readonly BlogListEntry[]>('/api/blogs', { signal, shape: Array.isArray });
}

/** A blog's latest posts, whose authors the filter offers (GET /api/blogs/{blog}?page=1). */
export function fetchFilterPosts(blog: string, signal: AbortSignal): Promise<Result<BlogPage>> {
  return getJson<BlogPage>(`/api/blogs/${encodeURIComponent(blog)}?page=1`, { signal, shape: isPagedAnswer });
}
export type SearchHit = SearchAnswer['bcontent'][number];

/** The spec's answer to a search that found no data (section 8; the trailing space is the spec's). */
export const NO_DATA = 'No data ';

export function fetchSearchPage(state: SearchState, page: number, signal?: AbortSignal): Promise<Result<SearchAnswer>> {
  return getJson<SearchAnswer>(searchApiUrl(state, page), { signal, notFound: NO_DATA });
}

export function fetchSearchFile(state: SearchState, signal?: AbortSignal): Promise<Result<{ fileName: string; file: string }>> {
  return getJson(downloadApiUrl(state), { signal, notFound: NO_DATA });
}

/** The bytes of a base64 text (the download's `file`). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Saves a downloaded markdown file under its name, through a temporary link. */
export function saveFile(fileName: string, base64: string): void {
  const url = URL.createObjectURL(new Blob([base64Bytes(base64)], { type: 'text/markdown;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
