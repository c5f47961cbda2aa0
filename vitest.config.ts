import { defineConfig } from 'vitest/config';

// One runner for the whole repository. The api project is the integration suite: it uses PGlite by
// default and the PostgreSQL server named by DATABASE_URL when that is set.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'studio-engine', root: 'packages/studio-engine', include: ['src/**/*.test.ts'] } },
      {
        // The house studio's game client (its server is tested with the platform in apps/api/test).
        test: {
          name: 'studio-web',
          root: 'apps/studio/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
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
