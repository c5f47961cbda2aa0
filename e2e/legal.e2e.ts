import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from './browser.ts';
import { dismissHealthDialogs, newMember, registerAndSignIn, specFile, text } from './fixtures.ts';

/*
 * Newer terms (issue 22) as a member meets them: the operator publishes a new version of the terms
 * of use or of the privacy policy in the back office; a member who accepted the older one finds
 * the new text over the page at once (already signed in) or at the next sign-in, cannot move money
 * meanwhile (403 must_accept_terms), and accepts it (recorded) or signs out. Every member is new;
 * the versions published stay in force for the files that run later, whose members register after
 * them (and so accept them at registration).
 */

const baseUrl = inject('baseUrl');
const spec = specFile(baseUrl, { operator: true });

/** Waits until the app has taken over from the prerendered document (decision 0013). */
async function appReady(page: Page) {
  await page.waitForFunction(() => !document.querySelector('[data-prerendered]'));
}

/** Publishes the next version of a document in Korean and English; its version number. */
async function publish(kind: 'terms' | 'privacy', stamp: string): Promise<number> {
  await spec.operator.post('/api/backoffice/legal', {
    kind,
    texts: [
      { locale: 'ko', title: `${kind} ko ${stamp}`, body: `<h2>제1조</h2><p>개정 본문 ${stamp}</p>` },
      { locale: 'en', title: `${kind} en ${stamp}`, body: `<h2>Article 1</h2><p>Revised text ${stamp}</p>` },
    ],
  });
  const list = await spec.operator.get<{ current: Record<string, number> }>(
    `/api/backoffice/legal?kind=${kind}`,
  );
  return list.current[kind]!;
}

/** A member call from the page's browser (its cookie, the site's origin): HTTP status and body. */
async function memberCall(page: Page, name: string, data: unknown = {}) {
  const res = await page.request.post(`/api/routes/${name}`, { headers: { origin: baseUrl }, data });
  return { code: res.status(), body: (await res.json()) as Record<string, unknown> };
}

describe('newer terms', () => {
  it('show at once over the page of a signed-in member, refuse money until accepted, and go once accepted (desktop, Korean)', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await dismissHealthDialogs(page);
    await page.goto('/deposit');
    await appReady(page);
    await page.locator('main form').first().waitFor();
    expect((await memberCall(page, 'user-health-check')).body.user).toMatchObject({ requires: [] });

    const stamp = `t${Date.now().toString(36)}`;
    const version = await publish('terms', stamp);
    // The member is on the deposit page; the next health check (a reload here) brings the new text.
    await page.reload();
    await appReady(page);
    const dialog = page.getByRole('dialog', { name: text('ko', 'legal:accept.title') });
    await dialog.waitFor();
    await dialog.getByText(`개정 본문 ${stamp}`).waitFor();
    await dialog
      .getByText(text('ko', 'legal:version', { version: String(version) }), { exact: true })
      .waitFor();
    // The page is still there behind it, but money does not move.
    await page.locator('main form').first().waitFor({ state: 'attached' });
    expect(await memberCall(page, 'apply-user-deposit', { amount: 10_000 })).toEqual({
      code: 403,
      body: { status: 'must_accept_terms' },
    });
    expect(await memberCall(page, 'open-game', { code: 'x', company: 'x', timeStemp: 1 })).toEqual({
      code: 403,
      body: { status: 'must_accept_terms' },
    });

    // Accepting needs the box ticked.
    await dialog.getByRole('button', { name: text('ko', 'legal:accept.submit') }).click();
    await dialog.getByText(text('ko', 'legal:accept.agreeRequired')).waitFor();
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: text('ko', 'legal:accept.submit') }).click();
    await dialog.waitFor({ state: 'hidden' });

    expect((await memberCall(page, 'user-health-check')).body.user).toMatchObject({
      requires: [],
      termsToAccept: [],
    });
    expect((await memberCall(page, 'apply-user-deposit', { amount: 10_000 })).code).toBe(200);
    // The deposit page works again, and a reload asks nothing.
    await page.reload();
    await appReady(page);
    await page.locator('main form').first().waitFor();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('show at the next sign-in, and let the member sign out instead (phone, English)', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, PHONE);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    await dismissHealthDialogs(page);
    // Signed out, then a new privacy policy is published.
    const signOut = await page.request.get('/api/auth/csrf');
    const { csrfToken } = (await signOut.json()) as { csrfToken: string };
    await page.request.post('/api/auth/signout', {
      headers: { origin: baseUrl },
      form: { csrfToken, callbackUrl: '/', json: 'true' },
    });
    const stamp = `p${Date.now().toString(36)}`;
    const version = await publish('privacy', stamp);

    // The portal's own sign-in page.
    await page.goto('/en/login');
    await appReady(page);
    const form = page.locator('main form');
    await form.locator('input[name="userId"]').fill(member.userId);
    await form.locator('input[name="password"]').fill(member.password);
    const signedIn = page.waitForEvent('load');
    await form.locator('button[type="submit"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await signedIn;
    await appReady(page);

    const dialog = page.getByRole('dialog', { name: text('en', 'legal:accept.title') });
    await dialog.waitFor();
    await dialog.getByText(`Revised text ${stamp}`).waitFor();
    await dialog
      .getByText(
        text('en', 'legal:accept.agree', {
          documents: text('en', 'legal:accept.document', {
            title: text('en', 'legal:privacy.title'),
            version: String(version),
          }),
        }),
      )
      .waitFor();
    expect((await memberCall(page, 'roll-to-balance', { amount: 1_000 })).body).toEqual({
      status: 'must_accept_terms',
    });

    // Signing out instead: the usual question, then the site as a guest.
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: text('en', 'common:auth.logout') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await reloaded;
    await appReady(page);
    expect((await memberCall(page, 'user-health-check')).code).toBe(401);
    // Nothing was accepted: the next sign-in asks again.
    const again = await page.request.post('/api/routes/user-do-login', {
      headers: { origin: baseUrl },
      data: { userId: member.userId, password: member.password },
    });
    expect(((await again.json()) as { user: unknown }).user).toMatchObject({
      requires: ['accept_terms'],
      termsToAccept: [{ kind: 'privacy', version }],
    });
    await context.close();
  });
});
