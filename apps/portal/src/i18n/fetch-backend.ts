import type { BackendModule, ReadCallback } from 'i18next';

const version = typeof __LOCALES_VERSION__ === 'string' ? __LOCALES_VERSION__ : 'dev';

/** The URL of one translation file (served from `public/locales`). */
export function localeFileUrl(lng: string, ns: string): string {
  return `/locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json?v=${version}`;
}

/**
 * A tiny i18next backend: fetches `/locales/<lng>/<ns>.json` on demand. A failed fetch is retried
 * by i18next itself (the callback's `true` tells it the failure may be temporary).
 */
export const fetchBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng: string, ns: string, callback: ReadCallback) {
    fetch(localeFileUrl(lng, ns), { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) {
          callback(new Error(`translations ${lng}/${ns}: HTTP ${response.status}`), response.status >= 500);
          return;
        }
        callback(null, (await response.json()) as Record<string, unknown>);
      })
      .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
  },
};
