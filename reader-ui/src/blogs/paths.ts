/** Addresses of the blog pages, the routes that read them, and the API calls behind them. */

/** A value as one path segment. */
export const seg = (value: string) => encodeURIComponent(value);

export type SeriesSort = 'oldest' | 'newest';

/** Reader pages (spec section 2, Blogs). */
export const blogPaths = {
  blogs: '/blogs',
  blog: (blog: string) => `/blogs/${seg(blog)}`,
  post: (blog: string, url: string) => `/blogs/${seg(blog)}/${seg(url)}`,
  editPost: (blog: string, url: string) => `/blogs/${seg(blog)}/${seg(url)}/editpost`,
  newPost: (blog: string) => `/blogs/${seg(blog)}/new`,
  scheduled: (blog: string) => `/blogs/${seg(blog)}/scheduled`,
  drafts: (blog: string) => `/blogs/${seg(blog)}/draft`,
  seriesList: (blog: string) => `/blogs/${seg(blog)}/series`,
  series: (blog: string, series: string, sort?: SeriesSort) => `/blogs/${seg(blog)}/series/${seg(series)}${sort === undefined ? '' : `?sort=${sort}`}`,
  archive: (blog: string) => `/blogs/${seg(blog)}/archive`,
  toc: (blog: string) => `/blogs/${seg(blog)}/toc`,
  user: (authorId: string) => `/user/${seg(authorId)}`,
} as const;

/** Feeds are served by the API (XML), reached with a full page load. */
export const feedPaths = {
  rss: (blog: string) => `/api/blogs/${seg(blog)}/feed`,
  atom: (blog: string) => `/api/blogs/${seg(blog)}/feed?format=atom`,
  seriesRss: (blog: string, series: string) => `/api/blogs/${seg(blog)}/series/${seg(series)}/feed`,
  seriesAtom: (blog: string, series: string) => `/api/blogs/${seg(blog)}/series/${seg(series)}/feed?format=atom`,
} as const;

/**
 * Second segments of /blogs/{blog}/… that are pages of the blog, never post urls: the
 * routes for them come before /blogs/:blog/:postUrl.
 */
export const RESERVED_SEGMENTS: readonly string[] = ['new', 'scheduled', 'draft', 'series', 'archive', 'toc', 'feed'];

/** Whether a post url would clash with a page of the blog. */
export function isReservedSegment(segment: string): boolean {
  return RESERVED_SEGMENTS.includes(segment.toLowerCase());
}

/**
 * The post editor's pages (./editor/editor-routes): new post, edit post, the
 * scheduled and draft lists of a blog, and the plain /schedule and /draft.
 */
const EDITOR_ROUTE = /^\/(?:schedule|draft|blogs\/[^/?#]+\/(?:new|scheduled|draft)|blogs\/[^/?#]+\/[^/?#]+\/editpost)\/?$/i;

export function isEditorPath(path: string): boolean {
  return EDITOR_ROUTE.test(path);
}

export type BlogRouteName = 'editor' | 'blogs' | 'seriesList' | 'series' | 'archive' | 'toc' | 'feed' | 'blog' | 'post' | 'user' | 'unsubscribe';

/**
 * The routes of blog-routes.tsx, in the order its <Switch> tries them: the editor's
 * pages and the reserved pages of a blog come before /blogs/{blog}/{postUrl}. Named
 * groups are the route's params (wouter passes them to useParams).
 */
export const blogRoutes: readonly { readonly name: BlogRouteName; readonly pattern: RegExp }[] = [
  { name: 'editor', pattern: EDITOR_ROUTE },
  { name: 'blogs', pattern: /^\/blogs\/?$/i },
  { name: 'seriesList', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/series\/?$/i },
  { name: 'series', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/series\/(?<series>[^/?#]+)\/?$/i },
  { name: 'archive', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/archive\/?$/i },
  { name: 'toc', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/toc\/?$/i },
  { name: 'feed', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/feed\/?$/i },
  { name: 'blog', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/?$/i },
  { name: 'post', pattern: /^\/blogs\/(?<blog>[^/?#]+)\/(?<postUrl>[^/?#]+)\/?$/i },
  { name: 'user', pattern: /^\/user\/(?<authorId>[^/?#]+)\/?$/i },
  { name: 'unsubscribe', pattern: /^\/unsubscribe\/?$/i },
];

/** The first route matching a path (no query), with its params; null for none (a 404 page). */
export function matchBlogRoute(path: string): { name: BlogRouteName; params: Record<string, string> } | null {
  for (const route of blogRoutes) {
    const match = route.pattern.exec(path);
    if (match) return { name: route.name, params: { ...match.groups } };
  }
  return null;
}
