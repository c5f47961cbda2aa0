import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { SitePopups } from '../../features/popups/site-popups.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { markPageLive, replayPrerenderedInput } from '../../lib/prerender.ts';
import { useSession } from '../../lib/session/session-context.ts';
import { DesktopHeader } from './desktop-header.tsx';
import { Footer } from './footer.tsx';
import { MenuModal } from './menu-modal.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { SidePanel } from './side-panel.tsx';
import './layout.css';

const MemberWatchers = lazy(() => import('./member-watchers.tsx'));

/**
 * Mounted with the page itself: once it commits, the page is live, and what the visitor typed or
 * submitted in a prerendered page before that is handed to it (lib/prerender.ts).
 */
function PageLive() {
  useLayoutEffect(markPageLive, []);
  useEffect(replayPrerenderedInput, []);
  return null;
}

/**
 * The frame of every page: desktop header from 1200 px, mobile header and side
 * panel below, the modal menu, the page, the footer (with the cookie notice); and the watcher that
 * brings the money back from a game window the member closed, whichever page they are on; the
 * operator's site popups; the reality check and the previous sign-in's notice (player protection);
 * the dialogs of unread notes and answered help posts. The member's own (all but the popups) mount
 * once a member is signed in, from a chunk of their own (member-watchers.tsx).
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const openMenu = useCallback(() => setIsMenuOpen(true), []);
  const logout = useLogout();
  const { status } = useSession();

  // A navigation closes the side panel and the menu (their links navigate).
  useEffect(() => {
    setIsPanelOpen(false);
    setIsMenuOpen(false);
  }, [location.pathname]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        {t('a11y.skipToContent')}
      </a>
      {/* First in the tab order: the operator's popups float over the page (features/popups). */}
      <SitePopups />
      <DesktopHeader onOpenMenu={openMenu} />
      <MobileHeader
        isPanelOpen={isPanelOpen}
        onOpenPanel={() => setIsPanelOpen(true)}
        onOpenMenu={openMenu}
      />
      <main id="main" className="main container" tabIndex={-1}>
        <Suspense fallback={<PageSkeleton />}>
          <Outlet />
          <PageLive />
        </Suspense>
      </main>
      <Footer />
      <SidePanel isOpen={isPanelOpen} onClose={() => setIsPanelOpen(false)} />
      <MenuModal isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      {status === 'authenticated' && (
        <Suspense fallback={null}>
          <MemberWatchers onSignOut={logout} />
        </Suspense>
      )}
    </div>
  );
}
