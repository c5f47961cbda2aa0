import { defineConfig } from 'vitest/config';

// One runner for the whole repository. The api project is the integration suite: it uses PGlite by
// default and the PostgreSQL server named by DATABASE_URL when that is set. The DOM and engine
// projects get 30 s per test instead of vitest's 5 s: on a busy two-core machine a slot screen
// rendering a whole round in happy-dom took over 5 s, and a timed-out test left its fake timers to
// fail the tests after it (a time limit guards against a hang, never asserts speed).
const DOM_TEST_TIMEOUT_MS = 30_000;
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      {
        // The web apps' shared kit (HTTP core, dialogs, formatters).
        test: {
          name: 'web-kit',
          testTimeout: DOM_TEST_TIMEOUT_MS,
          root: 'packages/web-kit',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'studio-engine',
          root: 'packages/studio-engine',
          include: ['src/**/*.test.ts'],
          testTimeout: DOM_TEST_TIMEOUT_MS,
        },
      },
      {
        // The house studio's game client (its server is tested with the platform in apps/api/test).
        test: {
          name: 'studio-web',
          testTimeout: DOM_TEST_TIMEOUT_MS,
          root: 'apps/studio/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        test: {
          name: 'api',
          root: 'apps/api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'portal',
          testTimeout: DOM_TEST_TIMEOUT_MS,
          root: 'apps/portal',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        // The back-office console (apps/backoffice).
        test: {
          name: 'backoffice',
          testTimeout: DOM_TEST_TIMEOUT_MS,
          root: 'apps/backoffice',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        // The start and dev scripts, driven as real processes (servers on temporary databases).
        test: {
          name: 'scripts',
          root: 'scripts',
          include: ['*.test.mjs'],
          testTimeout: 150_000,
          pool: 'forks',
        },
      },
    ],
  },
});
