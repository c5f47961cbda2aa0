import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { DESKTOP, newPage } from './browser.ts';
import { boText, SCREENS, signInToBackoffice, specFile } from './fixtures.ts';

// The console's Periodic jobs screen (issue 24, docs/operations.md "Periodic jobs"): the owner sees
// the jobs the running server registered, each with its state, period, lease and last runs.

const baseUrl = inject('baseUrl');

const spec = specFile(baseUrl, { screens: SCREENS });

describe('the Periodic jobs screen', () => {
  it('shows the owner every job with its state, period and last runs, in Korean and English', async () => {
    const { context, page } = await newPage(spec.browser, baseUrl, DESKTOP);
    await signInToBackoffice(page);
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
