/// <reference types="vite/client" />

/** Hash of the translation files, set by vite.config.ts; absent under Vitest. */
declare const __LOCALES_VERSION__: string;
