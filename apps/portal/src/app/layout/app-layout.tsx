import { Suspense, useCallback, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageSkeleton } from '../../components/ui/page-skeleton.tsx';
import { GameReturnWatcher } from '../../features/game/game-return-watcher.tsx';
import { SitePopups } from '../../features/popups/site-popups.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { LastLoginWatcher, RealityCheckWatcher } from '../../features/protection/reality-check-watcher.tsx';
import { DesktopHeader } from './desktop-header.tsx';
import { Footer } from './footer.tsx';
import { MenuModal } from './menu-modal.tsx';
import { MobileHeader } from './mobile-header.tsx';
import { SidePanel } from './side-panel.tsx';
import './layout.css';

/**
 * The frame of every page (spec section 2): desktop header from 1200 px, mobile header and side
 * panel below, the modal menu, the page, the footer (with the cookie notice); and the watcher that
 * brings the money back from a game window the member closed, whichever page they are on; the
 * operator's site popups; the reality check and the previous sign-in's notice (player protection).
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const [isPanelOpen, setIsPanelOpen] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const openMenu = useCallback(() => setIsMenuOpen(true), []);
  const logout = useLogout();

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
        </Suspense>
      </main>
      <Footer />
      <SidePanel isOpen={isPanelOpen} onClose={() => setIsPanelOpen(false)} />
      <MenuModal isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <GameReturnWatcher />
      <RealityCheckWatcher onSignOut={logout} />
      <LastLoginWatcher />
    </div>
  );
}
