import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the API runs separately (`npm run start:api`, port 3000 by default);
// the dev server forwards /api to it so the app keeps using same-origin relative URLs.
const apiTarget = process.env.EPOS_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // One small entry chunk; later route-level features can be split with React.lazy.
    assetsInlineLimit: 4096,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
});
