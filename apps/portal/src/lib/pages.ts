import type { TPageId } from '@casino/contracts/pages';

// The page table lives in packages/contracts (the server answers 404 outside it); the portal's
// modules keep importing it from here.
export { isMemberPage, PAGE_IDS, PAGE_PATHS, pageOfPath, type TPageId } from '@casino/contracts/pages';

/** The modal menu, in the specification's order. */
export const MENU_PAGES: readonly TPageId[] = [
  'deposit',
  'withdraw',
  'comp',
  'attendance',
  'user',
  'help',
  'notice',
  'note',
];
