import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TDashboardResponse } from '@casino/contracts/backoffice-reports';
import type { TFraudSummary } from '@casino/contracts/backoffice-fraud';
import { beep } from './beep.ts';
import { DashboardPage } from './dashboard-page.tsx';
import { apiKey } from '../../lib/api.ts';
import { setUpConsoleTests, renderConsole, fakeFetch } from '../../test/console.tsx';

vi.mock('./beep.ts', () => ({ beep: vi.fn(), isMuted: () => false, setMuted: () => {} }));

const period = (from: string, over: Partial<TDashboardResponse['today']>) => ({
  from,
  deposits: 0,
  withdrawals: 0,
  bets: 0,
  wins: 0,
  ggr: 0,
  ...over,
});

const FIGURES: TDashboardResponse = {
  status: 'success',
  pending: { deposits: 1, withdrawals: 0, helps: 0, guestHelps: 0, accountInquiries: 0 },
  today: period('2026-11-23T15:00:00.000Z', {
    deposits: 30_000,
    withdrawals: 20_000,
    bets: 10_000,
    wins: 14_000,
    ggr: -4_000,
  }),
  month: period('2026-10-31T15:00:00.000Z', {
    deposits: 900_000,
    withdrawals: 400_000,
    bets: 500_000,
    wins: 300_000,
    ggr: 200_000,
  }),
  days: [
    { day: '2026-11-23', deposits: 5_000, withdrawals: 0, bets: 1_000, wins: 0, ggr: 1_000 },
    { day: '2026-11-24', deposits: 30_000, withdrawals: 20_000, bets: 10_000, wins: 14_000, ggr: -4_000 },
  ],
};

const ABUSE: TFraudSummary = {
  status: 'success',
  day: '2026-11-24',
  entries: { linked_register: 2, linked_sign_in: 0, opposite_bet: 1, bonus_hunt: 0 },
  refused: 1,
  blacklistHits: 4,
  open: 7,
};

function fakeServer(counts: { deposits: number; inquiries?: number }) {
  fakeFetch(async (url: string) => {
    if (url === '/api/backoffice/me')
      return Response.json({
        status: 'success',
        operator: { operatorId: 'boss', role: 'owner', permissions: [] },
      });
    if (url === '/api/backoffice/dashboard') return Response.json(FIGURES);
    if (url === '/api/backoffice/fraud/summary') return Response.json(ABUSE);
    const maxCount = url.startsWith('/api/backoffice/deposits')
      ? counts.deposits
      : url.includes('kind=account_inquiry')
        ? (counts.inquiries ?? 0)
        : 0;
    return Response.json({ status: 'success', list: [], maxCount });
  });
}

function renderPage() {
  return renderConsole(<DashboardPage />);
}

setUpConsoleTests();
afterEach(() => {
  vi.mocked(beep).mockClear();
});

describe('the dashboard', () => {
  it("shows today's abuse figures with the way to the review", async () => {
    fakeServer({ deposits: 0 });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Abuse today' });
    await within(card).findByText('Opposite bets');
    const figure = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(figure('Linked registrations')).toBe('2');
    expect(figure('Opposite bets')).toBe('1');
    expect(figure('Blacklist refusals')).toBe('4');
    expect(figure('Open for review')).toBe('7');
    expect(within(card).getByRole('link', { name: 'Open the abuse review' }).getAttribute('href')).toContain(
      '/fraud',
    );
  });

  it("shows today's and this month's figures as a chart and its table", async () => {
    fakeServer({ deposits: 1 });
    renderPage();
    const chart = await screen.findByRole('img', {
      name: 'Deposits, withdrawals, bets, wins and GGR of today and this month (figures in the table below)',
    });
    const table = document.getElementById(chart.getAttribute('aria-describedby')!)!;
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'PeriodDepositsWithdrawalsBetsWinsGGR',
      'Today₩30,000₩20,000₩10,000₩14,000-₩4,000',
      'This month₩900,000₩400,000₩500,000₩300,000₩200,000',
    ]);
    // Five figures, a bar for today and one for the month each.
    expect(chart.querySelectorAll('rect')).toHaveLength(10);
    const trend = screen.getByRole('img', { name: /last 2 days/ });
    const trendTable = document.getElementById(trend.getAttribute('aria-describedby')!)!;
    expect(within(trendTable).getAllByRole('row')).toHaveLength(3);
    expect(trend.querySelectorAll('circle')).toHaveLength(2);
  });

  it('counts the waiting deposit-account inquiries apart, linked to them in the help desk', async () => {
    fakeServer({ deposits: 0, inquiries: 3 });
    renderPage();
    const card = (await screen.findByText('Account inquiries waiting')).closest('article')!;
    await vi.waitFor(() => expect(within(card).getByText('3')).toBeTruthy());
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      '/helpdesk?kind=account_inquiry&state=wait',
    );
  });

  it('still highlights and sounds a queue count that rises', async () => {
    const counts = { deposits: 1 };
    fakeServer(counts);
    const client = renderPage();
    const card = (await screen.findByText('Deposits waiting')).closest('article')!;
    await vi.waitFor(() => expect(within(card).getByText('1')).toBeTruthy());
    expect(card.className).not.toContain('card--hot');
    counts.deposits = 2;
    await act(() => client.refetchQueries({ queryKey: apiKey('deposits.queue') }));
    await vi.waitFor(() => expect(card.className).toContain('card--hot'));
    expect(within(card).getByText('New')).toBeTruthy();
    expect(beep).toHaveBeenCalledTimes(1);
  });
});
