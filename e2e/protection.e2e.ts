import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from './browser.ts';
import {
  confirmTopDialog,
  dismissHealthDialogs,
  escapeRegExp,
  fillRegisterForm,
  newMember,
  openHouseSlot,
  registerAndSignIn,
  settledScreenshot,
  specFile,
  studioText,
  text,
  type TNewMember,
} from './fixtures.ts';

/*
 * Player protection (issue 14) end to end, as a member meets it in the portal: a deposit limit set
 * right after the registration and the cashier refusing beyond it (with what is left), a raise that
 * waits 24 hours and a decrease that applies at once; a loss limit refusing a spin of a house slot
 * (the game says why, the balance does not move, no round is recorded); the reality check on a
 * phone, on the browser's clock moved forward; the member's signed-in devices and the previous
 * sign-in; a 24-hour time-out that signs the member out everywhere and refuses the next sign-in.
 * Every member is new, nothing of the site's settings changes (the server is shared by the files).
 */

const baseUrl = inject('baseUrl');
/** The screenshots of this spec (looked at by hand). */
const SHOTS = process.env.E2E_PROTECTION_SHOTS || '/tmp/h6-shots';
/** How long a screen may take to show what is expected (expect.poll gives up after 1 s). */
const SOON = { timeout: 15_000 };
/** The slot presentation may run free games; with turbo on it ends well within this. */
const PRESENTATION_MS = 90_000;
const DAY_MS = 24 * 60 * 60_000;

const spec = specFile(baseUrl, { operator: true, screens: SHOTS });

// -- helpers -----------------------------------------------------------------------------------------

/** Whole won as the Korean portal and game write it: `50,000원`, `-1,000원`. */
function won(amount: number): string {
  const digits = new Intl.NumberFormat('ko-KR').format(Math.abs(amount));
  return `${amount < 0 ? '-' : ''}${digits}원`;
}

/** `YYYY-MM-DD HH:mm` on the site's clock (Asia/Seoul), as the portal writes sign-in times. */
function seoulDateTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Seoul',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * A moment as the Korean portal words when a limit change applies or a break ends (date, time and
 * the zone, on the site's clock), formatted by the page's own browser so that its ICU data is used.
 */
function koreanWhen(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) =>
      new Intl.DateTimeFormat('ko-KR', {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'Asia/Seoul',
        timeZoneName: 'short',
      }).format(new Date(value)),
    iso,
  );
}

function shot(page: Page, name: string) {
  return settledScreenshot(page, path.join(SHOTS, `${name}.png`));
}

/** Whether the page opened at its top: its title is in view (not scrolled past). */
async function expectTitleInView(page: Page) {
  const box = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}

/** Waits until the app has taken over from the prerendered document. */
async function appReady(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
}

/** The member's answer to a call the page makes (`POST /api/routes/<call>`). */
function callAnswer(page: Page, call: string): Promise<Response> {
  return page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/routes/${call}`,
  );
}

/** The registration form, as a visitor fills it; it ends on the answer "registered". */
async function registerWithForm(page: Page, member: TNewMember) {
  await page.goto('/register');
  await appReady(page);
  const form = await fillRegisterForm(page, member);
  await expect.poll(() => form.locator('input[name="code"]').inputValue(), SOON).toBe('DEMO');
  await page.getByText(text('ko', 'auth:register.idFree')).waitFor();
  await form.locator('input[name="agree18"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await form.locator('input[name="agree18"]').check({ force: true });
  await form.locator('button[type="submit"]').click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByText(text('ko', 'auth:register.done'))
    .waitFor();
  await confirmAndLeave(page);
}

/** The portal's sign-in page, as a member signs in (the answer is left to the caller). */
async function signInWithForm(page: Page, member: TNewMember) {
  await page.goto('/login');
  await appReady(page);
  const form = page.locator('main form');
  await form.locator('input[name="userId"]').fill(member.userId);
  await form.locator('input[name="password"]').fill(member.password);
  await form.locator('button[type="submit"]').click();
}

/** Signs a browser context in with the credentials sign-in (the portal's own path), without the form. */
async function signInThroughApi(page: Page, member: TNewMember) {
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await page.request.post('/api/auth/callback/credentials', {
    headers: { origin: baseUrl },
    form: { csrfToken, userId: member.userId, password: member.password, callbackUrl: '/', json: 'true' },
  });
  if (res.status() !== 200) throw new Error(`credentials sign-in answered ${res.status()}`);
}

/** The desktop strip's sign-in form: it shows when the browser is signed out. */
function stripSignIn(page: Page) {
  return page.locator('.desktop-header input[name="password"]');
}

async function openResponsible(page: Page) {
  await page.goto('/user/responsible');
  await page.getByRole('heading', { level: 1, name: text('ko', 'protection:page.title') }).waitFor();
  await page.locator('li.limit').first().waitFor();
}

/** One limit's row on the responsible-gaming page (or the deposit page's offer). */
function limitRow(page: Page, kind: 'deposit' | 'loss', period: 'day' | 'week' | 'month') {
  const name = text('ko', `protection:limits.${kind}.${period}`);
  return page
    .locator('li.limit')
    .filter({ has: page.locator('.limit__name', { hasText: new RegExp(`^${escapeRegExp(name)}$`) }) });
}

/** Types a new limit into a row and sends it; returns the dialog that answers (left open). */
async function typeLimit(page: Page, kind: 'deposit' | 'loss', period: 'day', amount: number) {
  const name = text('ko', `protection:limits.${kind}.${period}`);
  const row = limitRow(page, kind, period);
  const field = row.getByLabel(text('ko', 'protection:limits.newLabel', { name }));
  await field.click();
  await field.pressSequentially(String(amount));
  // The field groups the digits as the member types.
  expect(await field.inputValue()).toBe(new Intl.NumberFormat('ko-KR').format(amount));
  const answered = callAnswer(page, 'set-play-limit');
  await row.locator('button[type="submit"]').click();
  return ((await (await answered).json()) as { status: string }).status;
}

/**
 * Presses the main button of the top answer dialog whose confirmation loads another page (the
 * document goes, so the dialog is not waited on to close: the caller waits for the next page).
 */
async function confirmAndLeave(page: Page) {
  await answerDialog(page).locator('button.btn--primary').click();
}

/** The answer dialog of the member's own action (not the health check's). */
function answerDialog(page: Page) {
  return page
    .locator(
      '[role="dialog"]:not([data-dialog-id^="health-"]), [role="alertdialog"]:not([data-dialog-id^="health-"])',
    )
    .last();
}

/** The cash in the header of the width in use (desktop strip or phone header). */
function headerBalance(page: Page) {
  return page
    .locator('.desktop-header .balances__item--money dd:visible, .mobile-header__balance .money:visible')
    .first();
}

/** Fills the deposit form and answers its question; the answer dialog is left to the caller. */
async function askDeposit(page: Page, amount: number) {
  const form = page.locator('form.cashier-form');
  await form.locator('input[name="amount"]').fill(String(amount));
  await form.locator('button[type="submit"]').click();
  await confirmTopDialog(page); // "deposit this much?"
}

interface SpinAnswer {
  status: 'success' | 'refused';
  code?: string;
  balance: number;
  round?: { roundId: string; bet: number; win: number; jackpots: { amount: number }[] };
}

/** One press of the spin button: the studio's answer, after the presentation when it was played. */
async function pressSpin(popup: Page): Promise<SpinAnswer> {
  const answered = popup.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/studio/api/spin',
  );
  await popup.getByRole('button', { name: studioText('slots:controls.spin'), exact: true }).click();
  const res = await answered;
  expect(res.status()).toBe(200);
  const answer = (await res.json()) as SpinAnswer;
  await popup.locator('button.slot-spin:not(.is-busy)').waitFor({ timeout: PRESENTATION_MS });
  return answer;
}

function gameBalance(popup: Page) {
  return popup.locator('.st-balance .st-balance__value');
}

// -- 1. a deposit limit --------------------------------------------------------------------------------

describe('deposit limits (desktop, Korean)', () => {
  it('set right after the registration; the cashier refuses beyond it with what is left; a raise waits 24 hours, a decrease applies at once', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();

    // The registration signs the member in and offers limits first.
    await registerWithForm(page, member);
    await page.waitForURL(
      (url) => url.pathname === '/user/responsible' && url.searchParams.get('welcome') === '1',
    );
    await page.getByRole('heading', { level: 1, name: text('ko', 'protection:page.title') }).waitFor();
    await page.getByRole('heading', { level: 2, name: text('ko', 'protection:welcome.title') }).waitFor();
    const dayRow = limitRow(page, 'deposit', 'day');
    await dayRow.locator('.limit__value').getByText(text('ko', 'protection:limits.none')).waitFor();

    // A first daily deposit limit of 100,000원 applies at once.
    const dayName = text('ko', 'protection:limits.deposit.day');
    expect(await typeLimit(page, 'deposit', 'day', 100_000)).toBe('success');
    await answerDialog(page)
      .getByText(text('ko', 'protection:limits.appliedNow', { name: dayName, amount: won(100_000) }))
      .waitFor();
    await confirmTopDialog(page);
    await expect.poll(() => dayRow.locator('.limit__value').textContent(), SOON).toBe(won(100_000));
    await dayRow
      .getByText(
        `${text('ko', 'protection:limits.used', { amount: won(0) })} · ${text('ko', 'protection:limits.left', { amount: won(100_000) })}`,
      )
      .waitFor();
    await shot(page, 'p1-responsible-welcome-1440');

    // 70,000원 asked and approved by the operator.
    await page
      .getByRole('navigation', { name: text('ko', 'common:menu.label') })
      .getByRole('link', { name: text('ko', 'common:menu.deposit') })
      .click();
    await page.getByRole('heading', { level: 1, name: text('ko', 'common:menu.deposit') }).waitFor();
    await askDeposit(page, 70_000);
    await answerDialog(page)
      .getByText(text('ko', 'cashier:deposit.done', { amount: won(70_000) }))
      .waitFor();
    await confirmTopDialog(page);
    await spec.operator.approve('deposit', member.userId);
    await page.reload();
    await expect.poll(() => headerBalance(page).textContent(), SOON).toBe(won(70_000));

    // 50,000원 more would pass the limit: refused, saying that 30,000원 is left; nothing is asked.
    await askDeposit(page, 50_000);
    const refusal = answerDialog(page);
    await refusal
      .getByText(text('ko', 'cashier:deposit.limitBlocked', { remaining: won(30_000) }), { exact: true })
      .waitFor();
    await refusal.getByRole('button', { name: text('ko', 'cashier:deposit.limitOpen') }).waitFor();
    await shot(page, 'p1-deposit-refused-1440');
    await refusal.getByRole('button', { name: text('ko', 'common:action.close') }).click();
    await refusal.waitFor({ state: 'detached' });
    const waitingRows = page
      .locator('.history-row')
      .filter({ hasText: text('ko', 'common:requestState.waiting') });
    expect(await waitingRows.count()).toBe(0);

    // Exactly what is left is accepted; after it, even 10,000원 is refused with 0원 left.
    await askDeposit(page, 30_000);
    await answerDialog(page)
      .getByText(text('ko', 'cashier:deposit.done', { amount: won(30_000) }))
      .waitFor();
    await confirmTopDialog(page);
    await spec.operator.approve('deposit', member.userId);
    await page.reload();
    await expect.poll(() => headerBalance(page).textContent(), SOON).toBe(won(100_000));
    await askDeposit(page, 10_000);
    await answerDialog(page)
      .getByText(text('ko', 'cashier:deposit.limitBlocked', { remaining: won(0) }), { exact: true })
      .waitFor();
    // "See limits" leads to the responsible-gaming page.
    await answerDialog(page)
      .getByRole('button', { name: text('ko', 'cashier:deposit.limitOpen') })
      .click();
    await page.waitForURL((url) => url.pathname === '/user/responsible');
    await expect
      .poll(() => dayRow.locator('.limit__used span').first().textContent(), SOON)
      .toBe(
        `${text('ko', 'protection:limits.used', { amount: won(100_000) })} · ${text('ko', 'protection:limits.left', { amount: won(0) })}`,
      );
    expect(await dayRow.getByRole('meter').getAttribute('aria-valuenow')).toBe('100');

    // A raise to 200,000원 waits 24 hours: the answer and the row say from when; the limit stays.
    const before = Date.now();
    expect(await typeLimit(page, 'deposit', 'day', 200_000)).toBe('wait');
    const after = Date.now();
    const limits = (await (
      await page.request.post('/api/routes/get-play-limits', { headers: { origin: baseUrl }, data: {} })
    ).json()) as { pending: { kind: string; period: string; amount: number | null; effectiveAt: string }[] };
    expect(limits.pending).toHaveLength(1);
    const pending = limits.pending[0]!;
    expect(pending).toMatchObject({ kind: 'deposit', period: 'day', amount: 200_000 });
    const effectiveMs = new Date(pending.effectiveAt).getTime();
    expect(effectiveMs).toBeGreaterThanOrEqual(before + DAY_MS - 1_000);
    expect(effectiveMs).toBeLessThanOrEqual(after + DAY_MS + 1_000);
    const when = await koreanWhen(page, pending.effectiveAt);
    expect(when).toMatch(/\d{4}년 \d{1,2}월 \d{1,2}일/);
    await answerDialog(page)
      .getByText(text('ko', 'protection:limits.waitRaise', { name: dayName, when }), { exact: true })
      .waitFor();
    await confirmTopDialog(page);
    await dayRow
      .locator('.limit__pending')
      .getByText(text('ko', 'protection:limits.pendingRaise', { amount: won(200_000), when }), {
        exact: true,
      })
      .waitFor();
    expect(await dayRow.locator('.limit__value').textContent()).toBe(won(100_000));
    await shot(page, 'p1-raise-pending-1440');

    // A decrease to 50,000원 applies at once and replaces the waiting raise.
    expect(await typeLimit(page, 'deposit', 'day', 50_000)).toBe('success');
    await answerDialog(page)
      .getByText(text('ko', 'protection:limits.appliedNow', { name: dayName, amount: won(50_000) }))
      .waitFor();
    await confirmTopDialog(page);
    await expect.poll(() => dayRow.locator('.limit__value').textContent(), SOON).toBe(won(50_000));
    await dayRow.locator('.limit__pending').waitFor({ state: 'detached' });
    await page.reload();
    await expect.poll(() => dayRow.locator('.limit__value').textContent(), SOON).toBe(won(50_000));
    expect(await dayRow.locator('.limit__pending').count()).toBe(0);
    await context.close();
  });
});

// -- 2. a loss limit in a house game -------------------------------------------------------------------

describe('loss limits in a house slot (desktop, Korean)', () => {
  it('a spin that would pass the daily loss limit is refused in the game: the reason shows, the balance stays, no round is recorded', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await spec.operator.adjust(member.userId, 100_000, 'cash', 'e2e protection loss limit');

    const popup = await openHouseSlot(context, page, { turbo: true });
    await expect.poll(() => gameBalance(popup).textContent(), SOON).toBe(won(100_000));
    const betText = (await popup.locator('.slot-bet__amount').textContent()) ?? '';
    const bet = Number(betText.replace(/\D/g, ''));
    expect(betText).toBe(won(bet));
    expect(bet).toBeGreaterThan(0);

    // The member sets a daily loss limit of one bet (the game window stays open).
    await openResponsible(page);
    expect(await typeLimit(page, 'loss', 'day', bet)).toBe('success');
    await confirmTopDialog(page);
    const lossRow = limitRow(page, 'loss', 'day');
    await expect.poll(() => lossRow.locator('.limit__value').textContent(), SOON).toBe(won(bet));

    // Spins until one would take the loss (bets minus wins, this bet included) over the limit:
    // every accepted spin stayed within it, the refused one would have passed it. A member who is
    // ahead after a win raises the bet (one level at a time) until a spin would pass the limit, so
    // the refusal comes within a few spins whatever the reels do.
    const limit = bet;
    const betUp = popup.getByRole('button', { name: studioText('slots:controls.betUp') });
    let stake = bet;
    let balance = 100_000;
    let loss = 0;
    let played = 0;
    let refused: SpinAnswer | null = null;
    for (let i = 0; i < 20 && !refused; i++) {
      while (played > 0 && loss + stake <= limit) {
        await betUp.click();
        await expect
          .poll(
            async () =>
              Number(((await popup.locator('.slot-bet__amount').textContent()) ?? '').replace(/\D/g, '')),
            SOON,
          )
          .toBeGreaterThan(stake);
        stake = Number(((await popup.locator('.slot-bet__amount').textContent()) ?? '').replace(/\D/g, ''));
      }
      const answer = await pressSpin(popup);
      if (answer.status === 'refused') {
        refused = answer;
        break;
      }
      expect(answer.status).toBe('success');
      expect(loss + stake).toBeLessThanOrEqual(limit);
      const round = answer.round!;
      expect(round.bet).toBe(stake);
      const jackpots = round.jackpots.reduce((sum, hit) => sum + hit.amount, 0);
      expect(answer.balance).toBe(balance - stake + round.win + jackpots);
      balance = answer.balance;
      // Jackpot payouts do not count as wins of the loss limit (docs/protection.md).
      loss += stake - round.win;
      played += 1;
      await expect.poll(() => gameBalance(popup).textContent(), SOON).toBe(won(balance));
    }
    expect(refused).not.toBeNull();
    expect(refused!.code).toBe('limit_exceeded');
    expect(loss + stake).toBeGreaterThan(limit);

    // The game says why, and its balance did not move.
    await popup
      .getByRole('alert')
      .getByText(studioText('slots:refused.limit_exceeded'), { exact: true })
      .waitFor();
    expect(await gameBalance(popup).textContent()).toBe(won(balance));
    await shot(popup, 'p2-game-loss-limit');
    // Pressing again is refused the same way (nothing was taken in between).
    expect((await pressSpin(popup)).code).toBe('limit_exceeded');
    expect(await gameBalance(popup).textContent()).toBe(won(balance));
    await popup.close();

    // The portal agrees: the cash is the game's last balance, the bet history has only the rounds
    // played, and the limit shows what was used.
    await page.reload();
    await expect.poll(() => headerBalance(page).textContent(), SOON).toBe(won(balance));
    await expect
      .poll(() => lossRow.locator('.limit__used span').first().textContent(), SOON)
      .toMatch(
        new RegExp(
          `^${escapeRegExp(text('ko', 'protection:limits.used', { amount: won(Math.max(0, loss)) }))} · `,
        ),
      );
    await page.goto('/user');
    await expect
      .poll(() => page.locator('.bets__total').textContent(), SOON)
      .toBe(text('ko', 'account:bets.total', { total: String(played) }));
    await context.close();
  }, 240_000);
});

// -- 3. the reality check, on a phone ------------------------------------------------------------------

describe('the reality check (390 px phone, Korean)', () => {
  it('every 15 minutes on the browser clock: length and net result with continue, history and sign out; not again on a reload', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
    await dismissHealthDialogs(page);
    // The browser's clock, moved by the test from here on (it runs on by itself meanwhile).
    await page.clock.install();
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await spec.operator.adjust(member.userId, 50_000, 'cash', 'e2e protection reality check');

    // One spin in a house slot: the session's net result is its return less its stake.
    const popup = await openHouseSlot(context, page, { turbo: true });
    await popup.setViewportSize(PHONE);
    const answer = await pressSpin(popup);
    expect(answer.status).toBe('success');
    const round = answer.round!;
    const bets = round.bet;
    const wins = round.win + round.jackpots.reduce((sum, hit) => sum + hit.amount, 0);
    await popup.close();

    // The member chooses a check every 15 minutes.
    await openResponsible(page);
    const every15 = page.getByRole('radio', {
      name: text('ko', 'protection:reality.every', { minutes: '15' }),
    });
    const saved = callAnswer(page, 'set-reality-check');
    // A controlled choice: it shows checked once the page has taken it (not when the click lands).
    await every15.click();
    expect(((await (await saved).json()) as { status: string }).status).toBe('success');
    await expect.poll(() => every15.isChecked(), SOON).toBe(true);
    await page.getByText(text('ko', 'protection:reality.saved')).waitFor();
    const summary = (await (
      await page.request.post('/api/routes/get-session-summary', { headers: { origin: baseUrl }, data: {} })
    ).json()) as { startedAt: string; realityCheckMinutes: number };
    expect(summary.realityCheckMinutes).toBe(15);
    const startedAtMs = new Date(summary.startedAt).getTime();

    // Nothing yet; 15 minutes later on the browser's clock the check shows.
    const dialog = page.getByRole('alertdialog', { name: text('ko', 'protection:reality.dialogTitle') });
    expect(await dialog.count()).toBe(0);
    await page.clock.fastForward('15:00');
    await dialog.waitFor();
    const nowMs = await page.evaluate(() => Date.now());
    const fact = (key: string) =>
      dialog
        .locator('dt', { hasText: new RegExp(`^${escapeRegExp(text('ko', key))}$`) })
        .locator('xpath=following-sibling::dd[1]');
    // The length counted from the sign-in to the moment it opened (whole minutes).
    const minutesNow = Math.floor((nowMs - startedAtMs) / 60_000);
    expect(minutesNow).toBeGreaterThanOrEqual(15);
    const lengths = [minutesNow - 1, minutesNow].map((m) =>
      text('ko', 'protection:reality.lengthMinutes', { minutes: String(m) }),
    );
    expect(lengths).toContain(await fact('protection:reality.length').textContent());
    expect(await fact('protection:reality.bets').textContent()).toBe(won(bets));
    expect(await fact('protection:reality.wins').textContent()).toBe(won(wins));
    const net = wins - bets;
    expect(await fact('protection:reality.net').textContent()).toBe(`${net > 0 ? '+' : ''}${won(net)}`);
    await dialog.getByRole('button', { name: text('ko', 'protection:reality.continue') }).waitFor();
    await dialog.getByRole('button', { name: text('ko', 'common:auth.logout') }).waitFor();
    expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
    await shot(page, 'p3-reality-check-390');

    // "History" leads to the member's history.
    await dialog.getByRole('button', { name: text('ko', 'protection:reality.history') }).click();
    await page.waitForURL((url) => url.pathname === '/user/history');
    await page.getByRole('heading', { level: 1, name: text('ko', 'protection:history.title') }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // A reload before the next interval does not bring it back: the watcher reads the session
    // again and stays quiet ...
    const reread = callAnswer(page, 'get-session-summary');
    await page.reload();
    await reread;
    // (By its markup: a dialog in front would hide the page's roles.)
    const title = page.locator('main h1', { hasText: text('ko', 'protection:history.title') });
    await title.waitFor();
    await page.clock.fastForward('05:00');
    await title.waitFor();
    expect(await dialog.count()).toBe(0);
    // ... until the next interval (30 minutes after the sign-in), when it shows again; signing out
    // from it asks and signs the member out.
    await page.clock.fastForward('10:00');
    await dialog.waitFor();
    const later = Math.floor(((await page.evaluate(() => Date.now())) - startedAtMs) / 60_000);
    expect(later).toBeGreaterThanOrEqual(30);
    await dialog.getByRole('button', { name: text('ko', 'common:auth.logout') }).click();
    await answerDialog(page).getByText(text('ko', 'common:msg2216')).waitFor();
    await confirmAndLeave(page);
    await page.waitForURL((url) => url.pathname === '/');
    const signedIn = await page.request.get('/api/auth/session');
    expect(await signedIn.json()).toEqual({});
    await context.close();
  }, 180_000);
});

// -- 4. sessions ---------------------------------------------------------------------------------------

describe('signed-in devices (desktop, Korean)', () => {
  it('lists both browsers with "this device"; signing out the other ends it there; the previous sign-in shows after a new one', async () => {
    const first = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(first.page);
    const member = newMember();
    const beforeFirst = Date.now();
    await registerAndSignIn(first.page, baseUrl, member);
    const afterFirst = Date.now();
    await first.page.goto('/user');
    await first.page.locator('.desktop-header').getByText(member.userId, { exact: true }).waitFor();

    // A second browser signs in through the portal's sign-in page.
    const second = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(second.page);
    await signInWithForm(second.page, member);
    await answerDialog(second.page).getByText(text('ko', 'common:msg2029')).waitFor();
    await confirmAndLeave(second.page);
    // After the sign-in, the previous one (the first browser's) shows once: date, time and IP.
    const sessions = (await (
      await second.page.request.post('/api/routes/get-sessions', { headers: { origin: baseUrl }, data: {} })
    ).json()) as {
      sessions: { id: string; current: boolean; ip: string | null }[];
      lastLogin: { at: string; ip: string | null } | null;
    };
    expect(sessions.lastLogin).not.toBeNull();
    const lastLogin = sessions.lastLogin!;
    expect(new Date(lastLogin.at).getTime()).toBeGreaterThanOrEqual(beforeFirst - 1_000);
    expect(new Date(lastLogin.at).getTime()).toBeLessThanOrEqual(afterFirst + 1_000);
    expect(lastLogin.ip).toMatch(/127\.0\.0\.1|::1/);
    const previous = text('ko', 'protection:sessions.previous', {
      when: seoulDateTime(lastLogin.at),
      ip: lastLogin.ip!,
    });
    const notice = second.page.locator('.last-login[role="status"]');
    await notice.getByText(previous, { exact: true }).waitFor();
    await shot(second.page, 'p4-previous-sign-in-1440');
    await notice.getByRole('button', { name: text('ko', 'common:action.close') }).click();
    await notice.waitFor({ state: 'detached' });

    // My page's devices: both, this one marked, each with its IP.
    await second.page.goto('/user/sessions');
    await second.page
      .getByRole('heading', { level: 1, name: text('ko', 'protection:sessions.title') })
      .waitFor();
    const rows = second.page.locator('li.session');
    await expect.poll(() => rows.count(), SOON).toBe(2);
    const current = rows.filter({ hasText: text('ko', 'protection:sessions.thisDevice') });
    expect(await current.count()).toBe(1);
    expect(await current.getAttribute('class')).toContain('session--current');
    for (const row of await rows.all())
      await row.getByText(text('ko', 'protection:sessions.ip', { ip: lastLogin.ip! })).waitFor();
    await second.page.getByText(previous, { exact: true }).waitFor();
    await shot(second.page, 'p4-sessions-1440');

    // Signing out the other browser: asked, done, gone from the list.
    const other = rows.filter({ hasNotText: text('ko', 'protection:sessions.thisDevice') });
    const device = ((await other.locator('.session__device').textContent()) ?? '').trim();
    expect(device).not.toBe('');
    await other.getByRole('button', { name: text('ko', 'protection:sessions.end') }).click();
    await answerDialog(second.page)
      .getByText(text('ko', 'protection:sessions.endConfirm', { device }), { exact: true })
      .waitFor();
    await confirmTopDialog(second.page);
    await answerDialog(second.page)
      .getByText(text('ko', 'protection:sessions.ended', { device }), { exact: true })
      .waitFor();
    await confirmTopDialog(second.page);
    await expect.poll(() => rows.count(), SOON).toBe(1);
    await rows.first().getByText(text('ko', 'protection:sessions.thisDevice')).waitFor();

    // The first browser is signed out at its next navigation: my page asks it to sign in.
    await first.page.goto('/user');
    await answerDialog(first.page).getByText(text('ko', 'common:msg2001')).waitFor();
    await first.page.waitForURL((url) => url.pathname === '/');
    await stripSignIn(first.page).waitFor();
    // The second one stays signed in.
    await second.page.reload();
    await rows.first().getByText(text('ko', 'protection:sessions.thisDevice')).waitFor();
    await first.context.close();
    await second.context.close();
  });
});

// -- 5. a time-out -------------------------------------------------------------------------------------

describe('a time-out (desktop, Korean)', () => {
  it('24 hours with the password: signed out everywhere, the blocked page; signing in again is refused until when it ends', async () => {
    const first = await newPage(spec.browser, baseUrl, DESKTOP);
    const page = first.page;
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    // A second browser signed in too.
    const second = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(second.page);
    await signInThroughApi(second.page, member);
    await second.page.goto('/user');
    await second.page.locator('.desktop-header').getByText(member.userId, { exact: true }).waitFor();

    await openResponsible(page);
    const card = page.locator('section.break-card--time_out');
    const h24 = card.getByRole('radio', { name: text('ko', 'protection:breaks.period.24h') });
    await h24.check();
    expect(await h24.isChecked()).toBe(true);
    await card.getByRole('button', { name: text('ko', 'protection:breaks.time_out.start') }).click();
    const what = text('ko', 'protection:breaks.time_out.name');
    const confirm = page.getByRole('alertdialog', {
      name: text('ko', 'protection:breaks.confirmTitle', {
        what,
        length: text('ko', 'protection:breaks.period.24h'),
      }),
    });
    await confirm.waitFor();
    await confirm.getByText(text('ko', 'protection:breaks.factNoEnd')).waitFor();
    const password = confirm.getByLabel(text('ko', 'protection:breaks.password'));
    const submit = confirm.getByRole('button', { name: text('ko', 'protection:breaks.confirm', { what }) });

    // A wrong password takes nothing.
    await password.fill('Wrong-Password-9');
    await submit.click();
    await confirm.getByText(text('ko', 'protection:breaks.wrongPassword')).waitFor();
    await shot(page, 'p5-break-confirm-1440');

    // The right one: the break starts, the member is signed out and lands on the blocked page.
    await password.fill(member.password);
    const before = Date.now();
    await submit.click();
    await page.waitForURL((url) => url.pathname === '/blocked');
    const after = Date.now();
    await page.getByRole('heading', { level: 1, name: text('ko', 'protection:blocked.title') }).waitFor();
    await page
      .getByText(
        text('ko', 'protection:blocked.taken.time_out', {
          length: text('ko', 'protection:breaks.period.24h'),
        }),
        { exact: true },
      )
      .waitFor();
    await page.getByText(text('ko', 'protection:blocked.noEarlyEnd')).waitFor();
    await page.getByRole('link', { name: text('ko', 'protection:blocked.kcgpPhone') }).waitFor();
    await stripSignIn(page).waitFor();
    // It opens at its top, though the button that led there was far down the page before.
    await expectTitleInView(page);
    await shot(page, 'p5-blocked-taken-1440');

    // Signing in again through the sign-in page is refused: the blocked page says until when.
    await signInWithForm(page, member);
    await page.waitForURL((url) => url.pathname === '/blocked' && url.searchParams.has('until'));
    const until = new URL(page.url()).searchParams.get('until')!;
    const untilMs = new Date(until).getTime();
    expect(untilMs).toBeGreaterThanOrEqual(before + DAY_MS - 1_000);
    expect(untilMs).toBeLessThanOrEqual(after + DAY_MS + 1_000);
    const when = await koreanWhen(page, until);
    await page.getByText(text('ko', 'protection:blocked.until', { when }), { exact: true }).waitFor();
    await stripSignIn(page).waitFor();
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({});
    await expectTitleInView(page);
    await shot(page, 'p5-blocked-until-1440');

    // The second browser was signed out too.
    await second.page.goto('/user');
    await answerDialog(second.page).getByText(text('ko', 'common:msg2001')).waitFor();
    await second.page.waitForURL((url) => url.pathname === '/');
    await stripSignIn(second.page).waitFor();
    await first.context.close();
    await second.context.close();
  });
});
