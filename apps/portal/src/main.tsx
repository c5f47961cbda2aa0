import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './app/styles/global.css';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ResourceLanguage } from 'i18next';
import { INTL_LOCALE, type TLocale } from '@casino/contracts/locales';
import { setSiteTimeZone } from '@casino/web-kit/format';
import { documentSiteTimeZone } from '@casino/web-kit/site-time-zone';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createRoutes, preloadPageOf } from './app/routes.tsx';
import { createI18n } from './i18n/i18n.ts';
import { loadLocaleFont } from './i18n/locale-fonts.ts';
import { splitLocalePath } from './i18n/locale-paths.ts';
import { I18N_SCRIPT_ID, PRERENDER_ATTRIBUTE, prerenderedMarkup } from './lib/prerender.ts';

// Dates on the site's clock: the zone the server wrote into the document (decision 0020).
setSiteTimeZone(documentSiteTimeZone(document));
const { locale } = splitLocalePath(window.location.pathname);
document.documentElement.lang = INTL_LOCALE[locale];
loadLocaleFont(locale);
const i18n = createI18n(locale, preloadedTranslations(locale));
const router = createBrowserRouter(createRoutes());
const queryClient = createQueryClient();

/** The translations a prerendered document carries for its first render (decision 0013), if any. */
function preloadedTranslations(lng: TLocale): ResourceLanguage | undefined {
  const script = document.getElementById(I18N_SCRIPT_ID);
  if (!script?.textContent) return undefined;
  try {
    const carried = JSON.parse(script.textContent) as { lng?: string; resources?: ResourceLanguage };
    return carried.lng === lng ? carried.resources : undefined;
  } catch {
    return undefined;
  }
}

const root = document.getElementById('root')!;
const markup = prerenderedMarkup(root);

/**
 * Drops the prerendered mark in the commit that hydrated or replaced the build's markup, so the
 * document says the live app is in charge (its reveal rule no longer applies; tests and tools wait
 * on it).
 */
function TakeOver({ children }: { children: ReactNode }) {
  useLayoutEffect(() => root.removeAttribute(PRERENDER_ATTRIBUTE), []);
  return children;
}

const app = (
  <StrictMode>
    <TakeOver>
      <AppProviders i18n={i18n} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </TakeOver>
  </StrictMode>
);
if (markup === null) {
  createRoot(root).render(app);
} else {
  // The page's chunk first, so the first render has the page at hand (no skeleton, no suspense);
  // then, in a transition (in slices that leave the page responsive), React hydrates a prerendered
  // page, attaching to the markup the visitor already sees (decision 0016), or replaces the
  // prerendered frame with the page in one commit (decision 0013).
  void preloadPageOf(window.location.pathname)
    .catch(() => undefined)
    .then(() =>
      startTransition(() => {
        if (markup === 'page') hydrateRoot(root, app);
        else createRoot(root).render(app);
      }),
    );
}
