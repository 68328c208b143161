import type { Site } from '@epos/schemas/api/site';
import type { Archive, BlogListEntry, BlogPage, Post, SeriesList, SeriesPage, TocPage } from '@epos/schemas/blogs/responses';
import { RESERVED_POST_URLS } from '@epos/schemas/blogs/slug';
import { POST_STATUS } from '@epos/schemas/blogs/post-status';
import { archiveHead, blogHead, blogsHead, postHead, seriesHead, seriesListHead, tocHead, userArchiveHead } from './blog-heads.js';
import type { PageHead } from './head-tags.js';
import { segment, type PageRoute, type PageSources } from './page-route.js';

/**
 * The blogs' pages, in the reader app's order (reader-ui/src/blogs/paths.ts): every blog, a blog's
 * series, a series, its archive and contents, a blog, a post, an author's posts. Each answers as an
 * anonymous reader sees it; drafts and scheduled posts have no page of their own here.
 */
export function blogRoutes({ origin, read, withSite }: PageSources): PageRoute[] {
  /** A page read from one answer of the blogs API, its head made from it; its body read from it and the site. */
  function fromAnswer<T>(
    pattern: RegExp,
    apiUrl: (...segments: string[]) => string,
    head: (answer: T) => ((site: Site) => PageHead) | null,
    alsoRead: readonly string[] = [],
  ): PageRoute {
    const url = (m: RegExpExecArray) => {
      const segments = m.slice(1).map(segment);
      return segments.every((s): s is string => s !== null) ? apiUrl(...segments) : null;
    };
    return {
      pattern,
      reads: 'blogs',
      key: url,
      head: async (m) => {
        const answer = await read<T>(url(m)!);
        const made = answer === null ? null : head(answer);
        return made && withSite(made);
      },
      answers: (m) => ['/api/site', url(m)!, ...alsoRead],
    };
  }

  return [
    fromAnswer<readonly BlogListEntry[]>(
      /^\/blogs\/?$/i,
      () => '/api/blogs',
      (blogs) => (site) => blogsHead(origin, site, blogs),
    ),
    fromAnswer<SeriesList>(
      /^\/blogs\/([^/?#]+)\/series\/?$/i,
      (blog) => `/api/blogs/${blog}/series`,
      (list) => (site) => seriesListHead(origin, site, list),
    ),
    fromAnswer<SeriesPage>(
      /^\/blogs\/([^/?#]+)\/series\/([^/?#]+)\/?$/i,
      (blog, series) => `/api/blogs/${blog}/series/${series}?page=1&sort=oldest`,
      (series) => (site) => seriesHead(origin, site, series),
    ),
    fromAnswer<Archive>(
      /^\/blogs\/([^/?#]+)\/archive\/?$/i,
      (blog) => `/api/blogs/${blog}/archive`,
      (archive) => (site) => archiveHead(origin, site, archive),
    ),
    fromAnswer<TocPage>(
      /^\/blogs\/([^/?#]+)\/toc\/?$/i,
      (blog) => `/api/blogs/${blog}/toc?page=1`,
      (toc) => (site) => tocHead(origin, site, toc),
    ),
    // a blog's page shows the recent posts of every blog beside its own
    fromAnswer<BlogPage>(
      /^\/blogs\/([^/?#]+)\/?$/i,
      (blog) => `/api/blogs/${blog}?page=1`,
      (page) => (site) => blogHead(origin, site, page),
      ['/api/blogs/recent'],
    ),
    (() => {
      const post = fromAnswer<Post>(
        /^\/blogs\/([^/?#]+)\/([^/?#]+)\/?$/i,
        (blog, url) => `/api/blogs/${blog}/${url}`,
        (answer) => (answer.status === POST_STATUS.published ? (site) => postHead(origin, site, answer) : null),
      );
      // a blog's own pages (new, feed, draft…) are no posts
      // its comments as an anonymous reader sees them, under it
      const answers = async (m: RegExpExecArray) => {
        const url = post.key(m)!;
        const answer = await read<Post>(url);
        return ['/api/site', url, ...(answer ? [`/api/comments/${encodeURIComponent(answer.id)}`] : [])];
      };
      const reserved = (m: RegExpExecArray) => RESERVED_POST_URLS.has(decodeURIComponent(segment(m[2]!) ?? '').toLowerCase());
      return { ...post, key: (m: RegExpExecArray) => (reserved(m) ? null : post.key(m)), answers };
    })(),
    fromAnswer<Archive>(
      /^\/user\/([^/?#]+)\/?$/i,
      (author) => `/api/user/${author}`,
      (archive) => (site) => userArchiveHead(origin, site, archive),
    ),
  ];
}
