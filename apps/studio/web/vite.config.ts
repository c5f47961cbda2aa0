import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressed } from '@casino/static-files/precompress';
import { studioFonts } from './vite-fonts.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where the dev server sends `/studio/api`: the platform server with the studio mounted (:3000 by default). */
const apiTarget = process.env.STUDIO_API_TARGET || 'http://localhost:3000';

/**
 * The house studio's game client (decision 0012): built to apps/studio/dist and served by the studio
 * plugin under /studio/. Two pages, one entry script: index.html (play) and verify.html (verify).
 * No asset comes from another host (no CDN): the game runs where the studio runs, with its own fonts
 * cut to the characters it shows (vite-fonts.ts).
 */
export default defineConfig({
  root: here,
  base: '/studio/',
  plugins: [
    react(),
    studioFonts(),
    // The .br and .gz files the studio plugin sends (@casino/static-files), as the portal's build.
    precompressed(),
  ],
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/studio/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4174,
    proxy: { '/studio/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: path.join(here, '../dist'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 400,
    rollupOptions: {
      input: { index: path.join(here, 'index.html'), verify: path.join(here, 'verify.html') },
    },
  },
});
