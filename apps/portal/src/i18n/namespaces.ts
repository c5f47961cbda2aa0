/**
 * Translation namespaces: one JSON file per locale and namespace under
 * `public/locales/<lng>/<ns>.json`. `common` (frame, menu, dialogs, statuses, field errors, message
 * keys) loads with the app; the others load with the page that uses them.
 */
export const NAMESPACES = [
  'common',
  'auth',
  'home',
  'cashier',
  'community',
  'account',
  'game',
  'legal',
  'protection',
  'promotions',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: TNamespace = 'common';
