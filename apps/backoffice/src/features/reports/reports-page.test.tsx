import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TReportFigures, TReportsResponse } from '@casino/contracts/backoffice-reports';
import { defaultRange, rangeProblem, ReportsPage } from './reports-page.tsx';
import { renderConsole, serveJson, setUpConsoleTests } from '../../test/console.tsx';

function figures(over: Partial<TReportFigures>): TReportFigures {
  return {
    deposits: 0,
    depositCount: 0,
    withdrawals: 0,
    withdrawalCount: 0,
    bets: 0,
    wins: 0,
    ggr: 0,
    compConverted: 0,
    promotions: {
      bonuses: 0,
      bonusCount: 0,
      bonusesReturned: 0,
      attendance: 0,
      referral: 0,
      payback: 0,
      cost: 0,
    },
    providers: [],
    ...over,
  };
}

const REPORT: TReportsResponse = {
  status: 'success',
  unit: 'day',
  from: '2025-03-31',
  to: '2025-04-01',
  rows: [
    {
      period: '2025-03-31',
      start: '2025-03-30T15:00:00.000Z',
      ...figures({
        deposits: 10_000,
        depositCount: 1,
        withdrawals: 5_000,
        withdrawalCount: 1,
        bets: 1_300,
        wins: 300,
        ggr: 1_000,
        compConverted: 700,
        promotions: {
          bonuses: 5_000,
          bonusCount: 1,
          bonusesReturned: 1_000,
          attendance: 100,
          referral: 250,
          payback: 0,
          cost: 4_350,
        },
        providers: [
          { provider: 'evo', bets: 1_300, wins: 300, ggr: 1_000 },
          { provider: 'pragma', bets: 0, wins: 0, ggr: 0 },
        ],
      }),
    },
    {
      period: '2025-04-01',
      start: '2025-03-31T15:00:00.000Z',
      ...figures({
        deposits: 50_000,
        depositCount: 2,
        bets: 7_100,
        wins: 9_000,
        ggr: -1_900,
        providers: [
          { provider: 'evo', bets: 7_000, wins: 9_000, ggr: -2_000 },
          { provider: 'pragma', bets: 100, wins: 0, ggr: 100 },
        ],
      }),
    },
  ],
  totals: figures({
    deposits: 60_000,
    depositCount: 3,
    withdrawals: 5_000,
    withdrawalCount: 1,
    bets: 8_400,
    wins: 9_300,
    ggr: -900,
    compConverted: 700,
    promotions: {
      bonuses: 5_000,
      bonusCount: 1,
      bonusesReturned: 1_000,
      attendance: 100,
      referral: 250,
      payback: 0,
      cost: 4_350,
    },
    providers: [
      { provider: 'evo', bets: 8_300, wins: 9_300, ggr: -1_000 },
      { provider: 'pragma', bets: 100, wins: 0, ggr: 100 },
    ],
  }),
};

function fakeServer() {
  return serveJson(() => REPORT);
}

function renderPage(path = '/reports?unit=day&from=2025-03-31&to=2025-04-01') {
  renderConsole(<ReportsPage />, { path: path });
}

setUpConsoleTests();

describe('the reports screen', () => {
  it('asks for the period in the address and shows each day, the total and the CSV link', async () => {
    const gets = fakeServer();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Totals by period' });
    expect(gets[0]).toBe('/api/backoffice/reports?unit=day&from=2025-03-31&to=2025-04-01');
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'DayDepositsCountWithdrawalsCountNet inBetsWinsGGRComp converted',
      '2025-03-31₩10,0001₩5,0001₩5,000₩1,300₩300₩1,000₩700',
      '2025-04-01₩50,0002₩00₩50,000₩7,100₩9,000-₩1,900₩0',
      'Total₩60,0003₩5,0001₩55,000₩8,400₩9,300-₩900₩700',
    ]);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      '/api/backoffice/reports/csv?unit=day&from=2025-03-31&to=2025-04-01&lang=en',
    );
  });

  it('shows what the promotions paid by period, with the total, for all providers only', async () => {
    fakeServer();
    renderPage();
    const table = await screen.findByRole('table', { name: /^What the promotions paid by period/ });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DayDeposit bonusesCountGiven backAttendanceReferralPaybackPromotions cost',
      '2025-03-31₩5,0001₩1,000₩100₩250₩0₩4,350',
      '2025-04-01₩00₩0₩0₩0₩0₩0',
      'Total₩5,0001₩1,000₩100₩250₩0₩4,350',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'pragma' }));
    await screen.findByRole('table', { name: 'pragma by period' });
    expect(screen.queryByRole('table', { name: /^What the promotions paid/ })).toBeNull();
  });

  it('draws a chart whose text alternative is the table', async () => {
    fakeServer();
    renderPage();
    const chart = await screen.findByRole('img', {
      name: 'Deposits, withdrawals and GGR, 2025-03-31 to 2025-04-01 (figures in the table below)',
    });
    const table = screen.getByRole('table', { name: 'Totals by period' });
    expect(chart.getAttribute('aria-describedby')).toBe(table.id);
    // Two bars a day (deposits, withdrawals) and a GGR point a day, each with its figure.
    expect(chart.querySelectorAll('rect')).toHaveLength(4);
    expect([...chart.querySelectorAll('circle title')].map((n) => n.textContent)).toEqual([
      '03-31 · GGR: ₩1,000',
      '04-01 · GGR: -₩1,900',
    ]);
  });

  it('shows one provider by period when it is picked', async () => {
    fakeServer();
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'pragma' }));
    const table = await screen.findByRole('table', { name: 'pragma by period' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayBetsWinsGGR', '2025-03-31₩0₩0₩0', '2025-04-01₩100₩0₩100', 'Total₩100₩0₩100']);
    expect(screen.getByRole('img', { name: /^pragma: bets, wins and GGR/ })).toBeTruthy();
  });

  it('refuses a range longer than a year before asking the server', async () => {
    const gets = fakeServer();
    renderPage();
    await screen.findByRole('table', { name: 'Totals by period' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-01' } });
    expect(screen.getByRole('status').textContent).toBe('A daily report covers at most 366 days.');
    expect((screen.getByRole('button', { name: 'Show' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2024-12-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await vi.waitFor(() =>
      expect(gets.at(-1)).toBe('/api/backoffice/reports?unit=day&from=2024-01-01&to=2024-12-31'),
    );
  });
});

describe('report ranges', () => {
  it('opens on the last 14 Seoul days or 12 months', () => {
    // 2026-03-01 00:30 in Seoul.
    const now = new Date('2026-02-28T15:30:00Z');
    expect(defaultRange('day', now)).toEqual({ from: '2026-02-16', to: '2026-03-01' });
    expect(defaultRange('month', now)).toEqual({ from: '2025-04', to: '2026-03' });
  });

  it('names what is wrong with a range', () => {
    expect(rangeProblem('day', '2025-01-01', '2025-12-31')).toBeNull();
    expect(rangeProblem('day', '2025-01-02', '2025-01-01')).toBe('reports.reversed');
    expect(rangeProblem('month', '2023-01', '2025-12')).toBeNull();
    expect(rangeProblem('month', '2023-01', '2026-01')).toBe('reports.tooLong.month');
    expect(rangeProblem('day', '2025-02-29', '2025-03-01')).toBe('reports.badDate');
  });
});
