import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from './browser.ts';
import {
  ADMIN_PASSWORD,
  boText,
  confirmTopDialog,
  dismissHealthDialogs,
  localePath,
  newMember,
  operatorClient,
  registerAndSignIn,
  SCREENS,
  text,
  type TLocale,
} from './fixtures.ts';

// Attendance, referral and weekly payback (issue 26, docs/promotions.md) in Chromium: a member
// checks in on the attendance page (phone, Korean and English), sees the stamp and the points, and
// finds on my page the friend who joined naming them and last week's payback; the operator sees
// the Promotions screen with what each promotion paid.

const baseUrl = inject('baseUrl');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  browser = await launchBrowser();
  // A known reward table, whatever an earlier run left.
  const op = await operatorClient(baseUrl);
  await op.put('/api/backoffice/promotions/attendance', {
    enabled: true,
    requireDeposit: false,
    rewards: [
      { streak: 1, points: 100 },
      { streak: 7, points: 1_000 },
    ],
  });
  await op.close();
});
afterAll(async () => {
  await browser?.close();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(SCREENS, `promotions-${name}.png`), fullPage: true });

describe('attendance and my page', () => {
  for (const locale of ['ko', 'en'] as const satisfies readonly TLocale[]) {
    it(`a member checks in once and sees the stamp, the referral and the payback (${locale}, phone)`, async () => {
      const { context, page } = await newPage(browser, baseUrl, PHONE);
      await dismissHealthDialogs(page);
      const member = newMember();
      await registerAndSignIn(page, baseUrl, member);
      // A friend joins naming the member as recommender (from another address than the member's
      // sign-ins would be flagged: the e2e browser and server share one, so it is flagged here).
      const friend = newMember();
      const joined = await page.request.post('/api/routes/user-register', {
        headers: { origin: baseUrl, cookie: '' },
        data: { ...friend, code: 'DEMO', agree18: true, recommender: member.userId },
      });
      expect(((await joined.json()) as { status: string }).status).toBe('success');

      await page.goto(localePath(locale, '/attendance'));
      const check = page.getByRole('button', { name: text(locale, 'promotions:attendance.check') });
      await check.waitFor();
      await shot(page, `${locale}-attendance-before`);
      await check.click();
      const done = text(locale, 'promotions:attendance.done_one', { points: '100', count: '1' });
      await expect
        .poll(() => page.locator('[role="dialog"], [role="alertdialog"]').last().textContent())
        .toContain(done);
      await confirmTopDialog(page);
      await page.getByRole('button', { name: text(locale, 'promotions:attendance.checkedToday') }).waitFor();
      expect(
        await page.locator('.attendance-calendar__day.is-today .attendance-calendar__stamp').textContent(),
      ).toBe(text(locale, 'promotions:attendance.stamp'));
      await shot(page, `${locale}-attendance-after`);

      await page.goto(localePath(locale, '/user'));
      const referrals = page.getByRole('region', { name: text(locale, 'promotions:referrals.title') });
      await referrals.getByText(friend.nick).waitFor();
      const payback = page.getByRole('region', { name: text(locale, 'promotions:payback.title') });
      await payback.getByText(text(locale, 'promotions:payback.loss'), { exact: true }).waitFor();
      await referrals.scrollIntoViewIfNeeded();
      await shot(page, `${locale}-user`);
      await context.close();
    });
  }
});

describe('the console', () => {
  it('shows the Promotions screen with each promotion and the flagged referrals (desktop)', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await page.goto('/backoffice/');
    const ko = (key: string) => boText('ko', key);
    await page.getByLabel(ko('login.operatorId')).fill('admin');
    await page.getByLabel(ko('login.password')).fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: ko('login.submit') }).click();
    await page.getByRole('heading', { level: 1, name: ko('dashboard.title') }).waitFor();
    await page.getByRole('link', { name: ko('menu.promotions'), exact: true }).click();
    await page.getByRole('heading', { level: 1, name: ko('promotions.title') }).waitFor();
    await page.getByRole('form', { name: ko('promotions.attendance.title') }).waitFor();
    await page.getByRole('form', { name: ko('promotions.payback.title') }).waitFor();
    // What attendance paid: a count (the member tests' checks, when they ran first).
    const paid = page.locator('#promotions-attendance ~ .promotions__figures dd').first();
    await expect.poll(async () => (await paid.textContent()) ?? '').toMatch(/^\d[\d,]*$/);
    await shot(page, 'console');
    await context.close();
  });
});
