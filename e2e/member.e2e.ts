import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from './browser.ts';
import { fillRegisterForm, newMember, specFile, type TNewMember } from './fixtures.ts';

const baseUrl = inject('baseUrl');
const spec = specFile(baseUrl);

/** Waits until the app has taken over from the prerendered document (decision 0013). */
async function appReady(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
}

async function register(page: Page, member: TNewMember) {
  await page.goto('/register');
  await appReady(page);
  const form = await fillRegisterForm(page, member);
  // The registration code comes pre-filled from the host's binding (get-reg-domain).
  await expect.poll(() => form.locator('input[name="code"]').inputValue()).toBe('DEMO');
  await page.getByText('사용할 수 있는 아이디입니다.').waitFor();
  // In the middle of the screen: at its bottom edge the cookie bar would take the click.
  await form.locator('input[name="agree18"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
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

describe('a member registers, is signed in, sees their strip, signs out and in again', () => {
  it('on a desktop', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    const member = newMember();
    await register(page, member);
    // The registration signs the new member in (issue 12) and loads the responsible-gaming page,
    // which offers to set limits first (issue 14).
    await confirmDialog(page);
    await page.waitForURL((url) => url.pathname === '/user/responsible');
    await appReady(page);
    const strip = page.locator('.desktop-header');
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
    await appReady(page);
    await strip.locator('input[name="userId"]').waitFor();
    expect(await strip.locator('input[name="userId"]').inputValue()).toBe(member.userId);

    // And back in through the strip's sign-in form (on the home page: the guard has just sent the
    // signed-out member away from /deposit with its warning).
    await page.goto('/');
    await appReady(page);
    await strip.locator('input[name="password"]').fill(member.password);
    await strip.locator('button[type="submit"]').click();
    await confirmDialog(page);
    await strip.getByText(`${member.nick}님 환영합니다`).waitFor();
    await context.close();
  });

  it('on a phone, through the side panel, in English', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
    const member = newMember();
    await register(page, member);
    await confirmDialog(page);
    await page.waitForURL((url) => url.pathname === '/user/responsible');

    await page.goto('/en/');
    await appReady(page);
    await page.locator('.mobile-header button[aria-controls="side-panel"]').click();
    const panel = page.locator('#side-panel');
    await panel.getByText(member.userId, { exact: false }).first().waitFor();
    await panel.getByText('₩0').first().waitFor();
    await panel.getByRole('button', { name: 'Log out' }).click();
    // The sign-out reloads the page: the panel is opened again on the reloaded one.
    const reloaded = page.waitForEvent('load');
    await page
      .locator('[role="dialog"] button, [role="alertdialog"] button')
      .filter({ hasText: 'OK' })
      .first()
      .click();
    await reloaded;
    await appReady(page);

    await page.locator('.mobile-header button[aria-controls="side-panel"]').click();
    await panel.locator('input[name="password"]').fill(member.password);
    expect(await panel.locator('input[name="userId"]').inputValue()).toBe(member.userId);
    await panel.locator('button[type="submit"]').click();
    // The sign-in reloads the page too.
    const signedIn = page.waitForEvent('load');
    await page
      .locator('[role="dialog"] button, [role="alertdialog"] button')
      .filter({ hasText: 'OK' })
      .first()
      .click();
    await signedIn;
    await appReady(page);
    await page.locator('.mobile-header button[aria-controls="side-panel"]').click();
    await panel.getByText(member.userId, { exact: false }).first().waitFor();
    await context.close();
  });

  it('sends a wrong password to the error explanation', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await page.goto('/login');
    const form = page.locator('main form');
    await form.locator('input[name="userId"]').fill('demo');
    await form.locator('input[name="password"]').fill('wrong-password-1');
    await form.locator('button[type="submit"]').click();
    await page.getByRole('alertdialog').or(page.getByRole('dialog')).first().waitFor();
    await context.close();
  });
});
