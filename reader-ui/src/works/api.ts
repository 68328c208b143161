import type { UserProfileAnswer, WorkItem, WorksAnswer } from '@epos/schemas/works/payloads';
import type { WorkType } from '@epos/schemas/works/events';
import { getJson, postJson, type Result } from '../ui/http';

/** The readers' works calls (api/src/works): lists by type, per sentence or everywhere, profiles, and the writes. */
export const worksApi = {
  onSentence: (type: WorkType, n: number, page: number) => `/api/works/${type}/${n}?page=${page}`,
  ofType: (type: WorkType, page: number) => `/api/works/${type}?page=${page}`,
  profile: (userId: string, page: number) => `/api/profile/${encodeURIComponent(userId)}?page=${page}`,
  add: '/postdata/works',
  edit: (id: string) => `/postdata/works/${encodeURIComponent(id)}`,
  remove: (id: string) => `/postdata/works/${encodeURIComponent(id)}/delete`,
  hide: (id: string, hidden: boolean) => `/postdata/works/${encodeURIComponent(id)}/${hidden ? 'hide' : 'show'}`,
  audio: '/postdata/works/audio',
} as const;

export type { WorkItem, WorksAnswer, WorkType, UserProfileAnswer };

/** What the add/edit form sends: the spec's ContentSection fields. */
export interface WorkDraft {
  readonly TypeOf: WorkType;
  readonly SentenceNumber: string;
  readonly Description: string;
  readonly Urlto: string;
}

export const fetchWorks = (url: string, signal: AbortSignal, after?: string | null) => getJson<WorksAnswer>(url, { signal, after: after ?? null });
export const fetchProfile = (userId: string, page: number, signal: AbortSignal) => getJson<UserProfileAnswer>(worksApi.profile(userId, page), { signal });

export const saveWork = (draft: WorkDraft, id: string | null): Promise<Result<{ id: string; message: string }>> =>
  postJson(id === null ? worksApi.add : worksApi.edit(id), draft);
export const deleteWork = (id: string): Promise<Result<{ message: string }>> => postJson(worksApi.remove(id), {});
export const setHidden = (id: string, hidden: boolean): Promise<Result<{ message: string }>> => postJson(worksApi.hide(id, hidden), {});
