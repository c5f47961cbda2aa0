import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PromotionsPage } from './promotions-page.tsx';
import { renderConsole, serveWrites, setUpConsoleTests } from '../../test/console.tsx';

const FIGURES = { count: 12, points: 3_400, count30: 5, points30: 900 };
const ATTENDANCE = {
  status: 'success',
  settings: { enabled: true, requireDeposit: false, rewards: [{ streak: 1, points: 100 }] },
  figures: FIGURES,
};
const REFERRAL = {
  status: 'success',
  settings: { enabled: true, rate: 50 },
  figures: { ...FIGURES, links: 7, flagged: 1 },
};
const PAYBACK = {
  status: 'success',
  settings: { enabled: false, percentByLevel: { '1': 5, '2': 6 }, cap: 100_000 },
  figures: { count: 0, points: 0, count30: 0, points30: 0 },
};
const FLAGGED = {
  status: 'success',
  list: [
    { userId: 'kim02', nick: '김둘', recommender: 'kim01', flag: 'ip', joined: '2026-11-20T01:00:00.000Z' },
  ],
  maxCount: 1,
};

const READS: Record<string, unknown> = {
  '/api/backoffice/promotions/attendance': ATTENDANCE,
  '/api/backoffice/promotions/referral': REFERRAL,
  '/api/backoffice/promotions/payback': PAYBACK,
};

function fakeServer(answers: Record<string, unknown[]>) {
  return serveWrites(
    (url) => (url.startsWith('/api/backoffice/promotions/referral/flagged') ? FLAGGED : READS[url]),
    answers,
  );
}

function renderPage() {
  renderConsole(<PromotionsPage />, {
    path: '/promotions',
    operator: { operatorId: 'boss', role: 'owner', permissions: [] },
    staleTime: Infinity,
  });
}

setUpConsoleTests();

describe('promotions', () => {
  it('shows each promotion with its switch, figures and the flagged referral links', async () => {
    fakeServer({});
    renderPage();
    const attendance = await screen.findByRole('form', { name: 'Attendance' });
    expect((within(attendance).getByRole('switch', { name: 'On' }) as HTMLInputElement).checked).toBe(true);
    expect((within(attendance).getByLabelText('Points of reward 1') as HTMLInputElement).value).toBe('100');
    const payback = await screen.findByRole('form', { name: 'Weekly payback' });
    expect((within(payback).getByRole('switch', { name: 'On' }) as HTMLInputElement).checked).toBe(false);
    expect((within(payback).getByLabelText('Level 2') as HTMLInputElement).value).toBe('6');
    expect((within(payback).getByLabelText('Level 10') as HTMLInputElement).value).toBe('0');
    expect(screen.getAllByText('3,400').length).toBeGreaterThan(0);
    const row = (await screen.findByText('kim02 (김둘)')).closest('tr')!;
    expect(within(row).getByText('Same address as the recommender')).toBeTruthy();
    expect(within(row).getByText('kim01')).toBeTruthy();
  });

  it('checks the attendance rewards before sending and sends the table sorted', async () => {
    const sent = fakeServer({
      'PUT /api/backoffice/promotions/attendance': [
        {
          ...ATTENDANCE,
          settings: {
            enabled: true,
            requireDeposit: true,
            rewards: [
              { streak: 1, points: 100 },
              { streak: 7, points: 1_000 },
            ],
          },
        },
      ],
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Attendance' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add reward' }));
    fireEvent.change(within(form).getByLabelText('Streak of reward 2'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Points of reward 2'), { target: { value: '-5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Each streak has one reward.')).toBeTruthy();
    expect(within(form).getByText('Points cannot be negative.')).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Streak of reward 2'), { target: { value: '7' } });
    fireEvent.change(within(form).getByLabelText('Points of reward 2'), { target: { value: '1000' } });
    fireEvent.click(within(form).getByRole('switch', { name: 'Needs a deposit approved that day' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Attendance saved.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/backoffice/promotions/attendance',
        body: {
          enabled: true,
          requireDeposit: true,
          rewards: [
            { streak: 1, points: 100 },
            { streak: 7, points: 1_000 },
          ],
        },
      },
    ]);
  });

  it('saves the referral rate and the payback percents, and shows a refusal', async () => {
    const sent = fakeServer({
      'PUT /api/backoffice/promotions/referral': [{ ...REFERRAL, settings: { enabled: false, rate: 120 } }],
      'PUT /api/backoffice/promotions/payback': [
        { ...PAYBACK, settings: { ...PAYBACK.settings, enabled: true } },
      ],
    });
    renderPage();
    const referral = await screen.findByRole('form', { name: 'Referral' });
    const rate = within(referral).getByLabelText('Rate (basis points, 100 = 1 %)');
    fireEvent.change(rate, { target: { value: '20000' } });
    fireEvent.click(within(referral).getByRole('button', { name: 'Save' }));
    expect(await within(referral).findByText('At most 10,000 (100 %).')).toBeTruthy();
    fireEvent.change(rate, { target: { value: '120' } });
    expect(within(referral).getByText('= 1.2 %')).toBeTruthy();
    fireEvent.click(within(referral).getByRole('switch', { name: 'On' }));
    fireEvent.click(within(referral).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Referral saved.')).toBeTruthy();

    const payback = await screen.findByRole('form', { name: 'Weekly payback' });
    fireEvent.change(within(payback).getByLabelText('Level 3'), { target: { value: '101' } });
    fireEvent.click(within(payback).getByRole('button', { name: 'Save' }));
    expect(await within(payback).findByText('At most 100 %.')).toBeTruthy();
    fireEvent.change(within(payback).getByLabelText('Level 3'), { target: { value: '7' } });
    fireEvent.click(within(payback).getByRole('switch', { name: 'On' }));
    fireEvent.click(within(payback).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Weekly payback saved.')).toBeTruthy();
    expect(sent.map((s) => s.body)).toEqual([
      { enabled: false, rate: 120 },
      {
        enabled: true,
        cap: 100_000,
        percentByLevel: { '1': 5, '2': 6, '3': 7, '4': 0, '5': 0, '6': 0, '7': 0, '8': 0, '9': 0, '10': 0 },
      },
    ]);
  });
});
