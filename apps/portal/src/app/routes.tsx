import { lazy, type ComponentType } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { DEFAULT_LOCALE, LOCALES } from '@casino/contracts/locales';
import { localePrefix, splitLocalePath } from '../i18n/locale-paths.ts';
import { isMemberPage, PAGE_IDS, PAGE_PATHS, pageOfPath, type TPageId } from '../lib/pages.ts';
import { MemberRequirements } from './member-requirements.tsx';
import { LocaleRoot } from './locale-root.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireMember } from './require-member.tsx';
import { RouteError } from './route-error.tsx';

/** A page's chunk, loaded when the page is first shown, or ahead of it (`preload`). */
type TLazyPage = ComponentType & { preload: () => Promise<void> };

function lazyPage(load: () => Promise<{ default: ComponentType }>): TLazyPage {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(() =>
    load().then((m) => {
      loaded = m.default;
      return m;
    }),
  );
  // Once loaded (ahead of time too), the page renders at once instead of suspending first.
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  const preload = () =>
    load().then((m) => {
      loaded = m.default;
    });
  return Object.assign(Page, { preload });
}

/** Each page is its own chunk, loaded when first shown. */
const PAGES: Record<TPageId, TLazyPage> = {
  home: lazyPage(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage }))),
  login: lazyPage(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  register: lazyPage(() =>
    import('../features/register/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
  ),
  adminError: lazyPage(() =>
    import('../features/auth/admin-error-page.tsx').then((m) => ({ default: m.AdminErrorPage })),
  ),
  help: lazyPage(() => import('../features/community/help-page.tsx').then((m) => ({ default: m.HelpPage }))),
  note: lazyPage(() => import('../features/community/note-page.tsx').then((m) => ({ default: m.NotePage }))),
  notice: lazyPage(() =>
    import('../features/community/notice-page.tsx').then((m) => ({ default: m.NoticePage })),
  ),
  deposit: lazyPage(() =>
    import('../features/cashier/deposit-page.tsx').then((m) => ({ default: m.DepositPage })),
  ),
  withdraw: lazyPage(() =>
    import('../features/cashier/withdraw-page.tsx').then((m) => ({ default: m.WithdrawPage })),
  ),
  comp: lazyPage(() => import('../features/cashier/comp-page.tsx').then((m) => ({ default: m.CompPage }))),
  attendance: lazyPage(() =>
    import('../features/promotions/attendance-page.tsx').then((m) => ({ default: m.AttendancePage })),
  ),
  user: lazyPage(() => import('../features/account/user-page.tsx').then((m) => ({ default: m.UserPage }))),
  game: lazyPage(() => import('../features/game/game-page.tsx').then((m) => ({ default: m.GamePage }))),
  terms: lazyPage(() => import('../features/legal/legal-page.tsx').then((m) => ({ default: m.TermsPage }))),
  privacy: lazyPage(() =>
    import('../features/legal/legal-page.tsx').then((m) => ({ default: m.PrivacyPage })),
  ),
  responsible: lazyPage(() =>
    import('../features/protection/responsible-page.tsx').then((m) => ({ default: m.ResponsiblePage })),
  ),
  history: lazyPage(() =>
    import('../features/protection/history-page.tsx').then((m) => ({ default: m.HistoryPage })),
  ),
  sessions: lazyPage(() =>
    import('../features/protection/sessions-page.tsx').then((m) => ({ default: m.SessionsPage })),
  ),
  blocked: lazyPage(() =>
    import('../features/protection/blocked-page.tsx').then((m) => ({ default: m.BlockedPage })),
  ),
};

/**
 * Loads the chunk of the page at `pathname` (nothing for an unknown path), so that the app's first
 * render shows the page itself: over a prerendered page (decision 0013) it replaces the page in one
 * frame, with no skeleton in between.
 */
export function preloadPageOf(pathname: string): Promise<void> {
  const page = pageOfPath(splitLocalePath(pathname).path);
  return page ? PAGES[page].preload() : Promise.resolve();
}

/**
 * A page, behind the member guard when it needs a signed-in member, and behind what the member
 * must do first (the password change after an operator's reset, the acceptance of newer terms).
 */
export function PageRoute({ page }: { page: TPageId }) {
  const Page = PAGES[page];
  return (
    <MemberRequirements page={page}>
      {isMemberPage(page) ? (
        <RequireMember page={page}>
          <Page />
        </RequireMember>
      ) : (
        <Page />
      )}
    </MemberRequirements>
  );
}

/** `/ko/...` is not a locale prefix (Korean is unprefixed): it goes to the unprefixed page. */
function KoPrefixRedirect() {
  const { pathname, search, hash } = useLocation();
  const rest = pathname.replace(/^\/ko(?=\/|$)/, '') || '/';
  return <Navigate to={`${rest}${search}${hash}`} replace />;
}

/**
 * Every page route (`PAGE_PATHS` of lib/pages.ts) under each locale: Korean unprefixed, the others under
 * `/en`, `/jp`, `/vn`, `/cn`.
 */
export function createRoutes(): RouteObject[] {
  const localeRoutes: RouteObject[] = LOCALES.map((locale) => ({
    path: localePrefix(locale) || '/',
    element: <LocaleRoot locale={locale} />,
    errorElement: <RouteError />,
    children: [
      ...PAGE_IDS.map((page): RouteObject =>
        page === 'home'
          ? { index: true, element: <PageRoute page="home" /> }
          : { path: PAGE_PATHS[page].slice(1), element: <PageRoute page={page} /> },
      ),
      { path: '*', element: <NotFoundPage /> },
    ],
  }));
  return [...localeRoutes, { path: `/${DEFAULT_LOCALE}/*`, element: <KoPrefixRedirect /> }];
}
