import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, PHONE } from './browser.ts';
import { newMember, type TNewMember } from './fixtures.ts';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function register(page: Page, member: TNewMember) {
  await page.goto('/register');
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
  // The registration code comes pre-filled from the host's binding (get-reg-domain).
  await expect.poll(() => form.locator('input[name="code"]').inputValue()).toBe('DEMO');
  await page.getByText('사용할 수 있는 아이디입니다.').waitFor();
  await form.locator('input[name="agree18"]').check({ force: true });
  await form.locator('button[type="submit"]').click();
  await page.getByText('회원가입이 완료되었습니다', { exact: false }).waitFor();
}

async function confirmDialog(page: Page) {
  await page
    .locator('[role="dialog"] button, [role="alertdialog"] button')
    .filter({ hasText: '확인' })
    .first()
    .click();
}

describe('a member registers, signs in, sees their strip and signs out', () => {
  it('on a desktop', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    const member = newMember();
    await register(page, member);
    await confirmDialog(page);

    await page.goto('/');
    const strip = page.locator('.desktop-header');
    await strip.locator('input[name="userId"]').fill(member.userId);
    await strip.locator('input[name="password"]').fill(member.password);
    await strip.locator('button[type="submit"]').click();
    await page.getByText('로그인', { exact: false }).first().waitFor();
    await confirmDialog(page);

    await strip.getByText(`${member.nick}님 환영합니다`).waitFor();
    await strip.getByText(member.userId, { exact: true }).waitFor();
    await strip.getByText('0원').first().waitFor();
    // The id is remembered for the next sign-in, never the password.
    const stored = await page.evaluate(() => JSON.stringify(localStorage));
    expect(stored).toContain(member.userId);
    expect(stored).not.toContain(member.password);

    // A member page opens now.
    await page.getByRole('navigation').getByText('충전').first().click();
    await page.waitForURL((url) => url.pathname === '/deposit');

    await strip.getByRole('button', { name: '로그아웃' }).click();
    await confirmDialog(page);
    await strip.locator('input[name="userId"]').waitFor();
    expect(await strip.locator('input[name="userId"]').inputValue()).toBe(member.userId);
    await context.close();
  });

  it('on a phone, through the side panel, in English', async () => {
    const { context, page } = await newPage(browser, baseUrl, PHONE);
    const member = newMember();
    await register(page, member);
    await confirmDialog(page);

    await page.goto('/en/');
    await page.locator('.mobile-header button[aria-controls="side-panel"]').click();
    const panel = page.locator('#side-panel');
    await panel.locator('input[name="userId"]').fill(member.userId);
    await panel.locator('input[name="password"]').fill(member.password);
    await panel.locator('button[type="submit"]').click();
    await page
      .locator('[role="dialog"] button, [role="alertdialog"] button')
      .filter({ hasText: 'OK' })
      .first()
      .click();

    await page.locator('.mobile-header button[aria-controls="side-panel"]').click();
    await panel.getByText(member.userId, { exact: false }).first().waitFor();
    await panel.getByText('₩0').first().waitFor();
    await panel.getByRole('button', { name: 'Log out' }).click();
    await page
      .locator('[role="dialog"] button, [role="alertdialog"] button')
      .filter({ hasText: 'OK' })
      .first()
      .click();
    await page.locator('.mobile-header button[aria-controls="side-panel"]').click();
    await panel.locator('input[name="password"]').waitFor();
    await context.close();
  });

  it('sends a wrong password to the error explanation', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await page.goto('/login');
    const form = page.locator('main form');
    await form.locator('input[name="userId"]').fill('demo');
    await form.locator('input[name="password"]').fill('wrong-password-1');
    await form.locator('button[type="submit"]').click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
    await context.close();
  });
});
