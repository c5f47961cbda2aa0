/// <reference types="vite/client" />

/** Hash of the translation files, set by vite.config.ts; absent under Vitest. */
declare const __LOCALES_VERSION__: string;

/** The year of the build (its prerendered footers say it), set by vite.config.ts; absent under Vitest. */
declare const __BUILD_YEAR__: number;
