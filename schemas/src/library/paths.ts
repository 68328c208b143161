import { readerFirstSegments } from '../reader-routes.js';

/**
 * Where library pages may live: any path of lower-case slug segments that the site does not own.
 * The site owns its own first segments (the reader, blogs, books, search, accounts, the console,
 * the API) and every path that begins with a number (sentences and sections of the poem).
 */
export const LIBRARY_PATH = /^\/[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*){0,4}$/;
export const MAX_LIBRARY_PATH_LENGTH = 200;

/**
 * First path segments the site answers itself: the reader app's (its route table, so the two never
 * drift) and the server's own.
 */
export const SITE_SEGMENTS: ReadonlySet<string> = new Set([
  ...readerFirstSegments,
  // the API, the console and built files
  'api',
  'admin',
  'admin-api',
  'postdata',
  'assets',
  'fonts',
  'media',
  'dev',
  'health',
  // names the site's screens have had or are kept for
  'library',
  'stats',
  'statistics',
  'activity',
  'dictionary',
  // blog feeds
  'feed',
  // a sentence embedded on other sites, and its oEmbed
  'embed',
  'oembed',
  // crawlers' files
  'robots.txt',
  'sitemap.xml',
  'sitemap',
  // the spec's form posts for accounts
  'logoff',
  'logout',
  'upassword',
  'rpassword',
  'resetp',
  'ractivation',
  'confirmemail',
]);

/** Why `path` cannot be a library page's address, or null when it can (taken paths are the store's to say). */
export function libraryPathProblem(path: string): string | null {
  if (path.length > MAX_LIBRARY_PATH_LENGTH) return `url: at most ${MAX_LIBRARY_PATH_LENGTH} characters`;
  if (!LIBRARY_PATH.test(path)) return 'url: a path such as /about or /about/the-poet: lower-case letters, digits and single hyphens, at most five parts';
  const first = path.split('/')[1]!;
  if (/^\d/.test(first)) return `url: ${path} begins with a number, which the poem's sentences and sections use`;
  if (SITE_SEGMENTS.has(first)) return `url: /${first} belongs to the site; choose another path`;
  return null;
}
