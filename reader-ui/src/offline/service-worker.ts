/**
 * The reader's service worker (issue 39), built by vite-plugin-pwa's injectManifest from this file.
 * - The app's shell, scripts, styles and fonts are precached per release (a versioned manifest): a
 *   new release waits until the reader accepts the update prompt (offline/update-prompt.tsx), and old
 *   precaches are removed, so a stale shell is never served after a release.
 * - Pages and the API's public reads go to the network first; what was read is kept, so pages and
 *   sections visited work offline. Personal answers (Cache-Control private or no-store) are never kept.
 * - Offline, a read not kept is looked for in every cache, the downloaded packs (offline/packs.ts)
 *   included; a page not kept gets the app's shell, which reads its parts from those caches.
 */
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { OFFLINE_SHELL_URL, PAGES_CACHE, READS_CACHE, SKIP_WAITING_MESSAGE } from '../ui/offline-caches';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// Not for `/`: the home page is the server's, the precached shell only stands in for pages offline.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
cleanupOutdatedCaches();
// The page that installed the first worker is served by it at once: a reader may download and go offline without reloading.
clientsClaim();

/** Kept only when the answer is the same for every reader. */
const publicOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.ok && !/private|no-store/.test(response.headers.get('cache-control') ?? '') ? response : null),
};

/** With no network: the answer from any cache (what was visited, or a downloaded pack). */
const fromAnyCache: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await caches.match(request, { ignoreVary: true })) ?? undefined,
};

/** A page with no network and none kept: the app's shell, which renders the address from the cached reads. */
const shellOffline: WorkboxPlugin = {
  handlerDidError: async ({ request }) => (await caches.match(request, { ignoreVary: true })) ?? (await matchPrecache(OFFLINE_SHELL_URL)) ?? undefined,
};

// Reads of the account (its notes, notifications, token) are never kept, whatever their headers; nor
// speech and PDFs, large and made again on demand; nor packs, which the page unpacks into their own cache.
const NOT_KEPT = /^\/api\/(?:csrf|me|my|notifications|profile|unsubscribe|media|tts|pdf|packs)(?:\/|$)/;

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/api/') && !NOT_KEPT.test(url.pathname),
  // No time limit: a read may wait for the reader's own write (X-Consistent-After), and a kept copy
  // from before it would be wrong; a kept copy answers only when the network fails.
  new NetworkFirst({
    cacheName: READS_CACHE,
    plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 2000, maxAgeSeconds: 60 * 60 * 24 * 60 }), fromAnyCache],
  }),
);

registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES_CACHE,
      networkTimeoutSeconds: 8,
      plugins: [publicOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 60 * 24 * 60 }), shellOffline],
    }),
    // The console, the API's documentation and the account forms' posts are not the reader's pages.
    { denylist: [/^\/admin(?:\/|$)/, /^\/api\//, /^\/postdata\//, /^\/media\//, /^\/embed\//] },
  ),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});
