import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../scripts/build/precompress';

// In development the API runs separately (`npm run start:api`, port 3000 by default);
// the dev server forwards /api and /admin-api to it so the console keeps same-origin URLs.
const apiTarget = process.env.EPOS_API_URL ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
const proxy = {
  '/api': { target: apiTarget, changeOrigin: true },
  '/admin-api': { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  // Served by the API server under /admin/; asset URLs in index.html start with /admin/assets/.
  base: '/admin/',
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // react-admin + MUI make one large vendor chunk; that is expected for an operator console.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; harmless, and noisy on every build
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('/node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  server: { port: 5174, proxy },
  preview: { port: 4174, proxy },
});
