import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { DepositPage } from './deposit-page.tsx';
import { WithdrawPage } from './withdraw-page.tsx';
import { cashierStatus, fakeServer, renderPage, settle, type TRoutes } from '../../test/fake-server.tsx';

// The deposit bonus on the deposit page and the rollover on the withdraw page (docs/api/levels.md).

const BONUS: TCallResponse<'get-deposit-bonus'> = {
  status: 'success',
  options: [
    { id: 'first-10-100000-3', kind: 'first', percent: 10, cap: 100_000, rollover: 3 },
    {
      id: 'event-7',
      kind: 'event',
      percent: 20,
      cap: 50_000,
      rollover: 5,
      name: '주말 이벤트',
      until: '2026-11-30T00:00:00.000Z',
    },
  ],
  first: true,
};
const NO_ROLLOVER: TCallResponse<'get-rollover'> = { status: 'success', required: 0, done: 0, since: null };
const ROLLING: TCallResponse<'get-rollover'> = {
  status: 'success',
  required: 330_000,
  done: 110_000,
  since: '2026-11-27T01:00:00.000Z',
  bonus: 10_000,
  kind: 'first',
  cancelAmount: 10_000,
};
const EMPTY_LIST = { status: 'success' as const, list: [], maxCount: 0 };

function server(overrides: TRoutes = {}) {
  return fakeServer({
    'get-cashier-status': () => cashierStatus(),
    'get-deposit-list': () => EMPTY_LIST,
    'get-withdraw-list': () => EMPTY_LIST,
    'get-deposit-bonus': () => BONUS,
    'get-rollover': () => NO_ROLLOVER,
    'get-play-limits': () => ({
      status: 'success',
      limits: {
        deposit: { day: 1, week: null, month: null },
        loss: { day: null, week: null, month: null },
      },
      pending: [],
      used: { deposit: { day: 0, week: 0, month: 0 }, loss: { day: 0, week: 0, month: 0 } },
      realityCheckMinutes: 0,
      exclusion: null,
      lifetime: { deposits: 0, withdrawals: 0, net: 0 },
    }),
    'apply-user-deposit': () => ({ status: 'success' }),
    ...overrides,
  });
}

const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');

describe('the deposit bonus on /deposit', () => {
  it('offers no bonus by default and the options with their terms; the chosen one is sent', async () => {
    const api = server();
    renderPage('/deposit', <DepositPage />);
    await settle();
    await settle();
    const group = screen.getByRole('group', { name: '충전 보너스' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios).toHaveLength(3);
    expect(radios[0]!.checked).toBe(true);
    expect(group.textContent).toContain('첫충 보너스');
    expect(group.textContent).toContain('10% · 최대 100,000원 · 롤링 3배');
    expect(group.textContent).toContain('이벤트: 주말 이벤트');
    fireEvent.click(within(group).getByLabelText(/첫충 보너스/));
    fireEvent.change(screen.getByLabelText('충전 금액'), { target: { value: '50000' } });
    await act(async () => screen.getByRole('button', { name: '충전 신청' }).click());
    expect(screen.getByRole('alertdialog').textContent).toContain('보너스: 10% (최대 100,000원), 롤링 3배');
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '충전 신청' }).click(),
    );
    await settle();
    expect(api.bodiesOf('apply-user-deposit')).toEqual([
      { amount: 50_000, depositor: '홍길동', bonusId: 'first-10-100000-3' },
    ]);
  });

  it('says a bonus that is no longer offered and asks for the options again', async () => {
    const api = server({ 'apply-user-deposit': () => ({ status: 'fail' }) });
    renderPage('/deposit', <DepositPage />);
    await settle();
    await settle();
    fireEvent.click(screen.getByLabelText(/주말 이벤트/));
    fireEvent.change(screen.getByLabelText('충전 금액'), { target: { value: '50000' } });
    await act(async () => screen.getByRole('button', { name: '충전 신청' }).click());
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '충전 신청' }).click(),
    );
    await settle();
    expect(dialogText()).toContain('선택한 보너스는 지금 받을 수 없습니다');
    expect(api.countOf('get-deposit-bonus')).toBeGreaterThan(1);
  });

  it('under a deposit limit says what each option allows and disables one it leaves no room for', async () => {
    server({
      'get-deposit-bonus': () => ({
        status: 'success',
        options: [
          { ...BONUS.options[0]!, maxAmount: 90_000 },
          { ...BONUS.options[1]!, maxAmount: 8_000, blocked: true },
        ],
        first: true,
      }),
    });
    renderPage('/deposit', <DepositPage />);
    await settle();
    await settle();
    const group = screen.getByRole('group', { name: '충전 보너스' });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.disabled)).toEqual([false, false, true]);
    expect(group.textContent).toContain('이 보너스로 최대 90,000원까지 충전할 수 있습니다');
    expect(group.textContent).toContain('충전 한도가 남지 않아 이 보너스를 받을 수 없습니다');
  });

  it('says the largest deposit with the bonus when the limit refuses the deposit with it', async () => {
    const api = server({
      'apply-user-deposit': () => ({ status: 'blocked', remaining: 50_000, bonusMax: 45_000 }),
    });
    renderPage('/deposit', <DepositPage />);
    await settle();
    await settle();
    fireEvent.click(screen.getByLabelText(/첫충 보너스/));
    fireEvent.change(screen.getByLabelText('충전 금액'), { target: { value: '50000' } });
    await act(async () => screen.getByRole('button', { name: '충전 신청' }).click());
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '충전 신청' }).click(),
    );
    await settle();
    expect(dialogText()).toContain('보너스도 충전 한도에 포함되어');
    expect(dialogText()).toContain('최대 45,000원까지');
    expect(api.countOf('get-deposit-bonus')).toBeGreaterThan(1);
  });

  it('shows no bonus choice when nothing is offered', async () => {
    server({ 'get-deposit-bonus': () => ({ status: 'success', options: [], first: false }) });
    renderPage('/deposit', <DepositPage />);
    await settle();
    await settle();
    expect(screen.queryByRole('group', { name: '충전 보너스' })).toBeNull();
  });
});

describe('the rollover on /withdraw', () => {
  it('shows the progress before the amount and gives the bonus up after a confirm', async () => {
    let rolling = true;
    const api = server({
      'get-rollover': () => (rolling ? ROLLING : NO_ROLLOVER),
      'cancel-bonus': () => {
        rolling = false;
        return { status: 'success', returned: 10_000 };
      },
    });
    renderPage('/withdraw', <WithdrawPage />);
    await settle();
    const panel = screen.getByRole('region', { name: '롤링 진행 현황' });
    expect(panel.textContent).toContain('110,000원 / 330,000원');
    expect(panel.textContent).toContain('33% 달성');
    expect(panel.textContent).toContain('남은 롤링: 220,000원');
    // Before the amount field.
    const amount = screen.getByLabelText('환전 금액');
    expect(panel.compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await act(async () => within(panel).getByRole('button', { name: '보너스 포기' }).click());
    expect(screen.getByRole('alertdialog').textContent).toContain('10,000원이 보유머니에서 회수');
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '보너스 포기' }).click(),
    );
    await settle();
    expect(api.countOf('cancel-bonus')).toBe(1);
    expect(dialogText()).toContain('보너스를 포기했습니다');
    expect(screen.queryByRole('region', { name: '롤링 진행 현황' })).toBeNull();
  });

  it('answers rolling with what is left', async () => {
    server({
      'get-rollover': () => ROLLING,
      'apply-user-withdraw': () => ({ status: 'rolling', required: 330_000, done: 110_000 }),
    });
    renderPage('/withdraw', <WithdrawPage />);
    await settle();
    fireEvent.change(screen.getByLabelText('환전 금액'), { target: { value: '20000' } });
    fireEvent.change(screen.getByLabelText('환전 비밀번호'), { target: { value: '1234' } });
    await act(async () => screen.getByRole('button', { name: '환전 신청' }).click());
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '환전 신청' }).click(),
    );
    await settle();
    expect(dialogText()).toContain('필요 롤링 330,000원 중 220,000원이 남았습니다');
  });
});
