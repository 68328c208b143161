import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { precompress } from '../scripts/build/precompress';

// In development the API runs separately (`npm run start:api`, port 3000 by default);
// the dev server forwards /api to it so the app keeps using same-origin relative URLs.
const apiTarget = process.env.EPOS_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

// The account forms POST to root paths (/login, /register, …) that are also pages here:
// forward only their POSTs, and let GETs fall through to the app.
const accountPosts = '^/(register|login|logoff|upassword|rpassword|ractivation|resetp|confirmemail)(\\?|$)';
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  // Personal data (download, delete account): no reader page lives under /postdata.
  '/postdata': { target: apiTarget, changeOrigin: true },
  [accountPosts]: {
    target: apiTarget,
    changeOrigin: true,
    bypass: (req: { method?: string; url?: string }) => (req.method === 'POST' ? undefined : req.url),
  },
};

// The reader as an installable app that reads offline (issue 39, src/offline/service-worker.ts): its
// shell, scripts, styles and fonts are precached per release; the writers' editor and its spelling
// dictionary are left out (large, and of no use offline).
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/offline',
  filename: 'service-worker.ts',
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    name: 'Epos',
    short_name: 'Epos',
    description: 'Read the poem by book, canto and section, with translations, notes and commentary, online and offline.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#fbf8f1',
    theme_color: '#8a3b12',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  injectManifest: {
    globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
    globIgnores: ['**/markdown-editor-*', '**/spell.worker-*', '**/*.dic', 'service-worker.js'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
});

// `vite build --ssr` (package.json's build) writes the server's renderer (src/entry-server.tsx) to
// dist-ssr, beside the browser's build and never served; its CSS is the browser build's.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: isSsrBuild ? [react()] : [react(), pwa, precompress()],
  // The server's renderer carries its own React, built for production (the API runs without NODE_ENV set).
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    emptyOutDir: true,
    target: isSsrBuild ? 'node22' : 'es2022',
    // which files each module loaded on demand needs, for the pages the server renders with it (api/src/page-heads/module-links.ts)
    manifest: !isSsrBuild,
    // One small entry chunk; later route-level features can be split with React.lazy.
    assetsInlineLimit: 4096,
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
}));
