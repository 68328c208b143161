import { LIBRARY_PATH, SITE_SEGMENTS } from '@epos/schemas/library/paths';
import type { Site } from '@epos/schemas/api/site';
import { serverAnswer } from './server-answers';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A library page's address in the reader: a path of lower-case slug segments (schemas' LIBRARY_PATH)
 * whose first segment the site does not own and does not begin with a digit (the poem's), with an
 * optional trailing slash. Anything else is left to the other routes, or the not-found page.
 */
const LIBRARY_PAGE_PATH = new RegExp(
  `^(?!/\\d)(?!/(?:${[...SITE_SEGMENTS].map(escapeRegExp).join('|')})(?:/|$))(?:${LIBRARY_PATH.source.replace(/^\^|\$$/g, '')})/?$`,
);

/** Whether `path` (no query) is a library page's address in the reader. */
export function isLibraryPath(path: string): boolean {
  return LIBRARY_PAGE_PATH.test(path);
}

/** Reader pages a link in post, page or book HTML may open without a page load (besides library pages). */
const CLIENT_PAGES = /^\/(?:\d+|\d+\/\d+\/\d+(?:\/(?:centenary|revised))?|blogs(?:\/[^?#]*)?|books(?:\/[^?#]*)?|user\/[^?#]+)\/?(?:[?#].*)?$/;

/**
 * Where a link inside server-rendered HTML goes when the reader app can show it itself
 * (a `||n||` sentence link `/n`, a section, a blog page or an author): the path, query
 * and hash to navigate to; null for anything else (other sites, feeds, the API, #anchors).
 */
export function clientPath(href: string | null | undefined, origin: string): string | null {
  if (typeof href !== 'string' || href === '' || href.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return CLIENT_PAGES.test(path) || isLibraryPath(url.pathname) ? path : null;
}

/** The page's origin; on the server, the site's address as its answers give it. */
export function pageOrigin(): string {
  if (typeof window !== 'undefined') return window.location.origin;
  return new URL(serverAnswer<Site>('/api/site')?.siteUrl ?? 'http://localhost').origin;
}
