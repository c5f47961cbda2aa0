import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { DEFAULT_LOCALE, LOCALES } from '@casino/contracts/locales';
import { localePrefix } from '../i18n/locale-paths.ts';
import { isMemberPage, PAGE_IDS, PAGE_PATHS, type TPageId } from '../lib/pages.ts';
import { LocaleRoot } from './locale-root.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RequireMember } from './require-member.tsx';
import { RouteError } from './route-error.tsx';

/** Each page is its own chunk, loaded when first shown. */
const PAGES: Record<TPageId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../features/home/home-page.tsx').then((m) => ({ default: m.HomePage }))),
  login: lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  register: lazy(() =>
    import('../features/register/register-page.tsx').then((m) => ({ default: m.RegisterPage })),
  ),
  adminError: lazy(() =>
    import('../features/auth/admin-error-page.tsx').then((m) => ({ default: m.AdminErrorPage })),
  ),
  help: lazy(() => import('../features/community/help-page.tsx').then((m) => ({ default: m.HelpPage }))),
  note: lazy(() => import('../features/community/note-page.tsx').then((m) => ({ default: m.NotePage }))),
  notice: lazy(() =>
    import('../features/community/notice-page.tsx').then((m) => ({ default: m.NoticePage })),
  ),
  deposit: lazy(() =>
    import('../features/cashier/deposit-page.tsx').then((m) => ({ default: m.DepositPage })),
  ),
  withdraw: lazy(() =>
    import('../features/cashier/withdraw-page.tsx').then((m) => ({ default: m.WithdrawPage })),
  ),
  comp: lazy(() => import('../features/cashier/comp-page.tsx').then((m) => ({ default: m.CompPage }))),
  user: lazy(() => import('../features/account/user-page.tsx').then((m) => ({ default: m.UserPage }))),
  game: lazy(() => import('../features/game/game-page.tsx').then((m) => ({ default: m.GamePage }))),
};

/** A page, behind the member guard when it needs a signed-in member. */
export function PageRoute({ page }: { page: TPageId }) {
  const Page = PAGES[page];
  return isMemberPage(page) ? (
    <RequireMember page={page}>
      <Page />
    </RequireMember>
  ) : (
    <Page />
  );
}

/** `/ko/...` is not a locale prefix (Korean is unprefixed): it goes to the unprefixed page. */
function KoPrefixRedirect() {
  const { pathname, search, hash } = useLocation();
  const rest = pathname.replace(/^\/ko(?=\/|$)/, '') || '/';
  return <Navigate to={`${rest}${search}${hash}`} replace />;
}

/**
 * Every route of spec section 2 under each locale: Korean unprefixed, the others under
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
