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
    // A busy two-core machine can take several seconds to load a page's lazy chunk: waits on a
    // visible result get 20 s instead of vitest's default 1 s (tests still fail on a wrong value).
    expect: { poll: { timeout: 20_000 } },
  },
});
