import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
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

// `vite build --ssr` (package.json's build) writes the server's renderer (src/entry-server.tsx) to
// dist-ssr, beside the browser's build and never served; its CSS is the browser build's.
export default defineConfig(({ isSsrBuild }) => ({
  base: '/',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
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
