import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.ts';
import {
  confirmTopDialog,
  dismissHealthDialogs,
  localePath,
  newMember,
  openHouseSlot,
  operatorClient,
  registerAndSignIn,
  SCREENS,
  studioText,
  text,
  type TLocale,
  type TOperatorClient,
} from './fixtures.ts';

// The deposit bonus and its rollover (issue 26, docs/api/levels.md) in Chromium on a phone: a
// member chooses the first-deposit bonus on the deposit page, the operator approves, the withdraw
// page shows the rollover before the amount, the member gives the bonus up through the dialog, and
// my page shows the level. And a member takes an every-deposit bonus, plays its rollover through in
// the house slot and withdraws (issue 26's end to end).

const baseUrl = inject('baseUrl');

let browser: Browser;
let op: TOperatorClient;
beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  browser = await launchBrowser();
  op = await operatorClient(baseUrl);
  await op.put('/api/backoffice/settings/levels/1', {
    depositBonus: [
      { kind: 'first', percent: 10, cap: 100_000, rollover: 3 },
      { kind: 'every', percent: 10, cap: 1_000, rollover: 1 },
    ],
  });
});
afterAll(async () => {
  // The demo's level 1 offers no bonus again, whatever the other specs expect.
  await op?.put('/api/backoffice/settings/levels/1', { depositBonus: [] });
  await op?.close();
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `bonus-${name}.png`), fullPage: true });

describe('the deposit bonus, on a phone', () => {
  for (const locale of ['ko', 'en'] as const satisfies readonly TLocale[]) {
    it(`is chosen, paid on approval, shown as rollover and given up (${locale})`, async () => {
      const { context, page } = await newPage(browser, baseUrl, PHONE);
      await dismissHealthDialogs(page);
      const member = newMember();
      await registerAndSignIn(page, baseUrl, member);

      await page.goto(localePath(locale, '/deposit'));
      const options = page.getByRole('group', { name: text(locale, 'cashier:bonus.title') });
      await options.waitFor();
      await options.getByText(text(locale, 'cashier:bonus.kind.first')).click();
      await shot(page, `${locale}-deposit`);
      const form = page.locator('form.cashier-form');
      await form.locator('input[name="amount"]').fill('100000');
      await form.locator('button[type="submit"]').click();
      await confirmTopDialog(page);
      await confirmTopDialog(page);
      await op.approve('deposit', member.userId);

      await page.goto(localePath(locale, '/withdraw'));
      const rollover = page.getByRole('region', { name: text(locale, 'cashier:rollover.title') });
      await rollover.waitFor();
      expect(await rollover.textContent()).toContain('330,000');
      await shot(page, `${locale}-withdraw-rollover`);
      await rollover.getByRole('button', { name: text(locale, 'cashier:rollover.cancel') }).click();
      await shot(page, `${locale}-cancel-dialog`);
      await confirmTopDialog(page);
      await confirmTopDialog(page);
      await expect.poll(() => rollover.count()).toBe(0);

      await page.goto(localePath(locale, '/user'));
      const level = page.getByRole('region', { name: text(locale, 'account:level.title') });
      await level.waitFor();
      await level.scrollIntoViewIfNeeded();
      await shot(page, `${locale}-my-level`);
      await context.close();
    });
  }
});

/** Sends the page's request form: amount (and PIN), then the confirm question; the answer stays open. */
async function send(page: Page, amount: number, exchangePassword?: string) {
  const form = page.locator('form.cashier-form');
  await form.locator('input[name="amount"]').fill(String(amount));
  if (exchangePassword) await form.locator('input[name="exchangePassword"]').fill(exchangePassword);
  await form.locator('button[type="submit"]').click();
  await confirmTopDialog(page);
}

/** The slot's bet as the window shows it, in won. */
const slotBet = async (popup: Page) =>
  Number(((await popup.locator('.slot-bet__amount').textContent()) ?? '').replace(/\D/g, ''));

describe('a bonus played through in the house slot, on a phone', () => {
  for (const locale of ['ko', 'en'] as const satisfies readonly TLocale[]) {
    it(`is paid, refused for withdrawal until the rollover is bet, then withdrawn (${locale})`, async () => {
      const { context, page } = await newPage(browser, baseUrl, PHONE);
      await dismissHealthDialogs(page);
      const member = newMember();
      await registerAndSignIn(page, baseUrl, member);
      const options = page.getByRole('group', { name: text(locale, 'cashier:bonus.title') });

      // A deposit without a bonus, then one with the every-deposit bonus: 10% of 10,000 (1,000),
      // rollover 1x, so (10,000 + 1,000) of stakes before a withdrawal.
      await page.goto(localePath(locale, '/deposit'));
      await options.waitFor();
      await options.getByText(text(locale, 'cashier:bonus.none')).click();
      await send(page, 50_000);
      await confirmTopDialog(page);
      await op.approve('deposit', member.userId);
      await page.goto(localePath(locale, '/deposit'));
      await options.waitFor();
      await options.getByText(text(locale, 'cashier:bonus.kind.every')).click();
      await send(page, 10_000);
      await confirmTopDialog(page);
      await op.approve('deposit', member.userId);

      // Not withdrawable yet: the withdraw page shows the rollover, a request is refused with it.
      await page.goto(localePath(locale, '/withdraw'));
      const rollover = page.getByRole('region', { name: text(locale, 'cashier:rollover.title') });
      await rollover.waitFor();
      await send(page, 10_000, member.exchangePassword);
      const refusal = text(locale, 'cashier:rollover.refused').split('\n')[0]!;
      await page.getByRole('alertdialog').getByText(refusal, { exact: false }).first().waitFor();
      await shot(page, `${locale}-withdraw-refused-rolling`);
      await confirmTopDialog(page);

      // Two spins of 10,000 in the house slot (61,000 of cash, so the second is always covered).
      const popup = await openHouseSlot(context, page, { turbo: true });
      const betUp = popup.getByRole('button', { name: studioText('slots:controls.betUp') });
      while ((await slotBet(popup)) < 10_000) {
        const before = await slotBet(popup);
        await betUp.click();
        await expect.poll(() => slotBet(popup)).toBeGreaterThan(before);
      }
      expect(await slotBet(popup)).toBe(10_000);
      let staked = 0;
      while (staked < 11_000) {
        const answered = popup.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/studio/api/spin',
        );
        await popup.getByRole('button', { name: studioText('slots:controls.spin'), exact: true }).click();
        const answer = (await (await answered).json()) as { status: string; round?: { bet: number } };
        expect(answer.status).toBe('success');
        staked += answer.round!.bet;
        await popup.locator('button.slot-spin:not(.is-busy)').waitFor({ timeout: 90_000 });
      }
      await popup.close();

      // The rollover is met: no progress on the withdraw page, and the withdrawal goes through.
      await page.goto(localePath(locale, '/withdraw'));
      await page.getByRole('heading', { level: 1, name: text(locale, 'common:menu.withdraw') }).waitFor();
      await expect.poll(() => rollover.count(), { timeout: 10_000 }).toBe(0);
      await send(page, 10_000, member.exchangePassword);
      await expect
        .poll(async () => (await page.getByRole('dialog').last().textContent()) ?? '', {
          timeout: 15_000,
        })
        .toContain(text(locale, 'cashier:withdraw.done').split('.')[0]!);
      await shot(page, `${locale}-withdraw-after-rollover`);
      await confirmTopDialog(page);
      await op.approve('withdraw', member.userId);
      await context.close();
    });
  }
});
