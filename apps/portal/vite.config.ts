import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompressed } from '@casino/static-files/precompress';
import { prerenderPages } from './vite-prerender.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Where `vite` (dev, :5173) and `vite preview` send `/api`: the API server, :3000 unless told otherwise. */
const apiTarget = process.env.PORTAL_API_TARGET || 'http://localhost:3000';

/**
 * A short hash of every translation file: the portal asks for `/locales/<lng>/<ns>.json?v=<hash>`,
 * so a new build never reads translations that a browser cached from an older one.
 */
function localesVersion(): string {
  const root = path.join(here, 'public/locales');
  const hash = createHash('sha256');
  for (const lng of readdirSync(root).sort()) {
    for (const file of readdirSync(path.join(root, lng)).sort()) {
      hash.update(`${lng}/${file}\n`);
      hash.update(readFileSync(path.join(root, lng, file)));
    }
  }
  return hash.digest('hex').slice(0, 10);
}

/**
 * Preloads the two Pretendard subsets that almost every page needs (Latin and the most frequent
 * Hangul syllables); the other subsets load only when a page uses their characters.
 */
function preloadFonts(subsets: readonly string[]): Plugin {
  return {
    name: 'portal-preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const files = Object.values(ctx.bundle)
          .filter((item) => item.type === 'asset')
          .filter((asset) =>
            subsets.some((subset) => asset.fileName.includes(`PretendardVariable.subset.${subset}-`)),
          );
        return files.map((asset) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            crossorigin: '',
            href: `/${asset.fileName}`,
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [
    react(),
    preloadFonts(['90', '91']),
    // Each locale's home page and page frame rendered into HTML (decision 0013).
    prerenderPages(),
    // Every text file of the build also as .br and .gz, compressed once here at the highest levels:
    // the server sends these as they are and never compresses a file per request (issue 9).
    precompressed(),
  ],
  define: {
    __LOCALES_VERSION__: JSON.stringify(localesVersion()),
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  server: {
    port: 5173,
    strictPort: true,
    // The API checks Origin against the request's own host, so the proxy keeps the Host header.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // dist/.vite/manifest.json: which chunks each page loads (bench/web.ts weighs them).
    manifest: true,
    chunkSizeWarningLimit: 400,
  },
});
