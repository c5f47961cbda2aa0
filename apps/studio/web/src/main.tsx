import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { setSiteTimeZone } from '@casino/web-kit/format';
import { documentSiteTimeZone } from '@casino/web-kit/site-time-zone';
import { createI18n } from './i18n/index.ts';
import { parseLang } from './shell/format.ts';
import { readLaunchParams, RealityCheck, StudioProvider, useStudio } from './shell/index.ts';
import './shell/shell.css';

/*
 * The game client's one entry, for both pages: the play page (`/studio/play?token=..&game=..&lang=..`,
 * index.html) and the verify page (`/studio/verify`, verify.html). Each screen is its own chunk, so a
 * slot player never downloads the baccarat table and the other way round.
 */

// The rounds' times on the site's clock: the zone the studio's server wrote into the page (decision 0020).
setSiteTimeZone(documentSiteTimeZone(document));

const BaccaratTable = lazy(() => import('./baccarat/index.tsx').then((m) => ({ default: m.BaccaratTable })));
const SlotGame = lazy(() => import('./slots/index.tsx').then((m) => ({ default: m.SlotGame })));
const MiniGame = lazy(() => import('./mini/index.tsx').then((m) => ({ default: m.MiniGame })));
const VerifyPage = lazy(() => import('./verify/index.tsx').then((m) => ({ default: m.VerifyPage })));

function isVerifyPath(pathname: string): boolean {
  return /\/verify(\.html)?\/?$/.test(pathname);
}

function Loading() {
  return (
    <div className="st-screen" aria-busy="true">
      <div className="st-spinner" aria-hidden="true" />
    </div>
  );
}

/** Picks the game screen for the kind of game the session opened. */
function GameRouter() {
  const { session } = useStudio();
  return session.kind === 'baccarat' ? <BaccaratTable /> : <SlotGame />;
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing');

const verify = isVerifyPath(window.location.pathname);
const launch = readLaunchParams(window.location.search);
const lang = verify ? parseLang(new URLSearchParams(window.location.search).get('lang')) : launch.lang;
const i18n = createI18n(lang);
// Powerball and Ladder are shared rounds with their own session (`mini-session`, docs/api/studio-mini.md).
const miniGame = !verify && (launch.game === 'powerball' || launch.game === 'ladder') ? launch.game : null;

createRoot(container).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <Suspense fallback={<Loading />}>
        {verify ? (
          <VerifyPage />
        ) : miniGame ? (
          <>
            <MiniGame token={launch.token} game={miniGame} lang={launch.lang} />
            <RealityCheck lang={launch.lang} />
          </>
        ) : (
          <>
            <StudioProvider launch={launch}>
              <GameRouter />
            </StudioProvider>
            {/* The portal's reality check, over whatever the window shows (decision 0014). */}
            <RealityCheck lang={launch.lang} />
          </>
        )}
      </Suspense>
    </I18nextProvider>
  </StrictMode>,
);
