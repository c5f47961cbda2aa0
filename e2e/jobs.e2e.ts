import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage } from './browser.ts';
import { ADMIN_PASSWORD, boText } from './fixtures.ts';

// The console's Periodic jobs screen (issue 24, docs/operations.md "Periodic jobs"): the owner sees
// the jobs the running server registered, each with its state, period, lease and last runs.

const baseUrl = inject('baseUrl');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the screenshots go (`.tmp/` is not committed). */
const SCREENS = process.env.E2E_SCREENSHOTS || path.join(root, '.tmp/e2e-screens');

let browser: Browser;
beforeAll(async () => {
  mkdirSync(SCREENS, { recursive: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the Periodic jobs screen', () => {
  it('shows the owner every job with its state, period and last runs, in Korean and English', async () => {
    const { context, page } = await newPage(browser, baseUrl, DESKTOP);
    await page.goto('/backoffice/');
    await page.getByLabel('운영자 아이디').fill('admin');
    await page.getByLabel('비밀번호').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await page.getByRole('link', { name: boText('ko', 'menu.jobs') }).click();
    await page.getByRole('heading', { name: boText('ko', 'jobs.title') }).waitFor();
    // The transfer-wallet reconciler runs every 15 s on the server from its start.
    const row = page.getByRole('row').filter({ hasText: 'transfer-reconcile' });
    await row.waitFor({ timeout: 30_000 });
    await expect
      .poll(async () => row.textContent(), { timeout: 30_000 })
      .toContain(boText('ko', 'jobs.states.ok'));
    const text = (await row.textContent())!;
    expect(text).toContain(boText('ko', 'jobs.seconds_other', { count: 15 }));
    expect(text).toContain(boText('ko', 'jobs.what.transfer-reconcile'));
    await page.screenshot({ path: path.join(SCREENS, 'jobs-ko-1440.png'), fullPage: true });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: boText('en', 'jobs.title') }).waitFor();
    expect(await row.textContent()).toContain(boText('en', 'jobs.what.transfer-reconcile'));
    await page.screenshot({ path: path.join(SCREENS, 'jobs-en-1440.png'), fullPage: true });
    await context.close();
  });
});
