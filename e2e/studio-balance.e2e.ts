import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage } from './browser.ts';
import {
  dismissHealthDialogs,
  newMember,
  openHouseSlot,
  registerAndSignIn,
  specFile,
  studioText,
} from './fixtures.ts';

/*
 * The house game's window hears the member's balance from the portal's event stream (issue 24,
 * decision 0022): an operator's credit shows in the open game window at once, with no request of
 * the game's own; a credit made while a spin's reels run waits until they stop, and the spin's
 * result never shows before the reels reach it.
 */

const baseUrl = inject('baseUrl');
const SHOTS = process.env.E2E_STUDIO_BALANCE_SHOTS || '/tmp/h24-shots';
const SOON = { timeout: 15_000 };

const spec = specFile(baseUrl, { operator: true, screens: SHOTS });

/** Whole won as the Korean game writes it: `50,000원`. */
function won(amount: number): string {
  return `${new Intl.NumberFormat('ko-KR').format(amount)}원`;
}

const gameBalance = (popup: Page) => popup.locator('.st-balance .st-balance__value');

/** The game's own requests to the studio (`POST /studio/api/<action>`), by action. */
function studioRequests(popup: Page): string[] {
  const actions: string[] = [];
  popup.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (r.method() === 'POST' && pathname.startsWith('/studio/api/')) actions.push(pathname.slice(12));
  });
  return actions;
}

describe('the house game window’s balance (desktop, Korean)', () => {
  it('an operator’s credit shows at once; one made during a spin waits for the reels, the result never shows early', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await spec.operator.adjust(member.userId, 100_000, 'cash', 'e2e studio balance');
    const popup = await openHouseSlot(context, page);
    await expect.poll(() => gameBalance(popup).textContent(), SOON).toBe(won(100_000));
    const actions = studioRequests(popup);

    // 1. Between rounds: the credit reaches the game window through the portal, at once.
    const sent = Date.now();
    await spec.operator.adjust(member.userId, 23_456, 'cash', 'e2e studio balance: a credit');
    await expect.poll(() => gameBalance(popup).textContent(), SOON).toBe(won(123_456));
    console.info(`[studio-balance] credit shown in the game window after ${Date.now() - sent} ms`);
    expect(actions).toEqual([]);
    await popup.screenshot({ path: path.join(SHOTS, 'game-balance-after-credit.png') });

    // 2. During a spin: what the window shows is sampled until the reels stop.
    const samples: string[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push((await gameBalance(popup).textContent()) ?? '');
        await popup.waitForTimeout(25);
      }
    })();
    const answered = popup.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/studio/api/spin',
    );
    await popup.getByRole('button', { name: studioText('slots:controls.spin'), exact: true }).click();
    const answer = (await (await answered).json()) as {
      status: string;
      balance: number;
      round: { bet: number; win: number };
    };
    expect(answer.status).toBe('success');
    // The reels run: an operator credits 1,000 now. The stream tells the portal within a second.
    await spec.operator.adjust(member.userId, 1_000, 'cash', 'e2e studio balance: during a spin');
    await popup.locator('button.slot-spin:not(.is-busy)').waitFor({ timeout: 90_000 });
    // Once the reels stopped, the credit shows after the round's result (asked from the studio).
    await expect.poll(() => gameBalance(popup).textContent(), SOON).toBe(won(answer.balance + 1_000));
    sampling = false;
    await sampler;
    const atEnd = samples.lastIndexOf(won(answer.balance + 1_000));
    const beforeEnd = samples.slice(0, samples.indexOf(won(answer.balance + 1_000)));
    expect(atEnd).toBeGreaterThan(0);
    // Nothing but the balance before the spin, the stake gone, and (at the end) the result.
    const allowed = new Set([won(123_456), won(answer.balance - answer.round.win), won(answer.balance)]);
    expect(beforeEnd.filter((s) => !allowed.has(s))).toEqual([]);
    // The result shows only after the stake gone, never before the reels ran (a win is not revealed).
    if (answer.round.win > 0) {
      const firstResult = beforeEnd.indexOf(won(answer.balance));
      const firstStake = beforeEnd.indexOf(won(answer.balance - answer.round.win));
      if (firstResult >= 0) expect(firstStake).toBeGreaterThanOrEqual(0);
      if (firstResult >= 0) expect(firstResult).toBeGreaterThan(firstStake);
    }
    // The window asked the studio once more after the round, for the change it held.
    expect(actions.filter((a) => a === 'session').length).toBe(1);
    await popup.screenshot({ path: path.join(SHOTS, 'game-balance-after-spin.png') });
    await context.close();
  });
});
