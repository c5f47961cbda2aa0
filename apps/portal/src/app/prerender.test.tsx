import { StrictMode } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { ResourceLanguage } from 'i18next';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOCALES, type TLocale } from '@casino/contracts/locales';
import { pageUrlPath, PAGE_IDS, isMemberPage } from '@casino/contracts/pages';
import { fillSiteName, PRERENDER_KINDS, type TPrerenderKind } from '@casino/contracts/prerender';
import { siteInfoElement, type TSiteInfo } from '@casino/contracts/site-info';
import { createI18n } from '../i18n/i18n.ts';
import { localizePath } from '../i18n/locale-paths.ts';
import { PRERENDER_ATTRIBUTE } from '../lib/prerender.ts';
import type { TPrerendered } from './prerender.tsx';
import { AppProviders, createQueryClient } from './providers.tsx';
import { createRoutes, preloadPageOf } from './routes.tsx';

// Decision 0016: the build prerenders every public page in every locale, and the app hydrates each
// one. Hydration must find exactly the markup the build wrote, or React throws it away and renders
// the page again (the long task this decision removed) or, worse, keeps attributes that are wrong.
// React's development build reports every difference, text or attribute, through console.error.

const files = import.meta.glob<Record<string, unknown>>('../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

function localeFiles(locale: TLocale): ResourceLanguage {
  const resources: ResourceLanguage = {};
  for (const [file, content] of Object.entries(files)) {
    const match = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (match?.[1] === locale) resources[match[2]!] = content;
  }
  return resources;
}

/**
 * The build's render of every document in every locale, as the build runs it: in a Node process of
 * its own, with no page (src/test/render-views.ts).
 */
type TViews = Record<string, Partial<Record<TPrerenderKind, TPrerendered>>>;
let built: TViews;
beforeAll(async () => {
  const script = path.join(import.meta.dirname, '../test/render-views.ts');
  const { stdout } = await promisify(execFile)(process.execPath, [script], { maxBuffer: 64 << 20 });
  const rendered = JSON.parse(stdout) as Array<{ locale: TLocale; views: TViews[string] }>;
  built = Object.fromEntries(rendered.map(({ locale, views }) => [locale, views]));
}, 180_000);

function buildRender(kind: TPrerenderKind, locale: TLocale): TPrerendered {
  const view = built[locale]?.[kind];
  if (!view) throw new Error(`the build rendered no ${kind} in ${locale}`);
  return view;
}

/** The app hydrated last, unmounted before the next one starts. */
let mounted: Root | null = null;
function unmountApp() {
  const root = mounted;
  mounted = null;
  if (root) act(() => root.unmount());
}

/** Where a document is served: the page's own path, any unknown path for the not-found page. */
function pathOf(kind: TPrerenderKind, locale: TLocale): string {
  if (kind === 'notFound') return localizePath('/no/such/page', locale);
  if (kind === 'shell') throw new Error('the frame is replaced, not hydrated');
  return pageUrlPath(kind, locale);
}

/**
 * Serves the prerendered view as the server does (the operator's name where the build marked the
 * brand, the operator's details in their block) and starts the app on it as main.tsx does: the
 * page's chunk, then hydration with the translations the document carries.
 */
async function hydrate(kind: TPrerenderKind, locale: TLocale, site: TSiteInfo = {}) {
  unmountApp();
  const view = buildRender(kind, locale);
  const path = pathOf(kind, locale);
  const all = localeFiles(locale);
  document.head.innerHTML = siteInfoElement(site);
  // As apps/api/src/plugins/static-site.ts: the build's marks stay (invisible) when no name is set.
  const html = site.siteName ? fillSiteName(view.html, site.siteName) : view.html;
  document.body.innerHTML = `<div id="root" ${PRERENDER_ATTRIBUTE}="${kind}">${html}</div>`;
  window.history.replaceState(null, '', path);
  const root = document.getElementById('root')!;
  const first = root.firstElementChild;

  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
  const i18n = createI18n(locale, Object.fromEntries(view.namespaces.map((ns) => [ns, all[ns]!])));
  await preloadPageOf(path);
  const router = createBrowserRouter(createRoutes());
  const reactRoot = await act(async () =>
    hydrateRoot(
      root,
      <StrictMode>
        <AppProviders i18n={i18n} queryClient={createQueryClient()}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
      { onRecoverableError: (error) => void errors.push(error) },
    ),
  );
  // Hydration keeps the build's elements; a render of its own would have made new ones.
  const kept = root.firstElementChild === first;
  mounted = reactRoot;
  return { errors, kept, root };
}

afterEach(() => {
  unmountApp();
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the prerendered documents', () => {
  it('are every public page of the page table, the not-found page and the frame', () => {
    // A public page (no member needed) is prerendered unless its whole content is its query.
    const publicPages = PAGE_IDS.filter((page) => !isMemberPage(page));
    expect(publicPages.filter((page) => !PRERENDER_KINDS.includes(page))).toEqual(['adminError', 'blocked']);
    expect(PRERENDER_KINDS.filter((kind) => !publicPages.includes(kind as never))).toEqual([
      'notFound',
      'shell',
    ]);
  });

  describe.each(LOCALES)('in %s', (locale) => {
    it.each(PRERENDER_KINDS.filter((kind) => kind !== 'shell'))(
      '%s hydrates without a single difference',
      async (kind) => {
        const { errors, kept } = await hydrate(kind, locale);
        expect(errors).toEqual([]);
        expect(kept).toBe(true);
      },
    );
  });

  it("hydrates with the operator's name and details set", async () => {
    const site = {
      siteName: 'Royal <Spade>',
      operatorName: 'Spade Ltd',
      operatorAddress: '1 Main St',
      supportEmail: 'help@example.com',
    };
    for (const kind of ['home', 'login'] as const) {
      const { errors, kept, root } = await hydrate(kind, 'en', site);
      expect(errors).toEqual([]);
      expect(kept).toBe(true);
      expect(root.querySelector('.footer__name')?.textContent).toBe('Royal <Spade>');
      // The details the build could not know show once hydrated.
      expect(root.querySelector('.footer__operator')?.textContent).toContain('Spade Ltd');
    }
  });

  it('carry the page as a guest first sees it: the sign-in and sign-up forms themselves', async () => {
    const login = buildRender('login', 'ko');
    expect(login.html).toContain('name="userId"');
    expect(login.html).toContain('type="password"');
    const register = buildRender('register', 'en');
    expect(register.html).toContain('name="nick"');
    expect(register.namespaces).toEqual(['auth', 'common']);
  });
});
