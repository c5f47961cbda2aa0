/**
 * Build-time rendering (decision 0013): the portal's views rendered to HTML in Node by the build
 * (`vite.config.ts`, plugin `portal-prerender`), with the same components and translations the
 * browser uses. Nothing here runs in the browser.
 *
 * - `home`: a locale's home page as a guest's browser first renders it: the session still
 *   loading, every read pending (skeletons in their reserved space), the welcome slide alone.
 * - `shell`: the frame of every other page (headers, footer) around a page skeleton.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLocale } from '@casino/contracts/locales';
import type { TPrerenderKind } from '@casino/contracts/prerender';
import { SITE_INFO_ELEMENT_ID } from '@casino/contracts/site-info';
import { PageSkeleton } from '../components/ui/page-skeleton.tsx';
import { localizePath } from '../i18n/locale-paths.ts';
import { DEFAULT_NAMESPACE } from '../i18n/namespaces.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { LocaleRoot } from './locale-root.tsx';
import { createRoutes } from './routes.tsx';

/** The namespaces each kind needs for its first render; the document carries them inline. */
export const PRERENDER_NAMESPACES: Record<TPrerenderKind, readonly string[]> = {
  home: ['common', 'home', 'game'],
  shell: ['common'],
};

function routesFor(kind: TPrerenderKind, locale: TLocale): { routes: RouteObject[]; path: string } {
  if (kind === 'home') return { routes: createRoutes(), path: localizePath('/', locale) };
  return {
    routes: [
      {
        path: '/',
        element: <LocaleRoot locale={locale} />,
        children: [{ index: true, element: <PageSkeleton /> }],
      },
    ],
    path: '/',
  };
}

/**
 * A stand-in for the browser's `document` while rendering: only the operator's details block is
 * there. Anything else a component would read from the page fails the build (no guessing).
 */
function withSiteName(siteName: string): { restore: () => void } {
  const scope = globalThis as { document?: unknown };
  const previous = scope.document;
  const block = { textContent: JSON.stringify({ siteName }) };
  scope.document = { getElementById: (id: string) => (id === SITE_INFO_ELEMENT_ID ? block : null) };
  return {
    restore: () => {
      scope.document = previous;
    },
  };
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The markup of one view in one locale (what goes inside `#root`), after every lazy page and
 * translation it needs has resolved. `resources` are that locale's namespace files.
 */
export async function prerenderView(
  kind: TPrerenderKind,
  locale: TLocale,
  resources: Resource[string],
  siteName: string,
): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: resources },
    ns: [...PRERENDER_NAMESPACES[kind]],
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  const { routes, path } = routesFor(kind, locale);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const errors: unknown[] = [];
  const render = async () => {
    const { prelude } = await prerenderToNodeStream(
      <AppProviders i18n={i18n} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
      // Every part in place, however large (a larger part would come out as a fragment and a script).
      { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    return streamToString(prelude);
  };
  // The frame reads the operator's details from the page (lib/site-info.ts); here the page is the
  // build's, and its site name is the brand marked for the server to fill in (contracts/prerender.ts).
  const page = withSiteName(siteName);
  let html: string;
  try {
    html = await render();
  } finally {
    page.restore();
  }
  // A component that cannot render in Node would leave its part to the browser: the build fails
  // instead, so a prerendered page is always the whole view, and needs no script.
  if (errors.length > 0)
    throw new AggregateError(errors, `prerender ${kind}/${locale}: ${String(errors[0])}`);
  if (/<script|<template|<!--\$[?!]/.test(html))
    throw new Error(`prerender ${kind}/${locale}: a part did not render in place`);
  return html;
}
