import { LIBRARY_PATH, SITE_SEGMENTS } from '@epos/schemas/library/paths';
import { MENUS_URL } from './menus';

/** Addresses of the library's pages and of the calls behind them (the library contract, issue 19). */

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

/** `/about/` → `/about`: the page's own address. */
export function pagePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/** The page editor's screens. */
export const EDITOR_PATHS = { newPage: '/newpage', editPage: '/editpage' } as const;

export const libraryPaths = {
  newPage: EDITOR_PATHS.newPage,
  editPage: (id: string) => `${EDITOR_PATHS.editPage}?id=${encodeURIComponent(id)}`,
} as const;

export const libraryApi = {
  menus: MENUS_URL,
  page: (path: string) => `/api${pagePath(path)}`,
  parents: (id: string) => `/api/parents/${encodeURIComponent(id)}`,
  pageInfo: (id: string) => `/api/pageinfo/${encodeURIComponent(id)}`,
  parentInfo: '/api/parentinfo/',
  create: '/postdata/createPage',
  update: '/postdata/updatePage',
  delete: '/postdata/deletePage',
  permalink: '/postdata/generatePermalink',
} as const;

/**
 * The page path a (followed) API answer came from: `https://site/api/about/new?x` → `/about/new`;
 * null when the address is not a library page's (another origin, not under /api).
 */
export function pagePathOfApiUrl(responseUrl: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(responseUrl, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || !url.pathname.startsWith('/api/')) return null;
  const path = pagePath(url.pathname.slice('/api'.length));
  return isLibraryPath(path) ? path : null;
}
