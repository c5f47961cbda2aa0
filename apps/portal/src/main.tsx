import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './app/styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { INTL_LOCALE } from '@casino/contracts/locales';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { createRoutes } from './app/routes.tsx';
import { createI18n } from './i18n/i18n.ts';
import { loadLocaleFont } from './i18n/locale-fonts.ts';
import { splitLocalePath } from './i18n/locale-paths.ts';

const { locale } = splitLocalePath(window.location.pathname);
document.documentElement.lang = INTL_LOCALE[locale];
loadLocaleFont(locale);
const i18n = createI18n(locale);
const router = createBrowserRouter(createRoutes());
const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
