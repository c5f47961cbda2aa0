/**
 * Build-time rendering (decisions 0013, 0016): the portal's views rendered to HTML in Node by the
 * build (`vite.config.ts`, plugin `portal-prerender`), with the same components and translations the
 * browser uses. Nothing here runs in the browser.
 *
 * - a prerendered page (`home`, `login`, `register`, ...; contracts' PRERENDER_KINDS) and
 *   `notFound`: the page as a guest's browser first renders it, through the real route table: the
 *   session still being checked, every read pending (skeletons in their reserved space). The app
 *   hydrates it, so its first render in the browser must be exactly this one.
 * - `shell`: the frame of every other page (headers, footer) around a page skeleton, which the app
 *   replaces.
 */
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import i18next, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { TLocale } from '@casino/contracts/locales';
import { pageUrlPath } from '@casino/contracts/pages';
import type { TPrerenderKind } from '@casino/contracts/prerender';
import { PageSkeleton } from '../components/ui/page-skeleton.tsx';
import { localizePath } from '../i18n/locale-paths.ts';
import { DEFAULT_NAMESPACE } from '../i18n/namespaces.ts';
import { PRERENDER_IMPORTS_KEY } from '../lib/prerender.ts';
import { AppProviders, createQueryClient } from './providers.tsx';
import { LocaleRoot } from './locale-root.tsx';
import { createRoutes, preloadPageOf } from './routes.tsx';

/** A path outside the page table: the route table shows its not-found page there. */
const NOT_FOUND_PATH = '/not-found';

function routesFor(kind: TPrerenderKind, locale: TLocale): { routes: RouteObject[]; path: string } {
  if (kind === 'shell')
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
  if (kind === 'notFound') return { routes: createRoutes(), path: localizePath(NOT_FOUND_PATH, locale) };
  return { routes: createRoutes(), path: pageUrlPath(kind, locale) };
}

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export interface TPrerendered {
  /** The markup of the view (what goes inside `#root`). */
  html: string;
  /** The translation namespaces its render asked for: the document carries these. */
  namespaces: string[];
  /** The modules it imported on demand (the page's own, ...), by file path. */
  modules: string[];
}

/**
 * One view in one locale, after every lazy page and translation it needs has resolved. `resources`
 * are all of that locale's namespace files: the view takes what it asks for, and says which.
 */
export async function prerenderView(
  kind: TPrerenderKind,
  locale: TLocale,
  resources: Resource[string],
): Promise<TPrerendered> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: locale,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: DEFAULT_NAMESPACE,
    fallbackLng: false,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
  });
  // The namespaces the render asks for (react-i18next checks each one a component names) and reads
  // (a `t('ns:key')` of another one).
  const namespaces = new Set<string>();
  const hasLoadedNamespace = i18n.hasLoadedNamespace.bind(i18n);
  i18n.hasLoadedNamespace = (ns, options) => {
    for (const one of [ns].flat()) namespaces.add(one);
    return hasLoadedNamespace(ns, options);
  };
  const store = i18n.services.resourceStore as unknown as {
    getResource: (lng: string, ns: string, ...rest: unknown[]) => unknown;
  };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, ...rest) => {
    namespaces.add(ns);
    return getResource(lng, ns, ...rest);
  };

  // The modules the view imports on demand (vite-prerender.ts counts each `import()` here): its
  // document carries their styles and preloads their chunks.
  const imports = new Set<string>();
  const scope = globalThis as Record<string, unknown>;
  scope[PRERENDER_IMPORTS_KEY] = imports;
  const errors: unknown[] = [];
  let html: string;
  try {
    const { routes, path } = routesFor(kind, locale);
    // As the browser does (main.tsx): the page's chunk first, then the render.
    if (kind !== 'shell') await preloadPageOf(path);
    const router = createMemoryRouter(routes, { initialEntries: [path] });
    const { prelude } = await prerenderToNodeStream(
      <AppProviders i18n={i18n} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
      // Every part in place, however large (a larger part would come out as a fragment and a script).
      { onError: (error) => void errors.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
    );
    html = await streamToString(prelude);
  } finally {
    delete scope[PRERENDER_IMPORTS_KEY];
  }
  // A component that cannot render in Node would leave its part to the browser: the build fails
  // instead, so a prerendered page is always the whole view, and needs no script.
  if (errors.length > 0)
    throw new AggregateError(errors, `prerender ${kind}/${locale}: ${String(errors[0])}`);
  if (/<script|<template|<!--\$[?!]/.test(html))
    throw new Error(`prerender ${kind}/${locale}: a part did not render in place`);
  return { html, namespaces: [...namespaces].sort(), modules: [...imports].sort() };
}
