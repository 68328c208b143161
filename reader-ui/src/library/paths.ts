import { isLibraryPath } from '../ui/client-path';
import { MENUS_URL } from './menus';

/** Addresses of the library's pages and of the calls behind them (the library contract, issue 19). */

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
