import { defineConfig } from 'vitest/config';

// The end-to-end suite: the built portal served by the real server on a fresh embedded database,
// driven in Debian's Chromium by playwright-core. Run `npm run build` first.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
