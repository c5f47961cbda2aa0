import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, newPage, PHONE } from './browser.ts';
import { SCREENS, signInToBackoffice, specFile } from './fixtures.ts';

// Two sites on one server (issue 25, docs/api/backoffice-sites.md): the demo's default site on
// localhost and its second site BLUE OCEAN on 127.0.0.1, each with its own name in the header and
// the window title, its own colour (the accent tokens and the browser's theme-color) and its own
// registration code on the sign-up form.

const baseUrl = inject('baseUrl');
const port = new URL(baseUrl).port;
const SITES = {
  house: { url: `http://localhost:${port}`, name: 'GOLD CROWN', color: '#f2c14e', code: 'DEMO' },
  ocean: { url: `http://127.0.0.1:${port}`, name: 'BLUE OCEAN', color: '#38bdf8', code: 'OCEAN' },
} as const;

const spec = specFile(baseUrl, { screens: SCREENS });

/** What the page shows of its site. */
function siteOf(page: Page) {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const logo = document.querySelector('.logo__name');
    const button = document.querySelector('.btn--primary, .btn-primary');
    return {
      logo: logo?.textContent ?? null,
      title: document.title,
      gold: root.getPropertyValue('--gold').trim(),
      themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
      button: button ? getComputedStyle(button).backgroundColor : null,
    };
  });
}

describe('two sites on one server', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`shows each host its own name and colour (${viewport.width} px)`, async () => {
      const shown: Record<string, Awaited<ReturnType<typeof siteOf>>> = {};
      for (const [key, site] of Object.entries(SITES)) {
        const { context, page } = await newPage(spec.browser, site.url, viewport);
        await page.goto('/');
        await page.locator('.logo__name').first().waitFor({ state: 'attached' });
        // The name is the served document's before any script ran, and stays after hydration.
        await expect.poll(() => page.locator('.logo__name').first().textContent()).toBe(site.name);
        await expect.poll(() => page.title()).toContain(site.name);
        shown[key] = await siteOf(page);
        expect(shown[key]).toMatchObject({
          gold: site.color,
          themeColor: key === 'house' ? '#0b0d13' : site.color,
        });
        const status = await page.evaluate(async () => {
          const res = await fetch('/api/routes/get-site-status', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          });
          return (await res.json()) as { site: { name: string; theme: { primary: string | null } } };
        });
        expect(status.site.name).toBe(site.name);
        expect(status.site.theme.primary).toBe(key === 'house' ? null : site.color);
        await page.screenshot({ path: path.join(SCREENS, `sites-${key}-${viewport.width}.png`) });

        // The sign-up form pre-fills the host's own registration code.
        await page.goto('/register');
        const code = page.locator('form.register-form input[name="code"]');
        await expect.poll(() => code.inputValue()).toBe(site.code);
        await context.close();
      }
      expect(shown.house!.logo).not.toBe(shown.ocean!.logo);
      expect(shown.house!.gold).not.toBe(shown.ocean!.gold);
    });
  }

  it('lists the sites on the owner’s Sites screen', async () => {
    const { context, page } = await newPage(spec.browser, SITES.house.url, DESKTOP);
    await signInToBackoffice(page);
    await page.getByRole('link', { name: '사이트 관리' }).click();
    const row = page.getByRole('row').filter({ hasText: 'BLUE OCEAN' });
    await row.waitFor();
    expect(await row.textContent()).toContain('127.0.0.1');
    expect(await row.textContent()).toContain('#38bdf8');
    await page.screenshot({ path: path.join(SCREENS, 'sites-backoffice.png'), fullPage: true });
    await context.close();
  });
});
