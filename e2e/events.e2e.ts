import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage } from './browser.ts';
import { newMember, registerAndSignIn, specFile, text } from './fixtures.ts';

// Real-time events (issue 24, docs/api/events.md): what an operator does reaches a member's open
// page at once through the event stream, with no health check in between (it polls every 30 s).

const baseUrl = inject('baseUrl');
const spec = specFile(baseUrl, { operator: true });

describe('an open page hears the operator at once', () => {
  it('the balance in the frame moves, and a note asks (msg2003), without a reload or a health check', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    const member = newMember();
    await registerAndSignIn(page, baseUrl, member);
    const opened = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
    await page.goto('/');
    await opened;
    const money = page.locator('.balances__item--money .money').first();
    await money.waitFor();
    // Let the first health check of the page pass; from now on none may come before the events.
    await page.waitForTimeout(1_000);
    let checks = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/routes/user-health-check')) checks += 1;
    });

    await spec.operator.adjust(member.userId, 12_345, 'cash', 'e2e: an event');
    await expect.poll(() => money.textContent(), { timeout: 5_000 }).toContain('12,345');

    await spec.operator.post('/api/backoffice/notes', {
      userId: member.userId,
      title: 'E2E 실시간',
      contents: '<p>안내</p>',
    });
    const dialog = page.locator('[data-dialog-id="health-note"]');
    await dialog.waitFor({ timeout: 5_000 });
    expect(await dialog.textContent()).toContain(text('ko', 'common:msg2003'));
    expect(checks).toBe(0);
    await context.close();
  });
});
