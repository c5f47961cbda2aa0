import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.ts';
import {
  ADMIN_PASSWORD,
  dismissHealthDialogs,
  localePath,
  LOCALES,
  newMember,
  operatorClient,
  registerAndSignIn,
  type TNewMember,
} from './fixtures.ts';

// The frame as a new member in each locale meets it (issue 12): the desktop header fits its
// container at every width from 1200 px (1024 px of content, 1280 px from 1439 px) with no label
// wrapped or cut, every control a finger presses on a phone is at least 44 x 44 px, the menu's
// eight tiles leave none alone on a row, and the footer does not jump while a page loads.

const baseUrl = inject('baseUrl');
const WIDTHS = [1200, 1280, 1366, 1438, 1440, 1920] as const;
let browser: Browser;
/** The widest member the strip must hold: a nickname of ten wide letters and nine-digit money. */
let member: TNewMember;

beforeAll(async () => {
  browser = await launchBrowser();
  member = { ...newMember(), nick: 'WMWMWMWMWM' };
  const { context, page } = await newPage(browser, baseUrl);
  await registerAndSignIn(page, baseUrl, member);
  await context.close();
  const operator = await operatorClient(baseUrl);
  // ₩987,654,320: an adjustment moves at most the operator's request maximum (₩100,000,000).
  for (let i = 0; i < 10; i += 1)
    await operator.adjust(member.userId, 98_765_432, 'cash', 'e2e: a wide balance');
  await operator.adjust(member.userId, 98_765_432, 'point', 'e2e: widest comp points');
  await operator.close();
});
afterAll(async () => {
  await browser?.close();
});

interface HeaderFit {
  /** How far each row's content reaches past its container (scrollWidth - clientWidth). */
  overflow: { header: number; top: number; nav: number };
  /** How far any part of a row reaches past the row's content box (px, 0 when none). */
  pastEdge: { top: number; nav: number };
  /** Texts of the header drawn on more than one line. */
  wrapped: string[];
}

/** Measures the desktop header as it is drawn now. */
function measureHeader(page: Page): Promise<HeaderFit> {
  return page.evaluate(() => {
    const header = document.querySelector<HTMLElement>('.desktop-header')!;
    const pastEdge = (row: HTMLElement) => {
      const style = getComputedStyle(row);
      const box = row.getBoundingClientRect();
      const left = box.left + parseFloat(style.paddingLeft);
      const right = box.right - parseFloat(style.paddingRight);
      let worst = 0;
      for (const part of row.querySelectorAll<HTMLElement>('*')) {
        const r = part.getBoundingClientRect();
        if (r.width === 0 || part.closest('.visually-hidden')) continue;
        if (getComputedStyle(part).position === 'absolute' && r.width <= 1) continue;
        worst = Math.max(worst, r.right - right, left - r.left);
      }
      return Math.round(worst);
    };
    const top = header.querySelector<HTMLElement>('.desktop-header__top')!;
    const nav = header.querySelector<HTMLElement>('.desktop-nav__inner')!;
    const wrapped: string[] = [];
    const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || node.parentElement?.closest('.visually-hidden, option')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const tops: number[] = [];
      for (const rect of range.getClientRects())
        if (rect.width > 1 && !tops.some((t) => Math.abs(t - rect.top) < 3)) tops.push(rect.top);
      if (tops.length > 1) wrapped.push(text);
    }
    return {
      overflow: {
        header: header.scrollWidth - header.clientWidth,
        top: top.scrollWidth - top.clientWidth,
        nav: nav.scrollWidth - nav.clientWidth,
      },
      pastEdge: { top: pastEdge(top), nav: pastEdge(nav) },
      wrapped,
    };
  });
}

/**
 * Loads a page and waits until the app has taken over from the prerendered document (decision
 * 0013): until then the page is the build's copy, which does not answer clicks.
 */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
  await page.evaluate(() => document.fonts.ready);
}

const FITS: HeaderFit = {
  overflow: { header: 0, top: 0, nav: 0 },
  pastEdge: { top: 0, nav: 0 },
  wrapped: [],
};

describe('the desktop header fits in every locale from 1200 to 1920 px', () => {
  it('signed in, with the widest nickname and balance', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 1200, height: 800 });
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
    await page.request.post('/api/auth/callback/credentials', {
      headers: { origin: baseUrl },
      form: { csrfToken, userId: member.userId, password: member.password, callbackUrl: '/', json: 'true' },
    });
    const seen: Record<string, HeaderFit> = {};
    for (const locale of LOCALES) {
      await page.setViewportSize({ width: 1200, height: 800 });
      await open(page, localePath(locale, '/'));
      await page.locator('.desktop-header .user-strip__nick').waitFor();
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        seen[`${locale} ${width}`] = await measureHeader(page);
      }
    }
    const expected = Object.fromEntries(Object.keys(seen).map((key) => [key, FITS]));
    expect(seen).toEqual(expected);
    await context.close();
  });

  it('for a guest (the sign-in form in the strip)', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 1200, height: 800 });
    const seen: Record<string, HeaderFit> = {};
    for (const locale of LOCALES) {
      await page.setViewportSize({ width: 1200, height: 800 });
      await open(page, localePath(locale, '/'));
      await page.locator('.desktop-header .login-form').waitFor();
      for (const width of [1200, 1438, 1440]) {
        await page.setViewportSize({ width, height: 800 });
        seen[`${locale} ${width}`] = await measureHeader(page);
      }
    }
    expect(seen).toEqual(Object.fromEntries(Object.keys(seen).map((key) => [key, FITS])));
    await context.close();
  });
});

/** Signs the page's browser in as the wide member, through the portal's credentials sign-in. */
async function signInMember(page: Page): Promise<void> {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  await page.request.post('/api/auth/callback/credentials', {
    headers: { origin: baseUrl },
    form: { csrfToken, userId: member.userId, password: member.password, callbackUrl: '/', json: 'true' },
  });
}

/** Every visible control of `scope` smaller than 44 x 44 px, as "text w x h". */
function smallTargets(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const small: string[] = [];
    for (const root of document.querySelectorAll(selector))
      for (const el of root.querySelectorAll<HTMLElement>(
        'a[href], button, select, input:not([type="checkbox"])',
      )) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || el.closest('.visually-hidden, .skip-link')) continue;
        if (r.width < 44 || r.height < 44)
          small.push(
            `${(el.textContent || el.getAttribute('aria-label') || '').trim()} ${Math.round(r.width)}x${Math.round(r.height)}`,
          );
      }
    return small;
  }, scope);
}

describe('on a phone', () => {
  it('every control of the frame and the home is at least 44 x 44 px, the cookie button too', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await open(page, '/en/');
    await page.locator('.cookie-notice button').waitFor();
    // The footer has the operator's details the server was started with (e2e/global-setup.ts).
    const operator = page.locator('.footer address');
    expect(await operator.textContent()).toContain('Operated by Gold Crown Entertainment Ltd.');
    expect(await operator.getByRole('link').getAttribute('href')).toBe('mailto:support@goldcrown.example');
    expect(await smallTargets(page, '.mobile-header, .footer')).toEqual([]);
    // The home page's own controls too: the banner's buttons and dots, the panels' 'more'.
    expect(await smallTargets(page, 'main')).toEqual([]);
    await page.locator('.mobile-header [aria-controls="side-panel"]').click();
    await page.locator('.side-panel .login-form').waitFor();
    expect(await smallTargets(page, '.side-panel')).toEqual([]);
    await context.close();
  });

  it('the menu lays its eight tiles out in balanced rows, none alone', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await open(page, '/');
    await page.locator('.mobile-header [aria-haspopup="dialog"]').first().click();
    const grid = page.locator('.menu-grid');
    await grid.waitFor();
    // Measured once the menu's opening animation (a slight zoom) is over.
    await page
      .locator('.menu-modal')
      .evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const rows = await grid.evaluate((el) => {
      const counts = new Map<number, number>();
      for (const tile of el.children) {
        const top = Math.round(tile.getBoundingClientRect().top);
        counts.set(top, (counts.get(top) ?? 0) + 1);
      }
      return [...counts.values()];
    });
    expect(rows).toEqual([3, 3, 2]);
    expect(await smallTargets(page, '.menu-modal')).toEqual([]);
    await context.close();
  });

  it('the game lobby holds its three tabs on one row, no label cut, in every locale', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    const seen: Record<string, { rows: number; cut: string[] }> = {};
    for (const locale of LOCALES) {
      await open(page, localePath(locale, '/game'));
      await page.locator('.game-tabs [role="tab"]').nth(2).waitFor();
      seen[locale] = await page.locator('.game-tabs').evaluate((tabs) => {
        const tops = new Set([...tabs.children].map((tab) => Math.round(tab.getBoundingClientRect().top)));
        const cut = [...tabs.querySelectorAll<HTMLElement>('.game-tabs__label')]
          .filter((label) => label.scrollWidth > label.clientWidth)
          .map((label) => label.textContent ?? '');
        return { rows: tops.size, cut };
      });
    }
    expect(seen).toEqual(Object.fromEntries(LOCALES.map((locale) => [locale, { rows: 1, cut: [] }])));
    await context.close();
  });

  it("my page's level, shortcuts and referral link: no name broken over lines, every control 44 px", async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await dismissHealthDialogs(page);
    await signInMember(page);
    const seen: Record<string, { wrapped: string[]; small: string[] }> = {};
    for (const locale of LOCALES) {
      await open(page, localePath(locale, '/user'));
      await page.locator('.level-card__benefits dt').first().waitFor();
      await page.locator('.referrals__url').waitFor();
      const wrapped = await page.evaluate(() => {
        const lines = (el: HTMLElement) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].filter((r) => r.width > 1).map((r) => Math.round(r.top)))
            .size;
        };
        const out: string[] = [];
        // A benefit's name is one line (충전 보너스 once broke as 충전 / 보너 / 스 beside its value).
        for (const name of document.querySelectorAll<HTMLElement>('.level-card__benefits dt'))
          if (lines(name) > 1) out.push(name.textContent ?? '');
        // A shortcut of one word (ログイン端末) on two lines is broken inside the word.
        for (const name of document.querySelectorAll<HTMLElement>('.shortcuts__link span'))
          if (lines(name) > 1 && !/\s/.test(name.textContent?.trim() ?? '')) out.push(name.textContent ?? '');
        return out;
      });
      seen[locale] = { wrapped, small: await smallTargets(page, '.referrals, .shortcuts') };
    }
    expect(seen).toEqual(Object.fromEntries(LOCALES.map((locale) => [locale, { wrapped: [], small: [] }])));
    await context.close();
  });

  it("the menu's one-word labels stay on one line, in every locale", async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    const seen: Record<string, string[]> = {};
    for (const locale of LOCALES) {
      await open(page, localePath(locale, '/'));
      await page.locator('.mobile-header [aria-haspopup="dialog"]').first().click();
      const modal = page.locator('.menu-modal');
      await modal.waitFor();
      await modal.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
      // コンプポイント and お問い合わせ once broke inside the word (コンプポイ / ント).
      seen[locale] = await page.locator('.menu-tile').evaluateAll((tiles) =>
        tiles
          .filter((tile) => {
            const label = tile.textContent?.trim() ?? '';
            if (/\s/.test(label)) return false;
            const tops = new Set<number>();
            const walker = document.createTreeWalker(tile, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of range.getClientRects()) if (r.width > 1) tops.add(Math.round(r.top / 4));
            }
            return tops.size > 1;
          })
          .map((tile) => tile.textContent?.trim() ?? ''),
      );
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
    }
    expect(seen).toEqual(Object.fromEntries(LOCALES.map((locale) => [locale, []])));
    await context.close();
  });

  it("the notes page's two actions each fit one line, in every locale", async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await dismissHealthDialogs(page);
    await signInMember(page);
    const seen: Record<string, string[]> = {};
    for (const locale of LOCALES) {
      await open(page, localePath(locale, '/note'));
      await page.locator('.entry-card__actions .btn').first().waitFor();
      // すべて既読にする once broke as すべて既読にす / る, Đánh dấu đã đọc tất cả over two lines.
      // The label's own lines (its text, not the icon beside it).
      seen[locale] = await page.locator('.entry-card__actions .btn').evaluateAll((buttons) =>
        buttons
          .filter((button) => {
            const tops = new Set<number>();
            const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of range.getClientRects()) if (r.width > 1) tops.add(Math.round(r.top / 4));
            }
            return tops.size > 1;
          })
          .map((button) => button.textContent ?? ''),
      );
    }
    expect(seen).toEqual(Object.fromEntries(LOCALES.map((locale) => [locale, []])));
    await context.close();
  });

  it("the history page's kind tabs stay on one line, in every locale", async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await dismissHealthDialogs(page);
    await signInMember(page);
    const seen: Record<string, string[]> = {};
    for (const locale of LOCALES) {
      await open(page, localePath(locale, '/user/history'));
      await page.locator('.history__tab').first().waitFor();
      // コンプポイント once broke as コンプポイ / ント.
      seen[locale] = await page.locator('.history__tab').evaluateAll((tabs) =>
        tabs
          .filter((tab) => {
            const range = document.createRange();
            range.selectNodeContents(tab);
            const rects = [...range.getClientRects()].filter((r) => r.width > 1);
            return new Set(rects.map((r) => Math.round(r.top / 4))).size > 1;
          })
          .map((tab) => tab.textContent ?? ''),
      );
    }
    expect(seen).toEqual(Object.fromEntries(LOCALES.map((locale) => [locale, []])));
    await context.close();
  });

  it('the cashier pages lay their quick amount buttons out in full rows, on a phone and at 1200 px', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await dismissHealthDialogs(page);
    await signInMember(page);
    const seen: Record<string, number[]> = {};
    for (const width of [PHONE.width, 1200])
      for (const pathname of ['/deposit', '/withdraw', '/comp']) {
        await page.setViewportSize({ width, height: 900 });
        await open(page, localePath('ko', pathname));
        const group = page.locator('.amount-quick');
        await group.waitFor();
        seen[`${pathname} ${width}`] = await group.evaluate((el) => {
          const counts = new Map<number, number>();
          for (const button of el.children) {
            const top = Math.round(button.getBoundingClientRect().top);
            counts.set(top, (counts.get(top) ?? 0) + 1);
          }
          return [...counts.values()];
        });
      }
    // Five steps and reset (deposit, withdraw); three steps, "all" over two columns and reset (comp).
    // At 1200 px the rows once filled up to five, leaving reset alone on a row.
    expect(seen).toEqual({
      '/deposit 390': [3, 3],
      '/withdraw 390': [3, 3],
      '/comp 390': [3, 2],
      '/deposit 1200': [3, 3],
      '/withdraw 1200': [3, 3],
      '/comp 1200': [3, 2],
    });
    await context.close();
  });

  it('the footer stays out of sight while /register loads: no layout shift', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { shifts: number[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/register');
    await page.locator('form.register-form').waitFor();
    await page.waitForLoadState('networkidle');
    const cls = await page.evaluate(() =>
      (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
    );
    expect(cls).toBeLessThan(0.05);
    await context.close();
  });
});

describe('the console at 1024 px', () => {
  it('keeps every button label on one line (Levels, Blacklist), in Korean and English', async () => {
    const { context, page } = await newPage(browser, baseUrl, { width: 1024, height: 800 });
    await page.request.post('/api/backoffice/login', {
      headers: { origin: baseUrl },
      data: { operatorId: 'admin', password: ADMIN_PASSWORD },
    });
    const seen: Record<string, string[]> = {};
    for (const lang of ['ko', 'en'] as const)
      for (const screen of ['levels', 'blacklist']) {
        await page.goto(`/backoffice/${screen}`);
        await page.evaluate((l) => localStorage.setItem('backoffice.language', l), lang);
        await page.reload();
        await page.locator('main .btn').first().waitFor();
        await page.waitForLoadState('networkidle');
        // Once broken in two beside a form row's fields: 블랙리스트 추가 (Add to blacklist), 수정.
        seen[`${lang} ${screen}`] = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('main .btn')]
            .filter((button) => {
              const range = document.createRange();
              range.selectNodeContents(button);
              const rects = [...range.getClientRects()].filter((r) => r.width > 1);
              return new Set(rects.map((r) => Math.round(r.top / 4))).size > 1;
            })
            .map((button) => button.textContent ?? ''),
        );
      }
    expect(seen).toEqual({ 'ko levels': [], 'ko blacklist': [], 'en levels': [], 'en blacklist': [] });
    await context.close();
  });
});
