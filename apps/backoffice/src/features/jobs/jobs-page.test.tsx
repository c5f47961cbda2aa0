import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TJob } from '@casino/contracts/backoffice-reports';
import { formatDateTime } from '../../lib/format.ts';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';
import { JobsPage, jobState } from './jobs-page.tsx';

const RECONCILE: TJob = {
  name: 'transfer-reconcile',
  everyMs: 15_000,
  runningOn: 'api-1/4242/ab12cd',
  nextRunAt: '2026-11-28T03:00:15.000Z',
  lastRunOn: 'api-1/4242/ab12cd',
  lastStartedAt: '2026-11-28T03:00:00.000Z',
  lastFinishedAt: null,
  lastSuccessAt: '2026-11-28T02:59:45.000Z',
  lastError: null,
  lastErrorAt: null,
  runs: 1204,
  failures: 0,
};
const PAYBACK: TJob = {
  name: 'payback-settle',
  everyMs: 900_000,
  runningOn: null,
  nextRunAt: '2026-11-28T03:10:00.000Z',
  lastRunOn: 'api-2/77/ff00aa',
  lastStartedAt: '2026-11-28T02:55:00.000Z',
  lastFinishedAt: '2026-11-28T02:55:01.000Z',
  lastSuccessAt: '2026-11-28T02:40:00.000Z',
  lastError: 'the lease of api-1/4242/ab12cd expired during its run',
  lastErrorAt: '2026-11-28T02:55:01.000Z',
  runs: 40,
  failures: 3,
};
const NEWER: TJob = {
  name: 'mini-draw',
  everyMs: null,
  runningOn: null,
  nextRunAt: '2026-11-28T03:00:00.000Z',
  lastRunOn: null,
  lastStartedAt: null,
  lastFinishedAt: null,
  lastSuccessAt: null,
  lastError: null,
  lastErrorAt: null,
  runs: 0,
  failures: 0,
};

setUpConsoleTests();

describe('the Jobs screen', () => {
  it('shows each job with its state, lease holder, last run, last success, failures and error', async () => {
    const urls = serveJson(() => ({ status: 'success', jobs: [RECONCILE, PAYBACK, NEWER] }));
    renderConsole(<JobsPage />, { path: '/jobs' });
    expect(await screen.findByText('transfer-reconcile')).toBeTruthy();
    expect(urls[0]).toBe('/api/backoffice/jobs');
    const rows = screen.getAllByRole('row').slice(1);
    const reconcile = within(rows[0]!);
    expect(reconcile.getByText('Running')).toBeTruthy();
    expect(reconcile.getByText('15 seconds')).toBeTruthy();
    expect(reconcile.getAllByText('api-1/4242/ab12cd')).toHaveLength(2);
    expect(reconcile.getByText('Not finished')).toBeTruthy();
    expect(reconcile.getByText(formatDateTime(RECONCILE.lastSuccessAt!))).toBeTruthy();
    expect(reconcile.getByText('Transfer-wallet moves whose answer never came')).toBeTruthy();
    const payback = within(rows[1]!);
    expect(payback.getByText('Failing')).toBeTruthy();
    expect(payback.getByText('15 minutes')).toBeTruthy();
    expect(payback.getByText('Free')).toBeTruthy();
    expect(payback.getByText('3 failures')).toBeTruthy();
    expect(payback.getByText(PAYBACK.lastError!)).toBeTruthy();
    expect(payback.getByText(`Ended ${formatDateTime(PAYBACK.lastFinishedAt!)}`)).toBeTruthy();
    // A job this console does not describe shows by its name; one not registered here says so.
    const newer = within(rows[2]!);
    expect(newer.getByText('Not run yet')).toBeTruthy();
    expect(newer.getByText('Not on this instance')).toBeTruthy();
    expect(newer.getByText('Never')).toBeTruthy();
    expect(screen.getByText('1 job failing')).toBeTruthy();
  });

  it('says when no job has run yet', async () => {
    serveJson(() => ({ status: 'success', jobs: [] }));
    renderConsole(<JobsPage />, { path: '/jobs' });
    expect(await screen.findByText('No periodic job has run on this database yet.')).toBeTruthy();
  });

  it('tells a job failing from one that failed before its last success', () => {
    expect(jobState({ ...PAYBACK, lastSuccessAt: '2026-11-28T02:56:00.000Z' })).toBe('ok');
    expect(jobState(PAYBACK)).toBe('failing');
    expect(jobState({ ...PAYBACK, lastSuccessAt: null })).toBe('failing');
    expect(jobState(NEWER)).toBe('never');
  });
});
