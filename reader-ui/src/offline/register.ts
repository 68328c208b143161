import { SKIP_WAITING_MESSAGE } from '../ui/offline-caches';
import { setAppUpdate } from './app-update';

/** The worker vite-plugin-pwa builds from ./service-worker.ts. */
const WORKER_URL = '/service-worker.js';

/**
 * Registers the service worker once the page has loaded, so its first downloads never delay the
 * page. A new release's worker waits until the reader accepts it (./update-prompt.tsx), then takes
 * over and the page reloads, so an open page never runs a mix of two releases. Written here rather
 * than with workbox-window: these few lines keep the reader's first JavaScript within its budget.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const offer = (worker: ServiceWorker) => setAppUpdate({ waiting: true, apply: async () => worker.postMessage({ type: SKIP_WAITING_MESSAGE }) });
  // A new release took over (accepted here or in another tab): this page runs the old one's code, so it
  // reloads. The first worker also takes the page (clientsClaim): a page that had no worker does not reload.
  const hadWorker = navigator.serviceWorker.controller !== null;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!hadWorker || reloading) return;
    reloading = true;
    window.location.reload();
  });
  const register = async () => {
    const registration = await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const installing = registration.installing;
      installing?.addEventListener('statechange', () => {
        if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
      });
    });
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
