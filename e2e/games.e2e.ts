import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from './browser.ts';
import {
  dismissHealthDialogs,
  localePath,
  newMember,
  operatorClient,
  registerAndSignIn,
  SCREENS,
  text,
  type TLocale,
} from './fixtures.ts';

const baseUrl = inject('baseUrl');

/** This run's own catalog: a live-casino provider, a slot provider and a disabled slot provider. */
const stamp = Date.now().toString(36).slice(-6);
const SECRET = `e2e-provider-secret-${stamp}-0123456789abcdef`;
const LIVE = { code: `e2e-live-${stamp}`, name: 'E2E Live', nameKo: '이투이 라이브' };
const SLOT = { code: `e2e-slot-${stamp}`, name: 'E2E Slots', nameKo: '이투이 슬롯' };
const OFF = { code: `e2e-off-${stamp}`, name: 'E2E Closed', nameKo: '이투이 점검' };
const TABLE = { code: 'baccarat-e2e', nameKo: '바카라 이투이', nameEn: 'Baccarat E2E' };
/** The name a live-casino tile shows: the table's Korean name on ko, its English name otherwise. */
const tableName = (locale: TLocale) => (locale === 'ko' ? TABLE.nameKo : TABLE.nameEn);
const TABLE_TILE = TABLE.nameKo;
const SLOT_GAMES = [
  { code: 'gold-rush', nameKo: '골드 러시', nameEn: 'Gold Rush' },
  { code: 'dragon-pearl', nameKo: '드래곤 진주', nameEn: 'Dragon Pearl' },
  { code: 'lucky-seven', nameKo: '럭키 세븐', nameEn: 'Lucky Seven' },
];

let browser: Browser;
let operator: Awaited<ReturnType<typeof operatorClient>>;
let launchServer: Server;
let launchUrl: string;

const XFER = { code: `e2e-xfer-${stamp}`, name: 'E2E Transfer', nameKo: '이투이 머니' };
const XFER_TABLE = { code: 'holdem-e2e', nameKo: '홀덤 이투이', nameEn: 'Holdem E2E' };
const XFER_TILE = XFER_TABLE.nameKo;

/** What the transfer-wallet provider of this test holds per member (its own wallet), and its moves. */
const heldAtProvider = new Map<string, number>();
const transferMoves = new Map<string, { action: 'deposit' | 'withdraw'; amount: number }>();

/**
 * The transfer API of a transfer-wallet provider (docs/providers.md): `POST <apiUrl>/<action>`,
 * answers signed with HMAC-SHA256 of the raw body. Deposits add to the member's wallet here,
 * a withdrawal pays back all of it.
 */
function answerTransfer(action: string, body: Record<string, unknown>): object {
  const userId = String(body.userId ?? '');
  const transferId = String(body.transferId ?? '');
  const held = heldAtProvider.get(userId) ?? 0;
  switch (action) {
    case 'deposit': {
      if (!transferMoves.has(transferId)) {
        transferMoves.set(transferId, { action: 'deposit', amount: Number(body.amount) });
        heldAtProvider.set(userId, held + Number(body.amount));
      }
      return { status: 'RS_OK', balance: heldAtProvider.get(userId) };
    }
    case 'withdraw': {
      const done = transferMoves.get(transferId);
      if (done) return { status: 'RS_OK', amount: done.amount };
      transferMoves.set(transferId, { action: 'withdraw', amount: held });
      heldAtProvider.set(userId, 0);
      return { status: 'RS_OK', amount: held };
    }
    case 'balance':
      return { status: 'RS_OK', balance: held };
    default: {
      const done = transferMoves.get(transferId);
      return done ? { status: 'RS_OK', state: 'done', ...done } : { status: 'RS_OK', state: 'not_found' };
    }
  }
}

/** The provider's own launch page and transfer API: a tiny server of this test, on a port of its own. */
function startLaunchServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'POST' && url.pathname.startsWith('/transfer/')) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const answer = JSON.stringify(
          answerTransfer(
            url.pathname.slice('/transfer/'.length),
            JSON.parse(Buffer.concat(chunks).toString()),
          ),
        );
        response.writeHead(200, {
          'content-type': 'application/json',
          'x-signature': createHmac('sha256', SECRET).update(answer).digest('hex'),
        });
        response.end(answer);
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><head><title>E2E game</title></head><body style="background:#111;color:#eee">` +
        `<h1>E2E game ${url.searchParams.get('game') ?? ''}</h1></body></html>`,
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  launchServer = await startLaunchServer();
  launchUrl = `http://127.0.0.1:${(launchServer.address() as AddressInfo).port}/launch`;
  browser = await launchBrowser();
  operator = await operatorClient(baseUrl);
  for (const [provider, kind] of [
    [LIVE, 'casino'],
    [SLOT, 'slot'],
    [OFF, 'slot'],
  ] as const) {
    await operator.post('/api/backoffice/providers', {
      ...provider,
      kind,
      wallet: 'seamless',
      launchUrl,
      secret: SECRET,
    });
  }
  await operator.post('/api/backoffice/providers', {
    ...XFER,
    kind: 'casino',
    wallet: 'transfer',
    launchUrl,
    apiUrl: launchUrl.replace(/\/launch$/, '/transfer'),
    secret: SECRET,
  });
  await operator.post('/api/backoffice/games', { provider: LIVE.code, ...TABLE });
  await operator.post('/api/backoffice/games', { provider: XFER.code, ...XFER_TABLE });
  for (const [order, game] of SLOT_GAMES.entries())
    await operator.post('/api/backoffice/games', { provider: SLOT.code, ...game, order });
  await operator.post('/api/backoffice/games', { provider: OFF.code, ...SLOT_GAMES[0]! });
  await operator.patch(`/api/backoffice/providers/${OFF.code}`, { enabled: false });
  mkdirSync(SCREENS, { recursive: true });
});

afterAll(async () => {
  await operator?.close();
  await browser?.close();
  await new Promise((resolve) => launchServer?.close(resolve));
});

/** The dialogs of the member's own action (not the health check's). */
function actionDialog(page: Page) {
  return page
    .locator(
      '[role="dialog"]:not([data-dialog-id^="health-"]), [role="alertdialog"]:not([data-dialog-id^="health-"])',
    )
    .last();
}

async function expectDialog(page: Page, message: string, role: 'dialog' | 'alertdialog') {
  const dialog = actionDialog(page);
  await dialog.getByText(message).waitFor();
  expect(await dialog.getAttribute('role')).toBe(role);
  await dialog.locator('button.btn--primary').click();
  await dialog.waitFor({ state: 'detached' });
}

function tile(page: Page, name: string) {
  return page.locator('button.game-tile').filter({ hasText: name });
}

async function openLobby(page: Page, locale: TLocale) {
  await page.goto(localePath(locale, '/game'));
  await page.getByRole('heading', { level: 1, name: text(locale, 'common:menu.game') }).waitFor();
  await tile(page, tableName(locale)).waitFor();
}

async function showSlots(page: Page, locale: TLocale) {
  await page.getByRole('tab', { name: text(locale, 'game:tabs.slot') }).click();
  await tile(page, locale === 'ko' ? SLOT.nameKo : SLOT.name).waitFor();
}

/** Presses a tile that opens a game and returns the game's window, checking its launch URL. */
async function openGameWindow(
  context: BrowserContext,
  page: Page,
  locale: TLocale,
  press: () => Promise<void>,
  game: string,
) {
  const popupPromise = context.waitForEvent('page');
  await press();
  const popup = await popupPromise;
  await actionDialog(page).getByText(text(locale, 'common:msg2217')).waitFor();
  await popup.waitForURL(/\/launch\?/);
  const url = new URL(popup.url());
  expect(url.origin + url.pathname).toBe(launchUrl);
  expect(url.searchParams.get('token')).toMatch(/^[\w-]{20,}$/);
  expect(url.searchParams.get('game')).toBe(game);
  expect(url.searchParams.get('lang')).toBe(locale);
  expect(url.searchParams.get('currency')).toBe('KRW');
  await popup.getByText(`E2E game ${game}`).waitFor();
  // The loading dialog closes by itself (4 s).
  await actionDialog(page)
    .getByText(text(locale, 'common:msg2217'))
    .waitFor({ state: 'detached', timeout: 8_000 });
  return { popup, token: url.searchParams.get('token')! };
}

async function screenshot(page: Page, name: string) {
  // Fonts and the opening animations settle first, so the picture shows what a member sees after
  // a moment (a layer fades in for 0.18 s).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all([document.fonts.ready, ...document.getAnimations().map((a) => a.finished)]).then(
      () => undefined,
    ),
  );
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: false });
  await page.emulateMedia({ reducedMotion: null });
}

/** Signs a wallet call as the provider does: hex HMAC-SHA256 of the raw body with the provider's secret. */
async function walletCall(page: Page, provider: string, action: string, body: Record<string, unknown>) {
  const raw = JSON.stringify(body);
  const res = await page.request.post(`/api/wallet/${provider}/${action}`, {
    headers: {
      'content-type': 'application/json',
      'x-signature': createHmac('sha256', SECRET).update(raw).digest('hex'),
    },
    data: raw,
  });
  return (await res.json()) as { status: string };
}

for (const [label, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  describe(`the game lobby on a ${label} (${viewport.width} px)`, () => {
    it('a guest sees the tiles but gets msg2001 on any of them, and stays on the lobby', async () => {
      const { context, page } = await newPage(browser, baseUrl, viewport);
      await openLobby(page, 'ko');
      const pages = context.pages().length;
      await tile(page, TABLE_TILE).click();
      await expectDialog(page, text('ko', 'common:msg2001'), 'alertdialog');
      await showSlots(page, 'ko');
      await tile(page, SLOT.nameKo).click();
      await expectDialog(page, text('ko', 'common:msg2001'), 'alertdialog');
      expect(new URL(page.url()).pathname).toBe('/game');
      expect(context.pages()).toHaveLength(pages);
      await context.close();
    });

    it('a member: the disabled provider (msg2002), a live-casino table in a new window, the slot modal in ko and en', async () => {
      const { context, page } = await newPage(browser, baseUrl, viewport);
      await dismissHealthDialogs(page);
      const member = newMember();
      await registerAndSignIn(page, baseUrl, member);

      await openLobby(page, 'ko');
      if (viewport === PHONE) await screenshot(page, 'lobby-ko-390');
      else await screenshot(page, 'lobby-ko-1440');

      // The live-casino table opens in a window of its own, at the provider's launch page.
      const { popup } = await openGameWindow(
        context,
        page,
        'ko',
        () => tile(page, TABLE_TILE).click(),
        TABLE.code,
      );
      await popup.close();

      // The disabled slot provider says it is closed (msg2002, info) and opens nothing.
      await showSlots(page, 'ko');
      const closed = tile(page, OFF.nameKo);
      await closed.getByText(text('ko', 'game:tile.closed')).waitFor();
      // aria-disabled (announced as dimmed) but still pressable, which Playwright's checks refuse.
      await closed.click({ force: true });
      await expectDialog(page, text('ko', 'common:msg2002'), 'dialog');
      await expect.poll(() => page.getByRole('dialog', { name: OFF.nameKo }).count()).toBe(0);

      // The slot provider opens the modal: Korean names on ko; Escape closes it, focus returns.
      await tile(page, SLOT.nameKo).click();
      const modal = page.getByRole('dialog', { name: SLOT.nameKo });
      await modal.waitFor();
      for (const game of SLOT_GAMES) await tile(page, game.nameKo).waitFor();
      expect(await modal.getByText(SLOT_GAMES[0]!.nameEn).count()).toBe(0);
      await screenshot(page, `modal-ko-${viewport.width}`);
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toContain(SLOT.nameKo);

      // Again, and a slot game opens in the game window.
      await tile(page, SLOT.nameKo).click();
      await modal.waitFor();
      const slotGame = await openGameWindow(
        context,
        page,
        'ko',
        () => tile(page, SLOT_GAMES[1]!.nameKo).click(),
        SLOT_GAMES[1]!.code,
      );
      await slotGame.popup.close();
      await modal.getByRole('button', { name: text('ko', 'common:action.close') }).click();
      await modal.waitFor({ state: 'detached' });

      // English: the English names, and the game launched in English.
      // Providers go by their own name outside Korean.
      await openLobby(page, 'en');
      await showSlots(page, 'en');
      await tile(page, SLOT.name).click();
      const modalEn = page.getByRole('dialog', { name: SLOT.name });
      await modalEn.waitFor();
      for (const game of SLOT_GAMES) await tile(page, game.nameEn).waitFor();
      expect(await modalEn.getByText(SLOT_GAMES[0]!.nameKo).count()).toBe(0);
      const english = await openGameWindow(
        context,
        page,
        'en',
        () => tile(page, SLOT_GAMES[0]!.nameEn).click(),
        SLOT_GAMES[0]!.code,
      );
      await english.popup.close();
      await modalEn.getByRole('button', { name: text('en', 'common:action.close') }).click();
      await modalEn.waitFor({ state: 'detached' });

      // Japanese, for the screenshots.
      await openLobby(page, 'jp');
      await screenshot(page, `lobby-jp-${viewport.width}`);
      await showSlots(page, 'jp');
      await tile(page, SLOT.name).click();
      await page.getByRole('dialog', { name: SLOT.name }).waitFor();
      await tile(page, SLOT_GAMES[0]!.nameEn).waitFor();
      await screenshot(page, `modal-jp-${viewport.width}`);
      await context.close();
    });
  });
}

/** The cash balance in the header of the width in use (desktop strip or phone header). */
function headerBalance(page: Page) {
  return page
    .locator('.desktop-header .balances__item--money dd:visible, .mobile-header__balance .money:visible')
    .first();
}

describe('a transfer-wallet game', () => {
  it('takes the cash into the game, brings it back when the game window closes, and by hand on my page', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await operator.adjust(member.userId, 30_000, 'cash', 'e2e transfer wallet');

    // Opening the table moves the whole cash to the provider; the header follows.
    await openLobby(page, 'ko');
    await tile(page, XFER_TILE).waitFor();
    await expect.poll(() => headerBalance(page).textContent()).toBe('30,000원');
    const first = await openGameWindow(
      context,
      page,
      'ko',
      () => tile(page, XFER_TILE).click(),
      XFER_TABLE.code,
    );
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('0원');
    expect(heldAtProvider.get(member.userId)).toBe(30_000);

    // The member plays a while (a window that closes within 5 s of opening reads as cut off by the
    // game page, not closed by the member), wins 15,000 at the table and closes its window: the
    // money comes back by itself.
    heldAtProvider.set(member.userId, 45_000);
    await page.waitForTimeout(5_500);
    await first.popup.close();
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('45,000원');
    expect(heldAtProvider.get(member.userId)).toBe(0);

    // Again, but this time the member fetches it on my page while the game is still open.
    const second = await openGameWindow(
      context,
      page,
      'ko',
      () => tile(page, XFER_TILE).click(),
      XFER_TABLE.code,
    );
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('0원');
    await page.goto('/user');
    const card = page.locator('.game-money');
    await card.getByText('45,000원').waitFor();
    await card.getByRole('button', { name: text('ko', 'account:gameMoney.moveBack') }).click();
    await actionDialog(page)
      .getByText(text('ko', 'account:gameMoney.done', { money: '45,000원' }))
      .waitFor();
    await actionDialog(page).locator('button.btn--primary').click();
    await card.getByText('0원').waitFor();
    expect(
      await card.getByRole('button', { name: text('ko', 'account:gameMoney.moveBack') }).isDisabled(),
    ).toBe(true);
    await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe('45,000원');

    // Closing the game window now moves nothing more (in_balance is 0).
    await second.popup.close();
    await page.waitForTimeout(1_500);
    await expect.poll(() => headerBalance(page).textContent()).toBe('45,000원');
    await context.close();
  });
});

describe('my page after playing', () => {
  it('lists the round the provider settled in the bet history', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await operator.adjust(member.userId, 50_000, 'cash', 'e2e game money');

    await openLobby(page, 'ko');
    await showSlots(page, 'ko');
    await tile(page, SLOT.nameKo).click();
    const { popup, token } = await openGameWindow(
      context,
      page,
      'ko',
      () => tile(page, SLOT_GAMES[2]!.nameKo).click(),
      SLOT_GAMES[2]!.code,
    );
    await popup.close();

    // The provider takes a bet of 5,000원 and pays 12,000원 in round r-<stamp>.
    const round = `r-${stamp}`;
    const common = { userId: member.userId, roundId: round, gameCode: SLOT_GAMES[2]!.code };
    expect(
      (
        await walletCall(page, SLOT.code, 'bet', {
          ...common,
          token,
          transactionId: `b-${stamp}`,
          amount: 5_000,
        })
      ).status,
    ).toBe('RS_OK');
    expect(
      (
        await walletCall(page, SLOT.code, 'win', {
          ...common,
          transactionId: `w-${stamp}`,
          amount: 12_000,
          roundClosed: true,
        })
      ).status,
    ).toBe('RS_OK');

    await page.goto('/user');
    const row = page.locator('.bet-row').filter({ hasText: round });
    await row.waitFor();
    await row.getByText(SLOT_GAMES[2]!.nameKo).waitFor();
    await row.getByText('5,000원').waitFor();
    await row.getByText('12,000원').waitFor();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    await row.getByText(today).waitFor();
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'user-bets-ko-1440');
    await page.setViewportSize(PHONE);
    await page.locator('.game-money').scrollIntoViewIfNeeded();
    await screenshot(page, 'user-game-money-ko-390');
    await row.scrollIntoViewIfNeeded();
    await screenshot(page, 'user-bets-ko-390');
    await context.close();
  });
});
