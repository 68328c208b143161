import type { Bookmark, Collection, MyBookmarksAnswer, MyBookmarksQuery, SentenceBookmarksAnswer } from '@epos/schemas/study/payloads';
import { deleteResource, getJson, patchJson, postJson, type Result } from '../../ui/http';

export type { Bookmark, Collection, MyBookmarksAnswer, SentenceBookmarksAnswer };
/** Where a bookmark goes: a collection's id, or null for the unnamed "Bookmarks". */
export type CollectionChoice = string | null;
export type BookmarksFilter = Pick<MyBookmarksQuery, 'order'> & Partial<Pick<MyBookmarksQuery, 'collection' | 'book' | 'edition'>>;

/** The sentence's bookmarks and the reader's collections; `after`: once one's own write can be read. */
export function fetchSentenceBookmarks(n: number, options: { signal?: AbortSignal; after?: string | null } = {}): Promise<Result<SentenceBookmarksAnswer>> {
  return getJson<SentenceBookmarksAnswer>(`/api/my/bookmarks/sentence/${n}`, options);
}

/** The list's address, and its files' (`.md`, `.json`), by a filter. */
export function bookmarksUrl(filter: BookmarksFilter, file = ''): string {
  const params = new URLSearchParams();
  if (filter.order !== 'poem') params.set('order', filter.order);
  if (filter.collection !== undefined) params.set('collection', filter.collection);
  if (filter.book !== undefined) params.set('book', String(filter.book));
  if (filter.edition !== undefined && filter.edition !== 'first') params.set('edition', filter.edition);
  return `/api/my/bookmarks${file}${params.size > 0 ? `?${params.toString()}` : ''}`;
}

export function fetchMyBookmarks(filter: BookmarksFilter, options: { signal?: AbortSignal; after?: string | null } = {}): Promise<Result<MyBookmarksAnswer>> {
  return getJson<MyBookmarksAnswer>(bookmarksUrl(filter), options);
}

/** `after`: the position of the write it follows (a collection just made). */
export const addBookmark = (sentence: number, collectionId: CollectionChoice, after?: string | null) =>
  postJson<{ bookmarkId: string }>('/api/my/bookmarks', { sentence, collectionId }, { after });
export const moveBookmark = (bookmarkId: string, collectionId: CollectionChoice) =>
  patchJson<{ bookmarkId: string }>(`/api/my/bookmarks/${encodeURIComponent(bookmarkId)}`, { collectionId });
export const removeBookmark = (bookmarkId: string) => deleteResource<{ bookmarkId: string }>(`/api/my/bookmarks/${encodeURIComponent(bookmarkId)}`);
export const makeCollection = (name: string) => postJson<{ collectionId: string }>('/api/my/collections', { name });
export const renameCollection = (collectionId: string, name: string) =>
  patchJson<{ collectionId: string }>(`/api/my/collections/${encodeURIComponent(collectionId)}`, { name });
export const removeCollection = (collectionId: string) => deleteResource<{ collectionId: string }>(`/api/my/collections/${encodeURIComponent(collectionId)}`);

/** The unnamed collection every reader has. */
export const UNNAMED = 'Bookmarks';
