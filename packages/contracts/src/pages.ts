import { DEFAULT_LOCALE, isLocale, type TLocale } from './locales.ts';

/**
 * Every page of the portal (the legal pages included) by id, with its path in the
 * default (Korean, unprefixed) locale. Other locales prefix these paths (`/en/deposit`). The portal
 * routes by this table and the server answers 404 for any page path outside it, so both read it
 * from here.
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
  // Attendance (issue 26, docs/promotions.md).
  attendance: '/attendance',
  game: '/game',
  terms: '/terms',
  privacy: '/privacy',
  // Player protection (issue 14): under my page, and the page a member on a break lands on.
  responsible: '/user/responsible',
  history: '/user/history',
  sessions: '/user/sessions',
  blocked: '/blocked',
} as const;

export type TPageId = keyof typeof PAGE_PATHS;

export const PAGE_IDS = Object.keys(PAGE_PATHS) as TPageId[];

/**
 * Pages that need a signed-in member: the guard shows msg2001 and blocks them.
 * /notice is not one: notices are public (the home panel shows them to guests, `get-user-notices`
 * is a public call), so the footer's and the menu's notice links open for guests too (issue 12).
 */
export const MEMBER_PAGES: ReadonlySet<TPageId> = new Set<TPageId>([
  'deposit',
  'withdraw',
  'note',
  'comp',
  'attendance',
  'user',
  'help',
  'responsible',
  'history',
  'sessions',
]);

export function isMemberPage(page: TPageId): boolean {
  return MEMBER_PAGES.has(page);
}

/**
 * Public pages whose whole content is their query string: `/admin/error?error=...` explains the
 * error it names, `/blocked?until=...` the break it names. The build cannot know the query, so
 * they are not prerendered (the server answers them with the page frame).
 */
const QUERY_PAGES: ReadonlySet<TPageId> = new Set<TPageId>(['adminError', 'blocked']);

/**
 * The pages the build prerenders as their own document in every locale (decisions 0013, 0016):
 * every public page (no signed-in member needed) but the query pages. A page added to the table is
 * prerendered unless it is a member page: the build renders it in Node, and fails if it cannot.
 */
export const PRERENDERED_PAGES: readonly TPageId[] = PAGE_IDS.filter(
  (page) => !isMemberPage(page) && !QUERY_PAGES.has(page),
);

/** The page of an unprefixed path (`/deposit/` and `/deposit` alike), or null for unknown paths. */
export function pageOfPath(path: string): TPageId | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
  for (const id of PAGE_IDS) if (PAGE_PATHS[id] === clean) return id;
  return null;
}

/** URL prefix of a locale: none for the default (Korean), `/<code>` for the others. */
function pagePrefix(locale: TLocale): string {
  return locale === DEFAULT_LOCALE ? '' : `/${locale}`;
}

/** A page's URL path in a locale: (`deposit`, en) -> `/en/deposit`, (`home`, en) -> `/en`. */
export function pageUrlPath(page: TPageId, locale: TLocale): string {
  const path = PAGE_PATHS[page];
  const prefix = pagePrefix(locale);
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/**
 * What a URL path (decoded, without its query) is to the portal's router:
 * - `page`: a page in a locale (`/en/deposit`, `/deposit/`);
 * - `redirect`: a `/ko/...` path (Korean has no prefix), to the unprefixed path `to`;
 * - `null`: no page (the router shows its 404 page).
 * Matching is case-insensitive and ignores trailing slashes, as React Router's is.
 */
export type TPageMatch =
  { kind: 'page'; locale: TLocale; page: TPageId } | { kind: 'redirect'; to: string; page: TPageId };

export function matchPagePath(pathname: string): TPageMatch | null {
  const lower = pathname.toLowerCase();
  const match = /^\/([^/]+)(\/.*)?$/.exec(lower);
  const first = match?.[1];
  if (first && isLocale(first)) {
    const page = pageOfPath(match?.[2] || '/');
    if (page === null) return null;
    if (first === DEFAULT_LOCALE) return { kind: 'redirect', to: PAGE_PATHS[page], page };
    return { kind: 'page', locale: first, page };
  }
  const page = pageOfPath(lower || '/');
  return page === null ? null : { kind: 'page', locale: DEFAULT_LOCALE, page };
}
