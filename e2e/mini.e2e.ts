import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, PHONE, launchBrowser, newPage } from './browser.ts';
import {
  boText,
  dismissHealthDialogs,
  gameTile,
  localePath,
  newMember,
  operatorClient,
  registerAndSignIn,
  signInToBackoffice,
  studioText,
  text,
  type TLocale,
} from './fixtures.ts';

/*
 * Issue 27: a member on a phone opens Powerball and Ladder from the portal's MINI GAME tab, bets on
 * the round open now (both sides of one market, so one bet wins whatever the draw), sees the draw
 * pushed by the game's stream, is paid at the draw, and verifies the round from its published seed
 * on the verify page; the operator sees the round's bets on the console's Mini games screen.
 * Rounds run on the studio's real clock: the operator first sets both games to a 1-minute cadence
 * and a 10-second cut-off through the back office's settings (as an operator would; the round
 * scheduled now, with no bet on it yet, is re-timed to the new clock), so the test waits for real
 * draws a minute apart instead of the defaults' 5 and 3 minutes. Screenshots: phone in Korean,
 * desktop in English.
 */

const baseUrl = inject('baseUrl');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHOTS = process.env.E2E_SCREENSHOTS || path.join(root, '.tmp/e2e-screens');
const SOON = { timeout: 20_000 };
/** The clock the test sets: a draw every minute, betting closed 10 s before it. */
const CLOCK = { cadenceMinutes: 1, cutoffSeconds: 10 };
/** The defaults, set back afterwards. */
const DEFAULT_CLOCK = {
  powerball: { cadenceMinutes: 5, cutoffSeconds: 30 },
  ladder: { cadenceMinutes: 3, cutoffSeconds: 30 },
};
/** The longest wait for a draw: two rounds of the 1-minute cadence and a margin. */
const DRAW = { timeout: 150_000, interval: 1_000 };

let browser: Browser;
let operator: Awaited<ReturnType<typeof operatorClient>>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launchBrowser();
  operator = await operatorClient(baseUrl);
  for (const game of ['powerball', 'ladder'] as const)
    await operator.patch(`/api/backoffice/mini/${game}/settings`, CLOCK);
});
afterAll(async () => {
  for (const game of ['powerball', 'ladder'] as const)
    await operator
      ?.patch(`/api/backoffice/mini/${game}/settings`, DEFAULT_CLOCK[game])
      .catch(() => undefined);
  await operator?.close();
  await browser?.close();
});

type TGame = 'powerball' | 'ladder';

/** Whole won as the game writes it in Korean (`9,750원`) or English (`₩9,750`). */
function won(amount: number, locale: TLocale): string {
  return locale === 'ko'
    ? `${new Intl.NumberFormat('ko-KR').format(amount)}원`
    : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'KRW' }).format(amount);
}

/**
 * The mini-game's window, opened from the portal's MINI GAME tab as a member does. The portal opens
 * every game in its one game window: with `reuse`, that window (already open) loads the game.
 */
async function openMiniGame(
  context: BrowserContext,
  page: Page,
  game: TGame,
  locale: TLocale,
  reuse?: Page,
): Promise<Page> {
  await page.bringToFront();
  await page.goto(localePath(locale, '/game'));
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
  await page.getByRole('tab', { name: text(locale, 'game:tabs.mini') }).click();
  // The catalog names a game in Korean on ko and in English otherwise, as the game does.
  const tile = gameTile(page, studioText(`mini:games.${game}`, {}, locale === 'ko' ? 'ko' : 'en'));
  await tile.waitFor(SOON);
  const popupPromise = reuse ? Promise.resolve(reuse) : context.waitForEvent('page');
  await tile.click();
  const popup = await popupPromise;
  await popup.waitForURL(new RegExp(`/studio/play\\?.*game=${game}`), SOON);
  await popup
    .getByRole('heading', { level: 1, name: studioText(`mini:games.${game}`, {}, locale), exact: true })
    .waitFor(SOON);
  return popup;
}

/** The open round's number as the clock shows it, waiting for one with time left to bet. */
async function openRound(popup: Page, locale: TLocale): Promise<{ dayRound: number; round: number }> {
  const clock = popup.locator('.mg-clock');
  await expect
    .poll(async () => {
      const closing = (await clock.locator('.mg-clock__label').textContent()) ?? '';
      const digits = (await clock.locator('.mg-clock__digits').textContent()) ?? '0:00';
      const [m, s] = digits.split(':').map(Number);
      return closing === studioText('mini:clock.closeIn', {}, locale) && m! * 60 + s! >= 8;
    }, DRAW)
    .toBe(true);
  const label = (await clock.locator('.mg-clock__round').textContent()) ?? '';
  const [dayRound, round] = (label.match(/\d+/g) ?? []).map(Number);
  return { dayRound: dayRound!, round: round! };
}

/** Puts `stake` on each of two opposite markets of a group and sends the slip; answers the odds shown. */
async function betBothSides(
  popup: Page,
  locale: TLocale,
  group: string,
  sides: [string, string],
  stake: number,
): Promise<number[]> {
  const chipText = new Intl.NumberFormat(locale === 'ko' ? 'ko-KR' : 'en-US', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(stake);
  await popup.getByRole('radio', { name: chipText }).click();
  const region = popup.getByRole('region', {
    name: studioText(`mini:groups.${group}`, {}, locale),
    exact: true,
  });
  const odds: number[] = [];
  for (const side of sides) {
    const button = region.getByRole('button', {
      // Its name is the outcome and its odds (`좌 1.95`), not a pair's (`좌 · 3줄 3.90`).
      name: new RegExp(`^${studioText(`mini:outcomes.${side}`, {}, locale)} \\d`),
    });
    odds.push(Math.round(Number(await button.locator('.mg-market__odds').textContent()) * 100));
    await button.click();
  }
  await popup.getByRole('button', { name: studioText('mini:slip.place', {}, locale) }).click();
  return odds;
}

const balanceOf = async (popup: Page) => (await popup.locator('.st-balance__value').textContent()) ?? '';

describe('mini-games on a phone (Korean)', () => {
  it(
    'a member bets on Powerball and on Ladder, sees the draws, is paid, and verifies a round; the operator sees its bets',
    async () => {
      const { context, page } = await newPage(browser, baseUrl, PHONE);
      await dismissHealthDialogs(page);
      const member = newMember();
      await registerAndSignIn(page, baseUrl, member);
      await operator.adjust(member.userId, 200_000, 'cash', 'e2e mini-games');

      const myBets = async (popup: Page, scope: 'round' | 'day') => {
        await popup.getByRole('tab', { name: studioText('mini:tabs.mine') }).click();
        await popup.getByRole('tab', { name: studioText(`mini:mine.${scope}`) }).click();
        return (await popup.locator('.mg-mybets').textContent()) ?? '';
      };

      // Powerball: odd and even of the powerball, 5,000 each, on the round open now.
      const game = await openMiniGame(context, page, 'powerball', 'ko');
      await game.setViewportSize(PHONE);
      await expect.poll(() => balanceOf(game), SOON).toBe(won(200_000, 'ko'));
      const pbRound = await openRound(game, 'ko');
      const pbOdds = await betBothSides(game, 'ko', 'pbOddEven', ['odd', 'even'], 5_000);
      await game.getByText(studioText('mini:slip.placed', { round: pbRound.dayRound })).waitFor(SOON);
      await expect.poll(() => balanceOf(game), SOON).toBe(won(190_000, 'ko'));
      await game.screenshot({ path: path.join(SHOTS, 'mini-powerball-ko-390.png'), fullPage: true });

      // Ladder, in the same game window: left and right, 5,000 each.
      await openMiniGame(context, page, 'ladder', 'ko', game);
      const ldRound = await openRound(game, 'ko');
      const ldOdds = await betBothSides(game, 'ko', 'start', ['left', 'right'], 5_000);
      await game.getByText(studioText('mini:slip.placed', { round: ldRound.dayRound })).waitFor(SOON);
      await expect.poll(() => balanceOf(game), SOON).toBe(won(180_000, 'ko'));

      // The ladder's draw comes by push while the member watches; the winning side is paid at once.
      const ldWin = Math.floor((5_000 * ldOdds[0]!) / 100);
      await expect
        .poll(() => myBets(game, 'round'), DRAW)
        .toContain(`${studioText('mini:mine.states.won')} ${won(ldWin, 'ko')}`);
      await game.locator('.mg-ladder__path--done').waitFor(SOON);
      // The balance after the settlement (the Powerball round may have been drawn and paid already).
      await expect
        .poll(() => balanceOf(game), SOON)
        .toSatisfy((b: string) =>
          [
            won(180_000 + ldWin, 'ko'),
            won(180_000 + ldWin + Math.floor((5_000 * pbOdds[0]!) / 100), 'ko'),
          ].includes(b),
        );
      await game.getByRole('tab', { name: studioText('mini:tabs.patterns') }).click();
      await game.screenshot({ path: path.join(SHOTS, 'mini-ladder-drawn-ko-390.png'), fullPage: true });

      // Back to Powerball: its round is drawn (now, or while the member was on the ladder), paid.
      await openMiniGame(context, page, 'powerball', 'ko', game);
      const pbWin = Math.floor((5_000 * pbOdds[0]!) / 100);
      await expect
        .poll(() => myBets(game, 'day'), DRAW)
        .toContain(`${studioText('mini:mine.states.won')} ${won(pbWin, 'ko')}`);
      await expect.poll(() => balanceOf(game), SOON).toBe(won(180_000 + ldWin + pbWin, 'ko'));
      await game.locator('.mg-ball--power').first().waitFor(SOON);
      await game.screenshot({ path: path.join(SHOTS, 'mini-powerball-drawn-ko-390.png'), fullPage: true });

      // Verify the Powerball round from its published seed: the results board links to the verify page.
      await game.getByRole('tab', { name: studioText('mini:tabs.results') }).click();
      const verifyPromise = context.waitForEvent('page');
      await game
        .getByRole('link', { name: String(pbRound.dayRound), exact: true })
        .first()
        .click();
      const verify = await verifyPromise;
      await verify.setViewportSize(PHONE);
      await verify
        .getByRole('heading', { name: studioText('verify:mini.verified', { round: pbRound.round }) })
        .waitFor(SOON);
      await verify.getByText(studioText('verify:mini.linkOk')).waitFor();
      await verify.getByText(studioText('verify:mini.resultOk')).waitFor();
      await verify.screenshot({ path: path.join(SHOTS, 'mini-verify-ko-390.png'), fullPage: true });

      // The operator sees the round's two bets of this member on the console.
      const bo = await newPage(browser, baseUrl, DESKTOP);
      await signInToBackoffice(bo.page);
      await bo.page.getByRole('link', { name: boText('ko', 'menu.mini') }).click();
      await bo.page.getByRole('heading', { name: boText('ko', 'mini.title') }).waitFor();
      await bo.page.goto(`/backoffice/mini?game=powerball&round=${pbRound.round}`);
      const detail = bo.page.getByRole('region', {
        name: boText('ko', 'mini.roundTitle', { dayRound: pbRound.dayRound, round: pbRound.round }),
      });
      await detail.waitFor(SOON);
      await expect
        .poll(async () => detail.getByRole('row').filter({ hasText: member.userId }).count(), SOON)
        .toBe(2);
      await bo.page.screenshot({ path: path.join(SHOTS, 'mini-console-ko-1440.png'), fullPage: true });
      await bo.context.close();
      await context.close();
    },
    15 * 60_000,
  );
});

describe('mini-games on a desktop (English)', () => {
  it('shows the Ladder board, its roads and the verify page in English', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await operator.adjust(member.userId, 50_000, 'cash', 'e2e mini-games');
    const ld = await openMiniGame(context, page, 'ladder', 'en');
    await ld.setViewportSize(DESKTOP);
    await expect.poll(() => balanceOf(ld), SOON).toBe(won(50_000, 'en'));
    await ld.getByRole('tab', { name: studioText('mini:tabs.patterns', {}, 'en') }).click();
    await ld.screenshot({ path: path.join(SHOTS, 'mini-ladder-en-1440.png'), fullPage: true });
    const pb = await openMiniGame(context, page, 'powerball', 'en', ld);
    await pb.setViewportSize(DESKTOP);
    await pb.screenshot({ path: path.join(SHOTS, 'mini-powerball-en-1440.png'), fullPage: true });
    await context.close();
  });
});
