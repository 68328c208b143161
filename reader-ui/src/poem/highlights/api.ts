import type { ChangeHighlightBody, MakeHighlightBody, MyHighlight, MyHighlightsQuery, PlacedHighlight } from '@epos/schemas/study/payloads';
import { deleteResource, getJson, mapResult, patchJson, postJson, type Result } from '../../ui/http';
import type { SectionRef } from '../api';

/** GET the reader's highlights on a section's sentences, placed on their texts now; `after`: once one's own write can be read. */
export function fetchSectionHighlights(ref: SectionRef, options: { signal?: AbortSignal; after?: string | null } = {}): Promise<Result<PlacedHighlight[]>> {
  return getJson<{ highlights: PlacedHighlight[] }>(`/api/my/highlights/section/${ref.book}/${ref.canto}/${ref.section}`, {
    signal: options.signal,
    after: options.after,
  }).then((result) => mapResult(result, (answer) => answer.highlights));
}

export function makeHighlight(body: MakeHighlightBody): Promise<Result<{ highlightId: string }>> {
  return postJson('/api/my/highlights', body);
}

export function changeHighlight(highlightId: string, body: ChangeHighlightBody): Promise<Result<{ highlightId: string }>> {
  return patchJson(`/api/my/highlights/${encodeURIComponent(highlightId)}`, body);
}

export function removeHighlight(highlightId: string): Promise<Result<{ highlightId: string }>> {
  return deleteResource(`/api/my/highlights/${encodeURIComponent(highlightId)}`);
}

export type { MyHighlight };
export type StudyFilter = Partial<Pick<MyHighlightsQuery, 'colour' | 'book'>> & Pick<MyHighlightsQuery, 'order'>;

function query(filter: StudyFilter): string {
  const params = new URLSearchParams();
  if (filter.order !== 'poem') params.set('order', filter.order);
  if (filter.colour) params.set('colour', filter.colour);
  if (filter.book !== undefined) params.set('book', String(filter.book));
  return params.size > 0 ? `?${params.toString()}` : '';
}

/** The reader's highlights, the files to download them as, by the same filter. */
export const studyApi = {
  highlights: (filter: StudyFilter) => `/api/my/highlights${query(filter)}`,
  markdown: (filter: StudyFilter) => `/api/my/highlights.md${query(filter)}`,
  json: (filter: StudyFilter) => `/api/my/highlights.json${query(filter)}`,
};

export function fetchMyHighlights(filter: StudyFilter, signal?: AbortSignal): Promise<Result<MyHighlight[]>> {
  return getJson<{ highlights: MyHighlight[] }>(studyApi.highlights(filter), { signal }).then((result) => mapResult(result, (answer) => answer.highlights));
}

/** Whether the reader's highlights count, anonymously, in each canto's most highlighted lines. */
export const fetchSharing = (signal?: AbortSignal) => getJson<{ shared: boolean }>('/api/my/highlights/sharing', { signal });
export const setSharing = (shared: boolean) => postJson<{ shared: boolean }>('/api/my/highlights/sharing', { shared });
