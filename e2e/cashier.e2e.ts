import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from './browser.ts';
import {
  confirmTopDialog,
  dismissHealthDialogs,
  localePath,
  LOCALES,
  newMember,
  registerAndSignIn,
  specFile,
  text,
  type TLocale,
} from './fixtures.ts';

const baseUrl = inject('baseUrl');
const spec = specFile(baseUrl, { operator: true });

/** Whole won as the portal shows it: `50,000원` in Korean, `₩50,000` with the locale's grouping elsewhere. */
function money(locale: TLocale, won: number): string {
  const intl = { ko: 'ko', en: 'en', jp: 'ja', vn: 'vi', cn: 'zh-Hans' }[locale];
  const digits = new Intl.NumberFormat(intl).format(won);
  return locale === 'ko' ? `${digits}원` : `₩${digits}`;
}

/** The cash balance in the header of the width in use (desktop strip or phone header). */
function headerBalance(page: Page) {
  return page
    .locator('.desktop-header .balances__item--money dd:visible, .mobile-header__balance .money:visible')
    .first();
}
function headerComp(page: Page) {
  return page.locator('.desktop-header .balances__item:not(.balances__item--money) dd').first();
}

async function expectHeaderBalance(page: Page, locale: TLocale, won: number) {
  await expect.poll(() => headerBalance(page).textContent(), { timeout: 10_000 }).toBe(money(locale, won));
}

/** Fills the page's request form and sends it: amount (and PIN), the confirm question, the answer. */
async function sendRequest(page: Page, amount: number, exchangePassword?: string) {
  const form = page.locator('form.cashier-form');
  await form.locator('input[name="amount"]').fill(String(amount));
  if (exchangePassword) await form.locator('input[name="exchangePassword"]').fill(exchangePassword);
  await form.locator('button[type="submit"]').click();
  await confirmTopDialog(page); // the question
  await confirmTopDialog(page); // the answer
}

function historyRow(page: Page, locale: TLocale, amount: number) {
  return page
    .locator('.history-row')
    .filter({ hasText: money(locale, amount) })
    .first();
}

describe('the cashier, as a member and an operator use it', () => {
  it('deposit, approval, withdrawal held and cancelled, rejection with a reason, comp conversion (desktop, Korean)', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await dismissHealthDialogs(page);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);

    // The member asks for a 50,000원 deposit: no money moves yet.
    await page.goto('/deposit');
    await expectHeaderBalance(page, 'ko', 0);
    await sendRequest(page, 50_000);
    await historyRow(page, 'ko', 50_000).getByText(text('ko', 'common:requestState.waiting')).waitFor();
    await expectHeaderBalance(page, 'ko', 0);

    // The operator approves it with one call; the member sees the money and the completed request.
    await spec.operator.approve('deposit', member.userId);
    await page.reload();
    await expectHeaderBalance(page, 'ko', 50_000);
    await historyRow(page, 'ko', 50_000).getByText(text('ko', 'common:requestState.complete')).waitFor();
    // ... and a note about it, which the health check counts.
    const health = await page.request.post('/api/routes/user-health-check', {
      headers: { origin: baseUrl },
      data: {},
    });
    expect(((await health.json()) as { noteCount: number }).noteCount).toBe(1);

    // A 20,000원 withdrawal leaves the balance at once (held), and a cancellation returns it.
    await page.goto('/withdraw');
    await sendRequest(page, 20_000, member.exchangePassword);
    await expectHeaderBalance(page, 'ko', 30_000);
    const waiting = historyRow(page, 'ko', 20_000);
    await waiting.getByText(text('ko', 'common:requestState.waiting')).waitFor();
    await waiting.getByRole('button', { name: text('ko', 'cashier:history.cancel') }).click();
    await confirmTopDialog(page);
    await confirmTopDialog(page);
    await expectHeaderBalance(page, 'ko', 50_000);
    await historyRow(page, 'ko', 20_000).getByText(text('ko', 'common:requestState.cancelled')).waitFor();

    // A wrong PIN is refused and holds nothing.
    const form = page.locator('form.cashier-form');
    await form.locator('input[name="amount"]').fill('10000');
    await form.locator('input[name="exchangePassword"]').fill('9999');
    await form.locator('button[type="submit"]').click();
    await confirmTopDialog(page);
    await page.getByRole('alertdialog').getByText(text('ko', 'cashier:withdraw.status.pass')).waitFor();
    await confirmTopDialog(page);
    await expectHeaderBalance(page, 'ko', 50_000);

    // A 10,000원 withdrawal the operator rejects: the money returns and the reason shows.
    await sendRequest(page, 10_000, member.exchangePassword);
    await expectHeaderBalance(page, 'ko', 40_000);
    await spec.operator.reject('withdraw', member.userId, '계좌 확인이 필요합니다');
    await page.reload();
    await expectHeaderBalance(page, 'ko', 50_000);
    await historyRow(page, 'ko', 10_000).getByText('계좌 확인이 필요합니다').waitFor();

    // Comp points granted by the operator convert to cash on /comp.
    await spec.operator.adjust(member.userId, 12_000, 'point', 'e2e comp');
    await page.goto('/comp');
    await expect.poll(() => headerComp(page).textContent()).toBe('12,000');
    await page
      .locator('form.cashier-form')
      .getByRole('button', { name: text('ko', 'cashier:amount.all') })
      .click();
    await page.locator('form.cashier-form button[type="submit"]').click();
    await confirmTopDialog(page);
    await confirmTopDialog(page);
    await expectHeaderBalance(page, 'ko', 62_000);
    await expect.poll(() => headerComp(page).textContent()).toBe('0');
    await context.close();
  });

  it('works on a phone in every locale: deposit approved, withdrawal held, comp converted', async () => {
    for (const locale of LOCALES) {
      const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
      await dismissHealthDialogs(page);
      const member = newMember();
      await registerAndSignIn(page, baseUrl, member);

      await page.goto(localePath(locale, '/deposit'));
      await page.getByRole('heading', { level: 1, name: text(locale, 'common:menu.deposit') }).waitFor();
      await sendRequest(page, 30_000);
      await spec.operator.approve('deposit', member.userId);
      await page.reload();
      await expectHeaderBalance(page, locale, 30_000);
      await historyRow(page, locale, 30_000)
        .getByText(text(locale, 'common:requestState.complete'))
        .waitFor();

      await page.goto(localePath(locale, '/withdraw'));
      await page.getByRole('heading', { level: 1, name: text(locale, 'common:menu.withdraw') }).waitFor();
      await sendRequest(page, 10_000, member.exchangePassword);
      await expectHeaderBalance(page, locale, 20_000);
      await historyRow(page, locale, 10_000).getByText(text(locale, 'common:requestState.waiting')).waitFor();

      await spec.operator.adjust(member.userId, 10_000, 'point', 'e2e comp');
      await page.goto(localePath(locale, '/comp'));
      await page.getByRole('heading', { level: 1, name: text(locale, 'common:menu.comp') }).waitFor();
      await page
        .locator('form.cashier-form')
        .getByRole('button', { name: text(locale, 'cashier:amount.all') })
        .click();
      await page.locator('form.cashier-form button[type="submit"]').click();
      await confirmTopDialog(page);
      await confirmTopDialog(page);
      await expectHeaderBalance(page, locale, 30_000);
      await context.close();
    }
  });
});
