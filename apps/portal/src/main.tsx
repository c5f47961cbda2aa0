import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './app/styles/global.css';
import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { ResourceLanguage } from 'i18next';
import { INTL_LOCALE, type TLocale } from '@casino/contracts/locales';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createRoutes, preloadPageOf } from './app/routes.tsx';
import { createI18n } from './i18n/i18n.ts';
import { loadLocaleFont } from './i18n/locale-fonts.ts';
import { splitLocalePath } from './i18n/locale-paths.ts';
import { I18N_SCRIPT_ID, isPrerendered, PRERENDER_ATTRIBUTE } from './lib/prerender.ts';

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

/**
 * Drops the prerendered mark in the commit that replaced the build's markup, so the document says
 * the live app is in charge (its reveal rule no longer applies; tests and tools wait on it).
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
if (!isPrerendered(root)) {
  createRoot(root).render(app);
} else {
  // A prerendered page stays until the app's first render replaces it in one commit: that render
  // has the page's chunk at hand (no skeleton in between) and runs in a transition, in slices
  // that leave the page responsive (decision 0013).
  const reactRoot = createRoot(root);
  void preloadPageOf(window.location.pathname)
    .catch(() => undefined)
    .then(() => startTransition(() => reactRoot.render(app)));
}
