import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const root = import.meta.dirname;

/** The sub-folders of a folder, read at lint time so that a new feature or module is covered at once. */
function folders(dir) {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

const portalFeatures = folders('apps/portal/src/features');
const apiModules = folders('apps/api/src/modules');

/**
 * The layer boundaries of docs/ARCHITECTURE.md. Each zone forbids files under `target` to import
 * files under `from`; paths are relative to the repository root.
 */
function boundaryZones() {
  return [
    // Portal: a feature uses shared code and never another feature, so features stay removable.
    ...portalFeatures.map((feature) => ({
      target: `apps/portal/src/features/${feature}`,
      from: 'apps/portal/src/features',
      except: [`./${feature}`],
      message: 'A portal feature imports shared code (components, lib, i18n), never another feature.',
    })),
    // Portal: shared code sits below the features and the app shell.
    {
      target: ['apps/portal/src/components', 'apps/portal/src/lib', 'apps/portal/src/i18n'],
      from: ['apps/portal/src/features', 'apps/portal/src/app'],
      message: 'Shared portal code (components, lib, i18n) must not depend on features or the app shell.',
    },
    // API: the infrastructure layers sit below the modules.
    {
      target: ['apps/api/src/lib', 'apps/api/src/db'],
      from: 'apps/api/src/modules',
      message: 'apps/api lib and db sit below the modules and must not import them.',
    },
    // API: SQL belongs to the module that owns the table; other modules go through its service.
    ...apiModules.map((module) => ({
      target: `apps/api/src/modules/${module}`,
      from: path.join(root, 'apps/api/src/modules/*/*.repository.ts'),
      except: [path.join(root, `apps/api/src/modules/${module}/*.repository.ts`)],
      message: "A module calls another module's service, never its repository.",
    })),
    // API: the composition root is the top of the graph. Only main.ts builds the app, and only tests
    // and benches import app.ts (to build the app); nothing imports main.ts.
    {
      // Every file of apps/api/src but these two and the tests, so new folders are covered as well.
      target: 'apps/api/src/**/!(main|app|*.test).ts',
      from: ['apps/api/src/app.ts', 'apps/api/src/main.ts'],
      message:
        'Nothing inside apps/api/src imports the composition root (app.ts) or the entry point (main.ts).',
    },
    {
      target: 'apps/api/src/app.ts',
      from: 'apps/api/src/main.ts',
      message: 'Nothing imports the entry point main.ts.',
    },
    // Contracts are shared by the server and the portal and depend on neither.
    // The back-office console talks to the server only over HTTP, with the contracts' types.
    {
      target: 'apps/backoffice',
      from: ['apps/api', 'apps/portal', 'apps/studio', 'packages/studio-engine'],
      message:
        'The back-office console imports only packages/contracts and packages/web-kit (and talks to the API over HTTP).',
    },
    {
      target: 'packages/contracts',
      from: 'apps',
      message: 'packages/contracts imports nothing from the apps.',
    },
    // The web kit is below the three web apps, and the studio's client uses it: it imports nothing of
    // the apps, the contracts or the studio engine (it reads the contract's error shape structurally).
    {
      target: 'packages/web-kit',
      from: ['apps', 'packages/contracts', 'packages/studio-engine'],
      message:
        'packages/web-kit serves the three web apps and imports nothing of the platform or the studio.',
    },
    // The house studio is a game provider like any outside one (decision 0012): it imports nothing
    // of the platform, and the platform's layers import nothing of it; only the platform's entry
    // point mounts it and registers it in the catalog.
    {
      target: ['apps/studio', 'packages/studio-engine'],
      from: ['apps/api', 'apps/portal', 'packages/contracts'],
      message: 'The house studio talks to the platform only over HTTP (decision 0012).',
    },
    {
      target: 'packages/studio-engine',
      from: 'apps',
      message: 'The studio engine is pure and imports nothing from the apps.',
    },
    // The platform and the house studio serve their builds the same way (decision 0015): the
    // static files package is below both and knows neither.
    {
      target: 'packages/static-files',
      from: ['apps', 'packages/contracts', 'packages/studio-engine'],
      message: 'packages/static-files serves any build and imports nothing of the platform or the studio.',
    },
    {
      target: [
        'apps/api/src/modules',
        'apps/api/src/lib',
        'apps/api/src/db',
        'apps/api/src/plugins',
        'apps/portal',
      ],
      from: ['apps/studio', 'packages/studio-engine'],
      message: 'Only the entry point (apps/api/src/main.ts) mounts the house studio (decision 0012).',
    },
  ];
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '.tmp/**', 'data/**', 'coverage/**', '.e2e-data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: [
      'apps/portal/**/*.{ts,tsx}',
      'apps/studio/web/**/*.{ts,tsx}',
      'apps/backoffice/**/*.{ts,tsx}',
      'packages/web-kit/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Import rules: no cycles anywhere, and the layer boundaries above. no-cycle skips type-only
    // imports: apps/api/src/architecture.test.ts checks the server's graph with them (no circle, no
    // back-edge between its layers and modules) and the one writer of each table.
    // The TypeScript resolver reads the project's tsconfig files, so `.ts` specifiers and the workspace packages resolve;
    // an import that does not resolve is never checked, which is why a resolver is required here.
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x parses only .js files when it follows imports, and no-cycle
      // silently sees no edges between .ts files (the plugin's own `typescript` preset sets them).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/*/tsconfig.json',
            'apps/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones() }],
    },
  },
);
