import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LOCALES, type TLocale } from '@casino/contracts/locales';
import { pageUrlPath, type TPageId } from '@casino/contracts/pages';
import { PRERENDER_KINDS, type TPrerenderKind } from '@casino/contracts/prerender';
import { newPage, PHONE } from './browser.ts';
import { specFile } from './fixtures.ts';

// Decision 0016: every public page is prerendered in every locale and the app hydrates it in
// Chromium without a mismatch (React's production build reports one as an uncaught error, #418 and
// its kin) and without rebuilding the page: the elements the visitor saw first stay.

const baseUrl = inject('baseUrl');
const spec = specFile(baseUrl);

const HYDRATED = PRERENDER_KINDS.filter((kind) => kind !== 'shell');

/** A page's own address, and any address outside the page table for the not-found page. */
function urlOf(kind: TPrerenderKind, locale: TLocale): string {
  if (kind === 'notFound') return locale === 'ko' ? '/no/such/page' : `/${locale}/no/such/page`;
  return pageUrlPath(kind as TPageId, locale);
}

/**
 * Opens `url` at phone width and waits until the app has taken over. Marks the build's first element
 * as soon as the document is parsed: hydration keeps it, a render of the app's own would replace it.
 */
async function openPrerendered(page: Page, url: string) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && /react|hydrat/i.test(message.text())) errors.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const first = document.querySelector('#root > *');
      if (first) (first as HTMLElement & { builtByPrerender?: boolean }).builtByPrerender = true;
    });
  });
  const response = await page.goto(url);
  const served = /data-prerendered="([^"]+)"/.exec((await response?.text()) ?? '')?.[1];
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
  // React reports a mismatch in the commit that hydrated (the one that dropped the mark): two frames
  // later it has been heard.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const kept = await page.evaluate(
    () =>
      (document.querySelector('#root > *') as { builtByPrerender?: boolean } | null)?.builtByPrerender ===
      true,
  );
  return { status: response?.status(), served, kept, errors };
}

describe('the prerendered pages in Chromium', () => {
  it.each(LOCALES)('are hydrated without a mismatch in %s', async (locale) => {
    const seen: Record<string, unknown> = {};
    for (const kind of HYDRATED) {
      const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
      const { status, served, kept, errors } = await openPrerendered(page, urlOf(kind, locale));
      seen[kind] = { status, served, kept, errors };
      await context.close();
    }
    const expected = Object.fromEntries(
      HYDRATED.map((kind) => [
        kind,
        { status: kind === 'notFound' ? 404 : 200, served: kind, kept: true, errors: [] },
      ]),
    );
    expect(seen).toEqual(expected);
  });

  it('a member page gets the frame, which the app replaces', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
    const { served, errors } = await openPrerendered(page, '/en/deposit');
    expect({ served, errors }).toEqual({ served: 'shell', errors: [] });
    await context.close();
  });

  it('keeps what a visitor typed and submitted before the page was live, and signs in with it', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
    // The app's script held back until the visitor has typed and pressed the button.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/en/login');
    await page.waitForFunction(() => document.documentElement.classList.contains('prerender-ready'));
    const form = page.locator('main form');
    await form.locator('input[name="userId"]').fill('nosuchmember1');
    await form.locator('input[name="password"]').fill('not-the-password-1');
    await form.locator('button[type="submit"]').click();
    // Nothing went away: the page is the prerendered one still.
    expect(await page.evaluate(() => document.querySelector('[data-prerendered]') !== null)).toBe(true);
    const signIn = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/api/auth/callback/credentials'),
    );
    release();
    // The sign-in was made with what was typed, and the server's refusal of the unknown member shows.
    expect((await signIn).postData()).toContain('userId=nosuchmember1');
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
    expect(await form.locator('input[name="userId"]').inputValue()).toBe('nosuchmember1');
    await context.close();
  });

  it('the sign-in form fills in the remembered id once hydrated, and the 404 page the address', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('portal.lastUserId', 'rememberme1'));
    await openPrerendered(page, '/login');
    await expect.poll(() => page.locator('main input[name="userId"]').inputValue()).toBe('rememberme1');
    await openPrerendered(page, '/en/no/such/page');
    await expect.poll(() => page.locator('.not-found__url').textContent()).toBe('/en/no/such/page');
    await context.close();
  });
});
