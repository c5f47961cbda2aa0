// The browser apps `npm start` builds before it runs the server, and whether a build is current:
// an app is built when its build is missing or older than one of its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser apps the server serves: the portal, the house studio's game client (decision 0012)
 * and the back-office console (issue 13). Each is built when its build is missing or older than its
 * sources (files or folders, relative to the repository's root); PORTAL_DIST / STUDIO_DIST /
 * BACKOFFICE_DIST name a build made elsewhere, which is then left alone.
 */
export function browserClients(root, env) {
  return [
    {
      name: 'the portal',
      dir: path.join(root, 'apps/portal'),
      index: path.join(root, 'apps/portal/dist/index.html'),
      sources: [
        'apps/portal/src',
        'apps/portal/public',
        'apps/portal/index.html',
        'apps/portal/vite.config.ts',
        'apps/portal/vite-prerender.ts',
        'packages/contracts/src',
      ],
      viteArgs: ['build'],
      builtElsewhere: Boolean(env.PORTAL_DIST),
    },
    {
      name: 'the game studio',
      dir: path.join(root, 'apps/studio'),
      index: path.join(root, 'apps/studio/dist/index.html'),
      // The whole client folder: its pages, sources and public files, and the build's own helpers
      // (vite.config.ts, vite-fonts.ts).
      sources: ['apps/studio/web', 'packages/studio-engine/src'],
      viteArgs: ['build', '--config', 'web/vite.config.ts'],
      builtElsewhere: Boolean(env.STUDIO_DIST) || env.STUDIO_ENABLED === 'false',
    },
    {
      name: 'the back office',
      dir: path.join(root, 'apps/backoffice'),
      index: path.join(root, 'apps/backoffice/dist/index.html'),
      sources: [
        'apps/backoffice/src',
        'apps/backoffice/index.html',
        'apps/backoffice/vite.config.ts',
        'packages/contracts/src',
      ],
      viteArgs: ['build'],
      builtElsewhere: Boolean(env.BACKOFFICE_DIST),
    },
  ];
}

/**
 * The newest modification time (ms) of a source: a file's own, or that of the newest file under a
 * folder (`node_modules` and `dist` skipped). 0 when the source does not exist.
 */
export function newestMtime(source) {
  if (!existsSync(source)) return 0;
  const stats = statSync(source);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(source, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(source, entry.name)));
  }
  return newest;
}

/** True when the build's `index` exists and is not older than any of its `sources` (under `root`). */
export function buildIsCurrent({ index, sources }, root) {
  if (!existsSync(index)) return false;
  const newestSource = Math.max(0, ...sources.map((source) => newestMtime(path.join(root, source))));
  return statSync(index).mtimeMs >= newestSource;
}
