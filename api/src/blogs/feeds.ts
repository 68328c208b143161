import type { Config } from '@epos/platform';
import { escapeHtml } from '@epos/platform/markdown/index';
import { siteUrl } from '@epos/platform';
import type { PostSummaryRow } from './views.js';
import { el, xmlDocument, type XmlElement } from '../http/xml-writer.js';

export const FEED_SIZE = 20;
export const FEED_TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;

export interface FeedHead {
  title: string;
  description: string;
  path: string;
  feedPath: string;
}
export type FeedPost = PostSummaryRow & { html: string };

const ATOM = 'http://www.w3.org/2005/Atom';

/** Absolute links: feed readers resolve nothing relative, so sentence links get the site's origin. */
function absolutise(html: string, origin: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

const postLink = (origin: string, post: FeedPost) => `${origin}/blogs/${post.blog_id}/${post.url}`;
const date = (value: string | Date | null | undefined) => new Date(value ?? 0);

/** RSS 2.0: titles are plain text; an item's description is HTML, so the plain-text excerpt is escaped as HTML in it. */
function rss(config: Config, origin: string, head: FeedHead, posts: readonly FeedPost[]): XmlElement {
  const item = (post: FeedPost) => {
    const link = postLink(origin, post);
    return el(
      'item',
      {},
      el('title', {}, post.title),
      el('link', {}, link),
      el('guid', { isPermaLink: 'false' }, link),
      el('pubDate', {}, date(post.published_at).toUTCString()),
      el('description', {}, escapeHtml(post.excerpt)),
      el('content:encoded', {}, absolutise(post.html, origin)),
      el('dc:creator', {}, post.author),
      post.series_title ? el('category', {}, post.series_title) : null,
    );
  };
  const namespaces = { 'xmlns:atom': ATOM, 'xmlns:content': 'http://purl.org/rss/1.0/modules/content/', 'xmlns:dc': 'http://purl.org/dc/elements/1.1/' };
  return el(
    'rss',
    { version: '2.0', ...namespaces },
    el(
      'channel',
      {},
      el('title', {}, head.title),
      el('link', {}, `${origin}${head.path}`),
      el('description', {}, head.description || head.title),
      el('lastBuildDate', {}, date(posts[0]?.published_at).toUTCString()),
      el('docs', {}, 'https://validator.w3.org/feed/docs/rss2.html'),
      el('generator', {}, config.SITE_NAME),
      el('language', {}, 'en'),
      el('copyright', {}, `${config.SITE_NAME} and its authors`),
      el('atom:link', { href: `${origin}${head.feedPath}`, rel: 'self', type: 'application/rss+xml' }),
      ...posts.map(item),
    ),
  );
}

/** Atom 1.0: titles and summaries `type="text"`; the content is the HTML the server sanitised. */
function atom(config: Config, origin: string, head: FeedHead, posts: readonly FeedPost[]): XmlElement {
  const text = (name: string, value: string) => el(name, { type: 'text' }, value);
  const entry = (post: FeedPost) => {
    const link = postLink(origin, post);
    return el(
      'entry',
      {},
      text('title', post.title),
      el('id', {}, link),
      el('link', { href: link }),
      el('updated', {}, date(post.updated_at).toISOString()),
      text('summary', post.excerpt),
      el('content', { type: 'html' }, absolutise(post.html, origin)),
      el('author', {}, el('name', {}, post.author), el('uri', {}, `${origin}/user/${post.author_id}`)),
      post.series_title ? el('category', { term: post.series_slug || post.series_title, label: post.series_title }) : null,
      el('published', {}, date(post.published_at).toISOString()),
    );
  };
  return el(
    'feed',
    { xmlns: ATOM },
    el('id', {}, `${origin}${head.path}`),
    text('title', head.title),
    el('updated', {}, date(posts[0]?.published_at).toISOString()),
    el('generator', {}, config.SITE_NAME),
    el('link', { rel: 'alternate', href: `${origin}${head.path}` }),
    el('link', { rel: 'self', href: `${origin}${head.feedPath}?format=atom` }),
    text('subtitle', head.description || head.title),
    text('rights', `${config.SITE_NAME} and its authors`),
    ...posts.map(entry),
  );
}

/** RSS 2.0 or Atom 1.0 of posts (newest first), full content included. */
export function renderFeed(config: Config, feed: FeedHead, posts: readonly FeedPost[], format: 'rss' | 'atom'): string {
  const origin = siteUrl(config);
  return xmlDocument(format === 'atom' ? atom(config, origin, feed, posts) : rss(config, origin, feed, posts));
}
