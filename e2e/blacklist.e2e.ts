import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage } from './browser.ts';
import { SCREENS, signInToBackoffice, specFile } from './fixtures.ts';

// The owner's Blacklist screen (issue 28, docs/api/backoffice-blacklist.md): an address range added
// through the form shows normalized in the list, and is removed after asking.

const baseUrl = inject('baseUrl');

const spec = specFile(baseUrl, { screens: SCREENS });

describe('blacklist screen', () => {
  it('adds a range normalized, lists it and removes it after asking', async () => {
    const octet = 1 + Math.floor(Math.random() * 250);
    const typed = `10.${octet}.7.9/16`;
    const stored = `10.${octet}.0.0/16`;
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await signInToBackoffice(page);
    await page.getByRole('link', { name: '블랙리스트' }).click();
    await page.getByRole('heading', { level: 1, name: '블랙리스트' }).waitFor();
    const form = page.getByRole('form', { name: '블랙리스트 추가' });
    await form.getByLabel('값').fill(typed);
    await form.getByLabel('사유').fill('e2e 테스트');
    await form.getByRole('button', { name: '블랙리스트 추가' }).click();
    const row = page.getByRole('row').filter({ hasText: stored });
    await row.waitFor();
    expect(await row.textContent()).toContain('e2e 테스트');
    await page.screenshot({ path: path.join(SCREENS, 'blacklist-backoffice.png'), fullPage: true });
    await row.getByRole('button', { name: '삭제' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: stored }).count()).toBe(0);
    await context.close();
  });
});
