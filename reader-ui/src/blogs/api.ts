import { postCommand, type Done } from '../ui/command';
import { getJson, type ReadOptions, type Result } from '../ui/http';
import { isPagedAnswer } from '../ui/paging';
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
 * types only (no zod in the bundle). A failed read says the spec's message for it (section 8): each
 * call names the not-found texts it can answer.
 */

export type {
  Archive,
  ArchivePost,
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

/** What an answer must look like to be used; anything else is "An error occured". */
export type Shape = (body: unknown) => boolean;

export const shapes = {
  list: (body: unknown) => Array.isArray(body),
  page: isPagedAnswer,
  post: (body: unknown) => isRecord(body) && typeof body.id === 'string' && typeof body.title === 'string' && typeof body.content === 'string',
  seriesList: (body: unknown) => isRecord(body) && Array.isArray(body.sd),
  archive: (body: unknown) => isRecord(body) && Array.isArray(body.timeline),
} satisfies Record<string, Shape>;

/** A read whose 404 says one of `notFound` (the server's own when it is one of them). */
function read<T>(
  url: string,
  notFound: readonly [string, ...string[]],
  signal: AbortSignal | undefined,
  shape?: Shape,
  options: ReadOptions = {},
): Promise<Result<T>> {
  return getJson<T>(url, { ...options, signal, notFound, ...(shape === undefined ? {} : { shape }) });
}

const { noBlogsYet, noBlogFound, noBlogsToShow, notFound } = blogMessages;

export function fetchBlogs(signal?: AbortSignal): Promise<Result<readonly BlogListEntry[]>> {
  return read(blogApi.blogs, [noBlogsYet], signal, shapes.list);
}

export function fetchBlogPage(blog: string, page: number, signal?: AbortSignal): Promise<Result<BlogPage>> {
  return read(blogApi.blog(blog, page), [noBlogFound, noBlogsToShow], signal, shapes.page);
}

export function fetchRecent(signal?: AbortSignal): Promise<Result<readonly RecentPost[]>> {
  return read(blogApi.recent, [noBlogsToShow], signal, shapes.list);
}

export function fetchPost(blog: string, url: string, signal?: AbortSignal): Promise<Result<Post>> {
  return read(blogApi.post(blog, url), [notFound, noBlogFound], signal, shapes.post);
}

export function fetchSeriesList(blog: string, what: string, signal?: AbortSignal): Promise<Result<SeriesList>> {
  return read(blogApi.seriesList(blog, what), [notFound, noBlogFound], signal, shapes.seriesList);
}

export function fetchSeries(blog: string, series: string, page: number, sort: SeriesSort, signal?: AbortSignal): Promise<Result<SeriesPage>> {
  return read(blogApi.series(blog, series, page, sort), [notFound, noBlogFound, noBlogsToShow], signal, shapes.page);
}

export function fetchArchive(blog: string, signal?: AbortSignal): Promise<Result<Archive>> {
  return read(blogApi.archive(blog), [notFound, noBlogFound, noBlogsToShow], signal, shapes.archive);
}

export function fetchUserArchive(authorId: string, signal?: AbortSignal): Promise<Result<Archive>> {
  return read(blogApi.user(authorId), [notFound], signal, shapes.archive);
}

export function fetchToc(blog: string, page: number, signal?: AbortSignal): Promise<Result<TocPage>> {
  return read(blogApi.toc(blog, page), [noBlogFound, noBlogsToShow, notFound], signal, shapes.page);
}

/** The post's comments, oldest first; `position` (a write's X-Position) reads past that write. */
export function fetchComments(postId: string, signal?: AbortSignal, position: string | null = null): Promise<Result<readonly CommentWidget[]>> {
  return read(blogApi.comments(postId), [notFound], signal, shapes.list, { after: position });
}

export function fetchMentions(postId: string, q: string, signal?: AbortSignal): Promise<Result<readonly MentionUser[]>> {
  return read(blogApi.mentions(postId, q), [notFound], signal, shapes.list);
}

/** The blogs the signed-in user may write in; none when signed out or on any failure. */
export async function fetchMyBlogs(signal?: AbortSignal): Promise<readonly MyBlog[]> {
  const result = await read<unknown>(blogApi.myBlogs, [notFound], signal);
  return result.ok ? toMyBlogs(result.data) : [];
}

// ---------------------------------------------------------------- writing

/** A write: a success carries the server's message and the command's X-Position. */
const write = (url: string, body: Readonly<Record<string, unknown>>): Promise<Result<Done>> => postCommand(url, body);

const blogWrites = {
  deletePost: '/postdata/delete',
  comment: (postId: string) => `/postdata/comment/${seg(postId)}`,
  editComment: (postId: string) => `/postdata/comment/${seg(postId)}/edit`,
  deleteComment: (postId: string) => `/postdata/comment/${seg(postId)}/delete`,
  upvote: (postId: string) => `/postdata/comment/${seg(postId)}/upvote`,
  unsubscribe: '/api/unsubscribe',
} as const;

export function deletePost(url: string): Promise<Result<Done>> {
  return write(blogWrites.deletePost, { url });
}

export function postComment(postId: string, cm: string, parentof: string | null, pings: readonly string[]): Promise<Result<Done>> {
  return write(blogWrites.comment(postId), parentof === null ? { cm, pings } : { cm, parentof, pings });
}

export function editComment(postId: string, id: string, cm: string, pings: readonly string[]): Promise<Result<Done>> {
  return write(blogWrites.editComment(postId), { id, cm, pings });
}

export function deleteComment(postId: string, id: string): Promise<Result<Done>> {
  return write(blogWrites.deleteComment(postId), { id });
}

export function upvoteComment(postId: string, id: string, upvote: boolean): Promise<Result<Done>> {
  return write(blogWrites.upvote(postId), { id, upvote });
}

export function unsubscribe(token: string): Promise<Result<Done>> {
  return write(blogWrites.unsubscribe, { token });
}
