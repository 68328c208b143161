import { escapeHtml } from '@epos/platform/markdown/index';
import type { Site } from '@epos/schemas/api/site';
import type { Archive, BlogListEntry, BlogPage, Post, SeriesList, SeriesPage, TocPage } from '@epos/schemas/blogs/responses';
import { describe, headTags, type Crumb, type PageHead } from './head-tags.js';
import { collectionHead, homeCrumb } from './site-heads.js';

const seg = encodeURIComponent;

/**
 * Feed autodiscovery, as feed readers and Ghost's pages do it: the blog's RSS and Atom feeds, marked
 * `data-feed` so the reader app, which announces feeds itself as the reader moves, takes them out.
 */
function feedLinks(origin: string, blog: string, title: string): string[] {
  const feed = `${origin}/api/blogs/${seg(blog)}/feed`;
  return [
    `<link rel="alternate" type="application/rss+xml" href="${escapeHtml(feed)}" title="${escapeHtml(`${title} (RSS)`)}" data-feed="" />`,
    `<link rel="alternate" type="application/atom+xml" href="${escapeHtml(`${feed}?format=atom`)}" title="${escapeHtml(`${title} (Atom)`)}" data-feed="" />`,
  ];
}

const blogCrumbs = (origin: string, site: Site, slug: string, title: string): Crumb[] => [
  homeCrumb(origin, site),
  { name: 'Blogs', item: `${origin}/blogs` },
  { name: title, item: `${origin}/blogs/${seg(slug)}` },
];

/** A blog's first page: its title and description, its feeds, JSON-LD `Blog`. */
export function blogHead(origin: string, site: Site, blog: BlogPage): PageHead {
  const url = `${origin}/blogs/${seg(blog.slug)}`;
  const description = describe(blog.description || `${blog.title}, a blog on ${site.siteName}`);
  return headTags({
    site,
    title: `${blog.title} — ${site.siteName}`,
    description,
    url,
    type: 'website',
    links: feedLinks(origin, blog.slug, blog.title),
    jsonLd: { '@type': 'Blog', name: blog.title, description, publisher: { '@type': 'Organization', name: site.siteName } },
    breadcrumb: blogCrumbs(origin, site, blog.slug, blog.title),
  });
}

/** A published post: its title, its excerpt, its author and dates (article:* and JSON-LD `BlogPosting`), its blog's feeds. */
export function postHead(origin: string, site: Site, post: Post): PageHead {
  const url = `${origin}/blogs/${seg(post.blog)}/${seg(post.url)}`;
  const description = describe(post.excerpt_content || post.subtitle || post.title);
  const published = post.published_at ?? undefined;
  return headTags({
    site,
    title: `${post.title} — ${post.blogTitle}`,
    description,
    url,
    type: 'article',
    meta: [
      ...(published ? [['property', 'article:published_time', published] as const] : []),
      ['property', 'article:modified_time', post.updated_at],
      ['property', 'article:author', post.author],
      ...(post.series_title ? [['property', 'article:section', post.series_title] as const] : []),
    ],
    links: feedLinks(origin, post.blog, post.blogTitle),
    jsonLd: {
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      ...(published ? { datePublished: published } : {}),
      dateModified: post.updated_at,
      author: { '@type': 'Person', name: post.author, url: `${origin}/user/${seg(post.authorId)}` },
      publisher: { '@type': 'Organization', name: site.siteName },
      isPartOf: { '@type': 'Blog', name: post.blogTitle, url: `${origin}/blogs/${seg(post.blog)}` },
      mainEntityOfPage: url,
    },
    breadcrumb: [...blogCrumbs(origin, site, post.blog, post.blogTitle), { name: post.title, item: url }],
  });
}

const blogsCrumb = (origin: string): Crumb => ({ name: 'Blogs', item: `${origin}/blogs` });
const blogCrumb = (origin: string, slug: string, title: string): Crumb => ({ name: title, item: `${origin}/blogs/${seg(slug)}` });

/** Every blog. */
export function blogsHead(origin: string, site: Site, blogs: readonly BlogListEntry[]): PageHead {
  return collectionHead(origin, site, {
    title: 'Blogs',
    description: `The blogs of ${site.siteName}: ${blogs.map((b) => b.title).join(', ')}.`,
    path: '/blogs',
    breadcrumb: [],
  });
}

/** A blog's series. */
export function seriesListHead(origin: string, site: Site, list: SeriesList): PageHead {
  return collectionHead(origin, site, {
    title: `Series · ${list.slugUrl}`,
    description: `The series of ${list.slugUrl}: ${list.sd.map((s) => s.slugUrl).join(', ')}.`,
    path: `/blogs/${seg(list.slug)}/series`,
    breadcrumb: [blogsCrumb(origin), blogCrumb(origin, list.slug, list.slugUrl)],
  });
}

/** One series of a blog, its posts in order. */
export function seriesHead(origin: string, site: Site, series: SeriesPage): PageHead {
  return collectionHead(origin, site, {
    title: `${series.title} · ${series.blog.title}`,
    description: `A series of ${series.blog.title}: ${series.bcontent.map((p) => p.title).join(', ')}.`,
    path: `/blogs/${seg(series.blog.slug)}/series/${seg(series.slug)}`,
    breadcrumb: [blogsCrumb(origin), blogCrumb(origin, series.blog.slug, series.blog.title)],
  });
}

/** A blog's archive by year, month and day. */
export function archiveHead(origin: string, site: Site, archive: Archive): PageHead {
  return collectionHead(origin, site, {
    title: `Archives · ${archive.title}`,
    description: `Every post of ${archive.title} by date: ${archive.countPost} posts.`,
    path: `/blogs/${seg(archive.slug)}/archive`,
    breadcrumb: [blogsCrumb(origin), blogCrumb(origin, archive.slug, archive.title)],
  });
}

/** A blog's contents: its posts in order. */
export function tocHead(origin: string, site: Site, toc: TocPage): PageHead {
  return collectionHead(origin, site, {
    title: `Contents · ${toc.title}`,
    description: `Every post of ${toc.title} in order.`,
    path: `/blogs/${seg(toc.slug)}/toc`,
    breadcrumb: [blogsCrumb(origin), blogCrumb(origin, toc.slug, toc.title)],
  });
}

/** An author's published posts. */
export function userArchiveHead(origin: string, site: Site, archive: Archive): PageHead {
  return collectionHead(origin, site, {
    title: `Posts by ${archive.title}`,
    description: `Every post ${archive.title} has published on ${site.siteName}: ${archive.countPost} posts.`,
    path: `/user/${seg(archive.slug)}`,
    breadcrumb: [blogsCrumb(origin)],
  });
}
