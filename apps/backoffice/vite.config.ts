import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressed } from '@casino/static-files/precompress';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where `vite` (dev, :5174) sends `/api`: the API server, :3000 unless told otherwise. */
const apiTarget = process.env.BACKOFFICE_API_TARGET || 'http://localhost:3000';

// The back-office console, served by the API server under /backoffice/ (plugins/backoffice-site.ts).
export default defineConfig({
  root: here,
  base: '/backoffice/',
  plugins: [
    react(),
    // Every text file of the build also as .br and .gz, compressed once here at the highest levels,
    // as the portal's and the studio's: the server sends these as they are (decision 0015).
    precompressed(),
  ],
  server: {
    port: 5174,
    strictPort: true,
    // The API checks Origin against the request's own host, so the proxy keeps the Host header.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // One chunk for a desktop console (React, the router, i18next and the contracts' zod schemas).
    chunkSizeWarningLimit: 700,
  },
});
