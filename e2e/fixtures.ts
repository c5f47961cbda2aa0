import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from 'playwright-core';
import { launchBrowser } from './browser.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the specs' screenshots go (`.tmp/` is not committed). */
export const SCREENS = process.env.E2E_SCREENSHOTS || path.join(root, '.tmp/e2e-screens');

/** The passwords global-setup gives the server it starts. */
export const DEMO_PASSWORD = 'demo-e2e-Password1';
export const ADMIN_PASSWORD = 'admin-e2e-Password1';

let serial = 0;

/** A registration payload no other test uses (ids, phone and bank account are unique). */
export function newMember() {
  serial += 1;
  const stamp = `${Date.now().toString(36).slice(-5)}${serial}`;
  const digits = String(Date.now() * 10 + serial).slice(-8);
  return {
    userId: `e2e${stamp}`.slice(0, 16),
    password: 'Correct-Horse-42',
    nick: `회원${stamp}`.slice(0, 10),
    phone: `010${digits}`,
    bankname: '004',
    bankOwner: '홍길동',
    banknum: `3333${digits}`,
    exchangePassword: '2468',
  };
}
export type TNewMember = ReturnType<typeof newMember>;

/**
 * Registers a member through the API and signs the page's browser in with the credentials sign-in
 * (the portal's own path), so the browser holds a real session cookie.
 */
export async function registerAndSignIn(page: Page, baseUrl: string, member: TNewMember): Promise<void> {
  const headers = { origin: baseUrl };
  const registered = await page.request.post('/api/routes/user-register', {
    headers,
    data: {
      userId: member.userId,
      password: member.password,
      nick: member.nick,
      phone: member.phone,
      bankname: member.bankname,
      bankOwner: member.bankOwner,
      banknum: member.banknum,
      exchangePassword: member.exchangePassword,
      code: 'DEMO',
      agree18: true,
    },
  });
  const body = (await registered.json()) as { status: string };
  if (body.status !== 'success') throw new Error(`user-register answered ${JSON.stringify(body)}`);
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const signedIn = await page.request.post('/api/auth/callback/credentials', {
    headers,
    form: { csrfToken, userId: member.userId, password: member.password, callbackUrl: '/', json: 'true' },
  });
  if (signedIn.status() !== 200) throw new Error(`credentials sign-in answered ${signedIn.status()}`);
}

/**
 * Fills the portal's registration form on the page (opened already) with `member`'s fields, as a
 * visitor types them (the bank chosen once its options are in), and gives the form back.
 */
export async function fillRegisterForm(page: Page, member: TNewMember) {
  const form = page.locator('form.register-form');
  await form.locator('input[name="userId"]').fill(member.userId);
  await form.locator('input[name="password"]').fill(member.password);
  await form.locator('input[name="passwordConfirm"]').fill(member.password);
  await form.locator('input[name="nick"]').fill(member.nick);
  await form.locator('input[name="phone"]').fill(member.phone);
  await form.locator('select[name="bankname"] option[value="004"]').waitFor({ state: 'attached' });
  await form.locator('select[name="bankname"]').selectOption('004');
  await form.locator('input[name="bankOwner"]').fill(member.bankOwner);
  await form.locator('input[name="banknum"]').fill(member.banknum);
  await form.locator('input[name="exchangePassword"]').fill(member.exchangePassword);
  return form;
}

interface QueueRow {
  id: number;
  userId: string;
  amount: number;
  state: string;
}

/** The back-office API as an operator's tool uses it: its own cookie, the site's origin. */
export async function operatorClient(baseUrl: string) {
  const api: APIRequestContext = await request.newContext({
    baseURL: baseUrl,
    extraHTTPHeaders: { origin: baseUrl },
  });
  const login = await api.post('/api/backoffice/login', {
    data: { operatorId: 'admin', password: ADMIN_PASSWORD },
  });
  const answer = (await login.json()) as { status: string };
  if (answer.status !== 'success') throw new Error(`operator login answered ${JSON.stringify(answer)}`);
  let keys = 0;
  const send = async (method: 'POST' | 'PATCH' | 'PUT', url: string, data: unknown = {}) => {
    keys += 1;
    const res = await api.fetch(url, {
      method,
      data,
      headers: { 'idempotency-key': `e2e-${Date.now()}-${keys}` },
    });
    const json = (await res.json()) as { status: string };
    if (res.status() !== 200 || json.status !== 'success')
      throw new Error(`${method} ${url} answered ${res.status()} ${JSON.stringify(json)}`);
  };
  const post = (url: string, data: unknown = {}) => send('POST', url, data);
  /** The member's pending request of a kind (the operator's queue, state `wait`). */
  const pending = async (kind: 'deposit' | 'withdraw', userId: string): Promise<QueueRow> => {
    const res = await api.get(`/api/backoffice/${kind}s?state=wait&pageSize=100`);
    const { list } = (await res.json()) as { list: QueueRow[] };
    const row = list.find((r) => r.userId === userId);
    if (!row) throw new Error(`no waiting ${kind} of ${userId}`);
    return row;
  };
  return {
    pending,
    approve: async (kind: 'deposit' | 'withdraw', userId: string) =>
      post(`/api/backoffice/${kind}s/${(await pending(kind, userId)).id}/approve`),
    reject: async (kind: 'deposit' | 'withdraw', userId: string, reason: string) =>
      post(`/api/backoffice/${kind}s/${(await pending(kind, userId)).id}/reject`, { reason }),
    adjust: (userId: string, amount: number, kind: 'cash' | 'point', reason: string) =>
      post(`/api/backoffice/members/${userId}/adjust`, { amount, kind, reason }),
    /** Any other back-office change that answers `success` (the game catalog ...). */
    post,
    /** A back-office read, its JSON answer. */
    get: async <T>(url: string): Promise<T> => {
      const res = await api.get(url);
      if (res.status() !== 200) throw new Error(`GET ${url} answered ${res.status()}`);
      return (await res.json()) as T;
    },
    patch: (url: string, data: unknown = {}) => send('PATCH', url, data),
    put: (url: string, data: unknown = {}) => send('PUT', url, data),
    close: () => api.dispose(),
  };
}

export type TOperatorClient = Awaited<ReturnType<typeof operatorClient>>;

/** What a spec file shares between its tests: one Chromium and, when asked, the admin's back-office client. */
export interface TSpecFile {
  readonly browser: Browser;
  readonly operator: TOperatorClient;
}

/**
 * Opens one Chromium for the spec file before its tests (and the admin's back-office client with
 * `operator`; with `screens`, makes that folder for its screenshots first) and closes both after
 * them. Read `browser` and `operator` inside tests and hooks only.
 */
export function specFile(baseUrl: string, options: { operator?: boolean; screens?: string } = {}): TSpecFile {
  let browser: Browser | undefined;
  let operator: TOperatorClient | undefined;
  beforeAll(async () => {
    if (options.screens) mkdirSync(options.screens, { recursive: true });
    browser = await launchBrowser();
    if (options.operator) operator = await operatorClient(baseUrl);
  });
  afterAll(async () => {
    await operator?.close();
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error('the browser opens in beforeAll: read it inside a test');
      return browser;
    },
    get operator() {
      if (!operator) throw new Error('specFile(baseUrl, { operator: true }) opens the operator client');
      return operator;
    },
  };
}

export const LOCALES = ['ko', 'en', 'jp', 'vn', 'cn'] as const;
export type TLocale = (typeof LOCALES)[number];

/** A portal translation as the member reads it, from the shipped locale files. */
export function text(locale: TLocale, key: string, values: Record<string, string> = {}): string {
  const [ns, ...rest] = key.split(':');
  const file = path.join(root, 'apps/portal/public/locales', locale, `${ns}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of rest.join(':').split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no string ${key} in ${locale}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/**
 * A back-office string as the operator reads it (`boText('en', 'queue.approve')`): the console's
 * shell strings (`apps/backoffice/src/i18n/<lang>.json`) with each feature's own
 * (`features/<f>/i18n/<lang>.json`) merged under the feature's name, as the console's i18n.ts does.
 */
export function boText(lang: 'ko' | 'en', key: string, values: Record<string, string | number> = {}): string {
  const dir = path.join(root, 'apps/backoffice/src');
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const tree = read(path.join(dir, 'i18n', `${lang}.json`));
  for (const feature of readdirSync(path.join(dir, 'features'))) {
    const file = path.join(dir, 'features', feature, 'i18n', `${lang}.json`);
    if (existsSync(file))
      tree[feature] = { ...(tree[feature] as Record<string, unknown> | undefined), ...read(file) };
  }
  let node: unknown = tree;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`no back-office string ${key} in ${lang}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** The URL of a page in a locale: Korean unprefixed, the others under their prefix. */
export function localePath(locale: TLocale, pathname: string): string {
  return locale === 'ko' ? pathname : `/${locale}${pathname}`;
}

/** Signs the admin in to the back office (Korean login form) on a fresh page. */
export async function signInToBackoffice(page: Page): Promise<void> {
  await page.goto('/backoffice/');
  await page.getByLabel('운영자 아이디').fill('admin');
  await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
}

/** The dialogs the member's own action opened (a question, an answer), not the health check's nor site popups. */
function actionDialogs(page: Page) {
  return page.locator(
    '[role="dialog"]:not([data-dialog-id^="health-"]):not(.site-popup), [role="alertdialog"]:not([data-dialog-id^="health-"])',
  );
}

/** Answers the top dialog of the member's action with its main (confirm) button. */
export async function confirmTopDialog(page: Page): Promise<void> {
  const dialog = actionDialogs(page).last();
  await dialog.waitFor();
  const handle = await dialog.elementHandle();
  await dialog.locator('button.btn--primary').click();
  await handle?.waitForElementState('hidden');
}

/**
 * Closes the health check's "new notes" / "new help answers" dialogs whenever they stand in the way
 * of an action, as a member who reads them later would. (Every approval sends a note, and the
 * health check asks about unread notes after each action and page load.)
 */
export async function dismissHealthDialogs(page: Page): Promise<void> {
  // The health check asks again after every action and page load (until issue 12's "once per new
  // count" rule), so the dialog may be back before Playwright sees it hidden: dismiss it each time
  // it stands in the way instead of waiting for it to stay away.
  await page.addLocatorHandler(
    page.locator('[data-dialog-id^="health-"]').first(),
    async (dialog) => {
      await dialog.locator('button.btn--secondary').click();
    },
    { noWaitAfter: true },
  );
}

/** A game client string as the member reads it, from the studio's shipped locale files (Korean unless told). */
export function studioText(
  key: string,
  values: Record<string, string | number> = {},
  locale: TLocale = 'ko',
): string {
  const [ns, ...rest] = key.split(':');
  const file = path.join(root, 'apps/studio/web/src/i18n/locales', locale, `${ns}.json`);
  let node: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of rest.join(':').split('.')) node = (node as Record<string, unknown>)[part];
  if (typeof node !== 'string') throw new Error(`no studio string ${key} in ${locale}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/**
 * A screenshot of the viewport once the fonts and the finite animations have settled (a game
 * scene's endless ones are left running), taken with reduced motion.
 */
export async function settledScreenshot(page: Page, file: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
  });
  await page.screenshot({ path: file, fullPage: false });
  await page.emulateMedia({ reducedMotion: null });
}

/** `s` as a regular expression that matches it to the letter. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A game tile of the lobby or of a provider's modal, by its whole name. */
export function gameTile(page: Page, name: string) {
  return page
    .locator('button.game-tile')
    .filter({ has: page.locator('.game-tile__name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) });
}

/** The house slot provider of the lobby's slot tab and the slot `openHouseSlot` opens (Korean names). */
export const HOUSE_SLOT = { providerKo: '하우스 슬롯', code: 'jade-lotus', nameKo: '제이드 로터스' } as const;

/**
 * The house slot in its own window, as a member opens it from the lobby (Korean): the slot tab, the
 * house slot provider, then its slot; once the game shows, the portal's loading dialog has gone and
 * the provider's modal is closed. With `turbo`, the slot's turbo is on (short presentations).
 */
export async function openHouseSlot(
  context: BrowserContext,
  page: Page,
  options: { turbo?: boolean } = {},
): Promise<Page> {
  const soon = { timeout: 15_000 };
  await page.goto('/game');
  // The lobby is prerendered: its tabs answer once the app has taken over.
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
  await page.getByRole('heading', { level: 1, name: text('ko', 'common:menu.game') }).waitFor();
  await page.getByRole('tab', { name: text('ko', 'game:tabs.slot') }).click();
  const modal = page.getByRole('dialog', { name: HOUSE_SLOT.providerKo });
  // A site popup that shows as the tile is pressed takes the press (the popup handler of
  // browser.ts then closes it): pressed again until the provider's modal is open.
  await expect
    .poll(
      async () => {
        if (!(await modal.isVisible())) await gameTile(page, HOUSE_SLOT.providerKo).click();
        return modal.isVisible();
      },
      { timeout: 30_000, interval: 1_500 },
    )
    .toBe(true);
  const popupPromise = context.waitForEvent('page');
  await gameTile(page, HOUSE_SLOT.nameKo).click();
  const popup = await popupPromise;
  await popup.waitForURL(/\/studio\/play\?/);
  expect(new URL(popup.url()).searchParams.get('game')).toBe(HOUSE_SLOT.code);
  await popup.getByRole('button', { name: studioText('shell:fair.title') }).waitFor();
  // The portal's loading dialog closes by itself; then the slot modal is closed.
  await actionDialogs(page)
    .last()
    .getByText(text('ko', 'common:msg2217'))
    .waitFor({ state: 'detached', timeout: 10_000 });
  await modal.getByRole('button', { name: text('ko', 'common:action.close') }).click();
  await modal.waitFor({ state: 'detached' });
  if (options.turbo) {
    const turbo = popup.getByRole('button', { name: studioText('slots:controls.turbo') });
    await turbo.click();
    await expect.poll(() => turbo.getAttribute('aria-pressed'), soon).toBe('true');
  }
  return popup;
}
