import { postCommand, type PostOutcome } from '../accounts/api';
import { GENERIC_ERROR } from '../app/messages';
import type { Loaded } from '../poem/api';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { seg, type SeriesSort } from './paths';
import type {
  Archive,
  BlogListEntry,
  BlogPage,
  CommentWidget,
  MentionUser,
  Post,
  RecentPost,
  SeriesList,
  SeriesPage,
  TocPage,
  WritableBlog,
} from '@epos/schemas/blogs/responses';

/**
 * The blogs API (docs/blogs-api.md). The answers' types are the server's contracts, imported as
 * types only (no zod in the bundle). Reads answer `Loaded<T>`: the data, or the spec's message for
 * the failure (section 8).
 */

export type {
  Archive,
  ArchiveDay,
  ArchiveMonth,
  ArchivePost,
  ArchiveYear,
  BlogListEntry,
  BlogPage,
  CommentWidget,
  MentionUser,
  Post,
  PostSummary,
  RecentPost,
  SeriesEntry,
  SeriesList,
  SeriesPage,
  TocEntry,
  TocPage,
} from '@epos/schemas/blogs/responses';
export type { PostStatus } from '@epos/schemas/blogs/post-status';

/** A blog the signed-in user may write in. */
export type MyBlog = WritableBlog;

/** The blogs in a /postdata/myblogs answer: those with a slug, titled by their slug when untitled. */
export function toMyBlogs(body: unknown): MyBlog[] {
  if (!Array.isArray(body)) return [];
  const nonEmpty = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  return body.flatMap((b) => {
    if (!isRecord(b)) return [];
    const slug = nonEmpty(b.slug);
    return slug === undefined ? [] : [{ slug, title: nonEmpty(b.title) ?? slug }];
  });
}

// ---------------------------------------------------------------- reading

export const blogApi = {
  blogs: '/api/blogs',
  recent: '/api/blogs/recent',
  blog: (blog: string, page: number) => `/api/blogs/${seg(blog)}?page=${page}`,
  post: (blog: string, url: string) => `/api/blogs/${seg(blog)}/${seg(url)}`,
  seriesList: (blog: string, what: string) =>
    `/api/blogs/${seg(blog)}/series${what.trim() === '' ? '' : `?${new URLSearchParams({ what: what.trim() }).toString()}`}`,
  series: (blog: string, series: string, page: number, sort: SeriesSort) => `/api/blogs/${seg(blog)}/series/${seg(series)}?page=${page}&sort=${sort}`,
  archive: (blog: string) => `/api/blogs/${seg(blog)}/archive`,
  toc: (blog: string, page: number) => `/api/blogs/${seg(blog)}/toc?page=${page}`,
  user: (authorId: string) => `/api/user/${seg(authorId)}`,
  comments: (postId: string) => `/api/comments/${seg(postId)}`,
  mentions: (postId: string, q: string) => `/api/comments/${seg(postId)}/mentions?${new URLSearchParams({ q }).toString()}`,
  myBlogs: '/postdata/myblogs',
} as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The message for a failed read. A 404 shows the server's text when it is one this
 * call can answer (a blog page says "No blog found" or "No blogs to show"), else the
 * call's first one; any other failure is the spec's "An error occured".
 */
export function readFailure(status: number, body: unknown, notFound: readonly [string, ...string[]]): string {
  if (status !== 404) return GENERIC_ERROR;
  const said = isRecord(body) && typeof body.message === 'string' ? body.message : null;
  return said !== null && notFound.includes(said) ? said : notFound[0];
}

/** What an answer must look like to be used; anything else is "An error occured". */
export type Shape = (body: unknown) => boolean;

export const shapes = {
  list: (body: unknown) => Array.isArray(body),
  page: (body: unknown) => isRecord(body) && Array.isArray(body.bcontent) && isPaging(body.Paging),
  post: (body: unknown) => isRecord(body) && typeof body.id === 'string' && typeof body.title === 'string' && typeof body.content === 'string',
  seriesList: (body: unknown) => isRecord(body) && Array.isArray(body.sd),
  archive: (body: unknown) => isRecord(body) && Array.isArray(body.timeline),
} satisfies Record<string, Shape>;

function isPaging(value: unknown): boolean {
  return isRecord(value) && typeof value.CurrentPage === 'number' && typeof value.TotalPagesCount === 'number';
}

/** GETs JSON of the expected shape; only an abort (through `signal`) throws. */
export async function getJson<T>(
  url: string,
  notFound: readonly [string, ...string[]],
  signal?: AbortSignal,
  headers: Readonly<Record<string, string>> = {},
  shape?: Shape,
): Promise<Loaded<T>> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json', ...headers }, credentials: 'same-origin', signal: signal ?? null });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => null);
      return { ok: false, status: response.status, message: readFailure(response.status, body, notFound) };
    }
    const body: unknown = await response.json();
    if (shape !== undefined && !shape(body)) return { ok: false, status: response.status, message: GENERIC_ERROR };
    return { ok: true, data: body as T };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, status: 0, message: GENERIC_ERROR };
  }
}

const { noBlogsYet, noBlogFound, noBlogsToShow, notFound } = blogMessages;

export function fetchBlogs(signal?: AbortSignal): Promise<Loaded<readonly BlogListEntry[]>> {
  return getJson(blogApi.blogs, [noBlogsYet], signal, {}, shapes.list);
}

export function fetchBlogPage(blog: string, page: number, signal?: AbortSignal): Promise<Loaded<BlogPage>> {
  return getJson(blogApi.blog(blog, page), [noBlogFound, noBlogsToShow], signal, {}, shapes.page);
}

export function fetchRecent(signal?: AbortSignal): Promise<Loaded<readonly RecentPost[]>> {
  return getJson(blogApi.recent, [noBlogsToShow], signal, {}, shapes.list);
}

export function fetchPost(blog: string, url: string, signal?: AbortSignal): Promise<Loaded<Post>> {
  return getJson(blogApi.post(blog, url), [notFound, noBlogFound], signal, {}, shapes.post);
}

export function fetchSeriesList(blog: string, what: string, signal?: AbortSignal): Promise<Loaded<SeriesList>> {
  return getJson(blogApi.seriesList(blog, what), [notFound, noBlogFound], signal, {}, shapes.seriesList);
}

export function fetchSeries(blog: string, series: string, page: number, sort: SeriesSort, signal?: AbortSignal): Promise<Loaded<SeriesPage>> {
  return getJson(blogApi.series(blog, series, page, sort), [notFound, noBlogFound, noBlogsToShow], signal, {}, shapes.page);
}

export function fetchArchive(blog: string, signal?: AbortSignal): Promise<Loaded<Archive>> {
  return getJson(blogApi.archive(blog), [notFound, noBlogFound, noBlogsToShow], signal, {}, shapes.archive);
}

export function fetchUserArchive(authorId: string, signal?: AbortSignal): Promise<Loaded<Archive>> {
  return getJson(blogApi.user(authorId), [notFound], signal, {}, shapes.archive);
}

export function fetchToc(blog: string, page: number, signal?: AbortSignal): Promise<Loaded<TocPage>> {
  return getJson(blogApi.toc(blog, page), [noBlogFound, noBlogsToShow, notFound], signal, {}, shapes.page);
}

/** The post's comments, oldest first; `position` (a write's X-Position) reads past that write. */
export function fetchComments(postId: string, signal?: AbortSignal, position: string | null = null): Promise<Loaded<readonly CommentWidget[]>> {
  const headers: Record<string, string> = position === null ? {} : { 'X-Consistent-After': position, 'cache-control': 'no-cache' };
  return getJson(blogApi.comments(postId), [notFound], signal, headers, shapes.list);
}

export function fetchMentions(postId: string, q: string, signal?: AbortSignal): Promise<Loaded<readonly MentionUser[]>> {
  return getJson(blogApi.mentions(postId, q), [notFound], signal, {}, shapes.list);
}

/** The blogs the signed-in user may write in; none when signed out or on any failure. */
export async function fetchMyBlogs(signal?: AbortSignal): Promise<readonly MyBlog[]> {
  const result = await getJson<unknown>(blogApi.myBlogs, [notFound], signal);
  return result.ok ? toMyBlogs(result.data) : [];
}

// ---------------------------------------------------------------- writing

/** What a write answered: success with the server's message and the command's X-Position, or a failure. */
export type WriteResult =
  | { readonly ok: true; readonly message: string | undefined; readonly position: string | null }
  | { readonly ok: false; readonly status: number };

/**
 * Reads what postCommand (accounts/api.ts: JSON, the anti-forgery token) brought back.
 * It reads bodies as account answers (`type: 1`); blog writes are successes by their
 * 2xx status, and some (`{message: "Post deleted"}`) carry no `type`, which it
 * reports as a failure whose error is that message.
 */
export function toWriteResult(outcome: PostOutcome): WriteResult {
  const { result, status, position } = outcome;
  if (status < 200 || status > 299) return { ok: false, status };
  if (result.ok) return { ok: true, message: result.message, position };
  return { ok: true, message: result.error === GENERIC_ERROR ? undefined : result.error, position };
}

async function write(url: string, body: Readonly<Record<string, unknown>>): Promise<WriteResult> {
  return toWriteResult(await postCommand(url, body));
}

export const blogWrites = {
  deletePost: '/postdata/delete',
  comment: (postId: string) => `/postdata/comment/${seg(postId)}`,
  editComment: (postId: string) => `/postdata/comment/${seg(postId)}/edit`,
  deleteComment: (postId: string) => `/postdata/comment/${seg(postId)}/delete`,
  upvote: (postId: string) => `/postdata/comment/${seg(postId)}/upvote`,
  unsubscribe: '/api/unsubscribe',
} as const;

export function deletePost(url: string): Promise<WriteResult> {
  return write(blogWrites.deletePost, { url });
}

export function postComment(postId: string, cm: string, parentof: string | null, pings: readonly string[]): Promise<WriteResult> {
  return write(blogWrites.comment(postId), parentof === null ? { cm, pings } : { cm, parentof, pings });
}

export function editComment(postId: string, id: string, cm: string, pings: readonly string[]): Promise<WriteResult> {
  return write(blogWrites.editComment(postId), { id, cm, pings });
}

export function deleteComment(postId: string, id: string): Promise<WriteResult> {
  return write(blogWrites.deleteComment(postId), { id });
}

export function upvoteComment(postId: string, id: string, upvote: boolean): Promise<WriteResult> {
  return write(blogWrites.upvote(postId), { id, upvote });
}

export function unsubscribe(token: string): Promise<WriteResult> {
  return write(blogWrites.unsubscribe, { token });
}
