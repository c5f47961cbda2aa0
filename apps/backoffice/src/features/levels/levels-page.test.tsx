import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DepositEventsPage } from './deposit-events-page.tsx';
import { LevelsPage } from './levels-page.tsx';
import { renderConsole, serveWrites, setUpConsoleTests } from '../../test/console.tsx';

const NONE = { casino: null, slot: null, mini: null };
const level = (n: number, more: Record<string, unknown> = {}) => ({
  level: n,
  name: `Lv.${n}`,
  members: n === 1 ? 12 : 0,
  compRates: NONE,
  withdrawDailyLimit: null,
  depositBonus: [],
  threshold: { stakes: null, deposits: null },
  depositAccount: null,
  ...more,
});
const LEVELS = {
  status: 'success',
  levels: Array.from({ length: 10 }, (_, i) =>
    i === 2
      ? level(3, {
          name: 'Gold',
          compRates: { casino: 80, slot: null, mini: 50 },
          withdrawDailyLimit: 5_000_000,
          depositBonus: [{ id: 'every-5-100000-2', kind: 'every', percent: 5, cap: 100_000, rollover: 2 }],
          threshold: { stakes: null, deposits: 1_000_000 },
        })
      : level(i + 1),
  ),
};
const FIG = { count: 0, amount: 0 };
const FIGURES = {
  paid: { count: 3, amount: 30_000 },
  rolledOver: FIG,
  givenUp: { ...FIG, returned: 0 },
  active: FIG,
};
const BONUS = { status: 'success', enabled: true, figures: FIGURES, byLevel: [] };
const EVENTS = {
  status: 'success',
  list: [
    {
      id: 4,
      name: '주말 이벤트',
      from: '2026-11-27T00:00:00.000Z',
      to: '2026-11-30T00:00:00.000Z',
      levels: [2, 3],
      percent: 20,
      cap: 100_000,
      rollover: 4,
      enabled: true,
      endedAt: null,
      state: 'running',
      figures: FIGURES,
      createdBy: 'boss',
      regDate: '2026-11-26T00:00:00.000Z',
    },
  ],
};

const READS: Record<string, unknown> = {
  '/api/backoffice/settings/levels': LEVELS,
  '/api/backoffice/promotions/deposit-bonus': BONUS,
  '/api/backoffice/promotions/events': EVENTS,
};

function fakeServer(answers: Record<string, unknown[]>) {
  return serveWrites((url) => READS[url], answers);
}

const owner = { operatorId: 'boss', role: 'owner' as const, permissions: [] };

setUpConsoleTests();

describe('levels', () => {
  it('lists the ten levels with their settings and saves one level from its dialog', async () => {
    const sent = fakeServer({ 'PUT /api/backoffice/settings/levels/3': [LEVELS] });
    renderConsole(<LevelsPage />, { path: '/levels', operator: owner, staleTime: Infinity });
    const row = (await screen.findByText('Gold')).closest('tr')!;
    expect(row.textContent).toContain('Casino 0.8% · Slots site · Mini games 0.5%');
    expect(row.textContent).toContain('5,000,000');
    expect(row.textContent).toContain('Every deposit 5% (up to 100,000, rollover 2×)');
    expect(row.textContent).toContain('Total deposits 1,000,000');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lv.3 settings' });
    fireEvent.change(within(dialog).getByLabelText('Daily withdrawal limit'), {
      target: { value: '7000000' },
    });
    fireEvent.change(within(dialog).getByLabelText('Slots'), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await within(dialog).findByText(/./, { selector: '.field-error' });
    expect(sent).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Slots'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Lv.3 saved.')).toBeTruthy();
    expect(sent).toEqual([
      {
        method: 'PUT',
        url: '/api/backoffice/settings/levels/3',
        body: {
          name: 'Gold',
          compRates: { casino: 80, slot: null, mini: 50 },
          withdrawDailyLimit: 7_000_000,
          threshold: { stakes: null, deposits: 1_000_000 },
          depositBonus: [{ kind: 'every', percent: 5, cap: 100_000, rollover: 2 }],
        },
      },
    ]);
  });

  it('shows a cashier the levels without the edit action', async () => {
    fakeServer({});
    renderConsole(<LevelsPage />, {
      path: '/levels',
      operator: { operatorId: 'cash', role: 'cashier', permissions: [] },
      staleTime: Infinity,
    });
    await screen.findByText('Gold');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });
});

describe('deposit events', () => {
  it('shows the bonus switch and figures, the events, and creates one', async () => {
    const sent = fakeServer({
      'POST /api/backoffice/promotions/events': [{ status: 'success', id: 5 }],
      'POST /api/backoffice/promotions/events/4/end': [{ status: 'success' }],
      'PUT /api/backoffice/promotions/deposit-bonus': [{ ...BONUS, enabled: false }],
    });
    renderConsole(<DepositEventsPage />, { path: '/deposit-events', operator: owner, staleTime: Infinity });
    const row = (await screen.findByText('주말 이벤트')).closest('tr')!;
    expect(row.textContent).toContain('Lv.2, Lv.3');
    expect(row.textContent).toContain('20% · up to 100,000 · rollover 4×');
    expect(row.textContent).toContain('Running');
    const toggle = screen.getByRole('switch', { name: 'Paying' }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    fireEvent.click(within(row).getByRole('button', { name: 'End now' }));
    const form = screen.getByRole('form', { name: 'New event' });
    fireEvent.change(within(form).getByLabelText('Event name'), { target: { value: '설날' } });
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-12-01T00:00' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-12-03T00:00' } });
    fireEvent.click(within(form).getByLabelText('Lv.1'));
    fireEvent.change(within(form).getByLabelText('Percent'), { target: { value: '15' } });
    fireEvent.change(within(form).getByLabelText('Cap'), { target: { value: '50000' } });
    fireEvent.change(within(form).getByLabelText('Rollover (×)'), { target: { value: '3' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Event 설날 created.')).toBeTruthy();
    const created = sent.find((s) => s.url === '/api/backoffice/promotions/events');
    expect(created?.body).toMatchObject({ name: '설날', levels: [1], percent: 15, cap: 50_000, rollover: 3 });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/backoffice/promotions/deposit-bonus',
        'POST /api/backoffice/promotions/events/4/end',
      ]),
    );
  });
});
