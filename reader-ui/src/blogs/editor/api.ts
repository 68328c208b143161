import { getJson, mapResult, postJson, type Result } from '../../ui/http';
import type { PostPayloadBody, PostText, UpdatePayloadBody } from './post-form-model';
import {
  toAutosaveAnswer,
  toEditablePost,
  toGeneratedUrl,
  toListPage,
  toPostId,
  toRestoreAnswer,
  toRevisions,
  toRevisionText,
  toSaveAnswer,
  toSeriesTitles,
  type ListPage,
  type RevisionInfo,
  type RevisionText,
  type SaveAnswer,
} from './responses';
import type { EditablePost } from './post-form-model';
import { blogApi, toMyBlogs, type MyBlog } from '../api';
import { seg } from '../paths';

/** The editor's calls (docs/blogs-api.md, "Writing posts"). */

export type ListKind = 'scheduled' | 'draft';

const editorUrls = {
  create: '/postdata/create',
  update: '/postdata/update',
  generateUrl: '/postdata/generateurl',
  autosave: '/postdata/autosave',
  restore: '/postdata/restore',
  edit: (id: string) => `/postdata/edit/${seg(id)}`,
  revisions: (id: string) => `/postdata/revisions/${seg(id)}`,
  revision: (id: string, revision: number) => `/postdata/revisions/${seg(id)}/${revision}`,
  list: (blog: string, kind: ListKind, page: number) => `/postdata/blogs/${seg(blog)}/${kind}?page=${page}`,
} as const;

/** The blogs the signed-in user may write in (asked afresh on each page: the user may have changed). */
export async function fetchMyBlogs(): Promise<Result<MyBlog[]>> {
  return mapResult(await getJson(blogApi.myBlogs), toMyBlogs);
}

/** The id of the post at /blogs/{blog}/{url} (drafts and scheduled posts answer to their editors). */
export async function fetchPostId(blog: string, url: string, signal?: AbortSignal): Promise<Result<string | null>> {
  return mapResult(await getJson(blogApi.post(blog, url), { signal }), toPostId);
}

export async function fetchEditablePost(id: string, signal?: AbortSignal): Promise<Result<EditablePost | null>> {
  return mapResult(await getJson(editorUrls.edit(id), { signal }), toEditablePost);
}

export async function createPost(body: PostPayloadBody): Promise<Result<SaveAnswer>> {
  return mapResult(await postJson(editorUrls.create, body), toSaveAnswer);
}

export async function updatePost(body: UpdatePayloadBody): Promise<Result<SaveAnswer>> {
  return mapResult(await postJson(editorUrls.update, body), toSaveAnswer);
}

export async function generateUrl(title: string) {
  return mapResult(await postJson(editorUrls.generateUrl, { title }), toGeneratedUrl);
}

export async function autosavePost(id: string, text: PostText) {
  return mapResult(await postJson(editorUrls.autosave, { id, ...text }), toAutosaveAnswer);
}

export async function fetchRevisions(id: string, options: { signal?: AbortSignal; after?: string | null } = {}): Promise<Result<RevisionInfo[]>> {
  return mapResult(await getJson(editorUrls.revisions(id), options), toRevisions);
}

export async function fetchRevision(id: string, revision: number, signal?: AbortSignal): Promise<Result<RevisionText | null>> {
  return mapResult(await getJson(editorUrls.revision(id, revision), { signal }), toRevisionText);
}

export async function restoreRevision(id: string, revision: number) {
  return mapResult(await postJson(editorUrls.restore, { id, revision }), toRestoreAnswer);
}

export async function fetchPostList(blog: string, kind: ListKind, page: number, signal?: AbortSignal): Promise<Result<ListPage>> {
  return mapResult(await getJson(editorUrls.list(blog, kind, page), { signal }), (data) => toListPage(data, blog));
}

export async function fetchSeriesTitles(blog: string, signal?: AbortSignal): Promise<string[]> {
  const answer = await getJson(blogApi.seriesList(blog, ''), { signal });
  return answer.ok ? toSeriesTitles(answer.data) : [];
}
