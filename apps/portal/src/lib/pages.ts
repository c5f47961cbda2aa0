/**
 * Every page of the portal (spec section 2) by id, with its path in the default (Korean,
 * unprefixed) locale. Other locales prefix these paths (`/en/deposit`); see i18n/locale-paths.ts.
 */
export const PAGE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  adminError: '/admin/error',
  help: '/help',
  note: '/note',
  notice: '/notice',
  deposit: '/deposit',
  withdraw: '/withdraw',
  user: '/user',
  comp: '/comp',
  game: '/game',
} as const;

export type TPageId = keyof typeof PAGE_PATHS;

export const PAGE_IDS = Object.keys(PAGE_PATHS) as TPageId[];

/** Pages that need a signed-in member (spec section 5): the guard shows msg2001 and blocks them. */
export const MEMBER_PAGES: ReadonlySet<TPageId> = new Set<TPageId>([
  'deposit',
  'withdraw',
  'note',
  'comp',
  'user',
  'help',
  'notice',
]);

/** The modal menu, in the specification's order. */
export const MENU_PAGES: readonly TPageId[] = [
  'deposit',
  'withdraw',
  'comp',
  'user',
  'help',
  'notice',
  'note',
];

export function isMemberPage(page: TPageId): boolean {
  return MEMBER_PAGES.has(page);
}

/** The page of an unprefixed path (`/deposit/` and `/deposit` alike), or null for unknown paths. */
export function pageOfPath(path: string): TPageId | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  for (const id of PAGE_IDS) if (PAGE_PATHS[id] === clean) return id;
  return null;
}
