import { Feed } from 'feed';
import type { Config } from '@epos/platform';
import { siteUrl } from '../accounts/mails.js';
import type { PostSummaryRow } from './views.js';

export const FEED_SIZE = 20;
export const FEED_TYPES = { rss: 'application/rss+xml; charset=utf-8', atom: 'application/atom+xml; charset=utf-8' } as const;

/** Absolute links: feed readers resolve nothing relative, so sentence links get the site's origin. */
function absolutise(html: string, origin: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${origin}/`);
}

/** RSS 2.0 or Atom 1.0 of posts (newest first), full content included. */
export function renderFeed(config: Config, feed: { title: string; description: string; path: string; feedPath: string }, posts: readonly (PostSummaryRow & { html: string })[], format: 'rss' | 'atom'): string {
  const origin = siteUrl(config);
  const document = new Feed({
    id: `${origin}${feed.path}`,
    title: feed.title,
    description: feed.description || feed.title,
    link: `${origin}${feed.path}`,
    language: 'en',
    generator: config.SITE_NAME,
    updated: posts[0]?.published_at ? new Date(posts[0].published_at) : new Date(0),
    feedLinks: { rss: `${origin}${feed.feedPath}`, atom: `${origin}${feed.feedPath}?format=atom` },
    copyright: `${config.SITE_NAME} and its authors`,
  });
  for (const post of posts) {
    const link = `${origin}/blogs/${post.blog_id}/${post.url}`;
    document.addItem({
      title: post.title,
      id: link,
      link,
      date: new Date(post.updated_at),
      published: new Date(post.published_at!),
      description: post.excerpt,
      content: absolutise(post.html, origin),
      author: [{ name: post.author, link: `${origin}/user/${post.author_id}` }],
      category: [{ name: post.series_title }],
    });
  }
  return format === 'atom' ? document.atom1() : document.rss2();
}
