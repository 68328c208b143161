/** The names the service worker (./service-worker.ts) and the page share. */

/** Public API reads, kept as they are read. */
export const READS_CACHE = 'epos-reads';
/** Pages, kept as they are visited. */
export const PAGES_CACHE = 'epos-pages';
/** Downloaded packs' answers, under the URLs the reader reads them at; removed only by the reader. */
export const PACKS_CACHE = 'epos-packs';
/** The app's shell in the precache: the page for an address with no network and no copy kept. */
export const OFFLINE_SHELL_URL = '/index.html';
/** The page's word to a waiting worker that the reader accepted the update. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';
