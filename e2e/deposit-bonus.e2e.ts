import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPage, PHONE } from './browser.ts';
import {
  confirmTopDialog,
  dismissHealthDialogs,
  localePath,
  newMember,
  operatorClient,
  registerAndSignIn,
  text,
  type TLocale,
  type TOperatorClient,
} from './fixtures.ts';

// The deposit bonus and its rollover (issue 26, docs/api/levels.md) in Chromium on a phone: a
// member chooses the first-deposit bonus on the deposit page, the operator approves, the withdraw
// page shows the rollover before the amount, the member gives the bonus up through the dialog, and
// my page shows the level.

const baseUrl = inject('baseUrl');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCREENS = process.env.E2E_SCREENSHOTS || path.join(root, '.tmp/e2e-screens');

let browser: Browser;
let op: TOperatorClient;
beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  browser = await launchBrowser();
  op = await operatorClient(baseUrl);
  await op.put('/api/backoffice/settings/levels/1', {
    depositBonus: [{ kind: 'first', percent: 10, cap: 100_000, rollover: 3 }],
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
