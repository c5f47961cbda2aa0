import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { WithdrawPage } from './withdraw-page.tsx';
import {
  cashierStatus,
  closeDialog,
  fakeServer,
  HttpAnswer,
  invalid,
  renderPage,
  settle,
  type TRoutes,
} from '../../test/fake-server.tsx';

const OPEN = cashierStatus({
  withdraw: { locked: false, from: '23:30', to: '00:30' },
  minWithdraw: 20_000,
  unit: 10_000,
});

const LIST: TCallResponse<'get-withdraw-list'> = {
  status: 'success',
  list: [
    {
      id: 9,
      amount: 200_000,
      state: 'wait',
      reason: null,
      regDate: '2026-11-20T05:00:00.000Z',
      lastDate: null,
    },
  ],
  maxCount: 1,
};

async function open(overrides: TRoutes = {}) {
  const api = fakeServer({
    'get-cashier-status': () => OPEN,
    'get-withdraw-list': () => LIST,
    'apply-user-withdraw': () => ({ status: 'success' }),
    ...overrides,
  });
  const page = renderPage('/withdraw', <WithdrawPage />);
  await settle();
  return { api, ...page };
}

const amountInput = () => screen.getByLabelText('환전 금액') as HTMLInputElement;
const pinInput = () => screen.getByLabelText('환전 비밀번호') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '환전 신청' });
const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');

async function send(amount: string, pin: string) {
  fireEvent.change(amountInput(), { target: { value: amount } });
  fireEvent.change(pinInput(), { target: { value: pin } });
  await act(async () => submit().click());
  await act(async () =>
    within(screen.getByRole('alertdialog')).getByRole('button', { name: '환전 신청' }).click(),
  );
  await settle();
}

describe('/withdraw', () => {
  it('shows the balance, the account it pays to, the limits, the daily window and the hold', async () => {
    const { refresh } = await open();
    expect(screen.getByText('1,250,000원')).toBeTruthy();
    expect(screen.getByText(/KB국민은행 \*+9012 · 홍길동/)).toBeTruthy();
    expect(screen.getByText('최소 20,000원 · 10,000원 단위')).toBeTruthy();
    expect(screen.getByText('매일 23:30~00:30 (한국 시간) 점검')).toBeTruthy();
    expect(screen.getByText('신청 금액은 바로 보관됩니다')).toBeTruthy();
    // The balance is read fresh when the form opens.
    expect(refresh).toHaveBeenCalled();
  });

  it('the exchange password is masked, numeric on phones, and keeps digits only', async () => {
    await open();
    expect(pinInput().type).toBe('password');
    expect(pinInput().getAttribute('inputmode')).toBe('numeric');
    fireEvent.change(pinInput(), { target: { value: '12ab3456789' } });
    expect(pinInput().value).toBe('123456');
  });

  it('sends amount and exchange password, says the amount is held, refreshes the header and the list', async () => {
    const { api, refresh } = await open();
    fireEvent.click(screen.getByRole('button', { name: '+10만 (100,000원 더하기)' }));
    fireEvent.click(screen.getByRole('button', { name: '+5만 (50,000원 더하기)' }));
    fireEvent.change(pinInput(), { target: { value: '1234' } });
    await act(async () => submit().click());
    expect(screen.getByRole('alertdialog').textContent).toContain('150,000원 환전을 신청하시겠습니까?');
    expect(screen.getByRole('alertdialog').textContent).toContain('곧바로 보유머니에서 빠져 보관됩니다');
    refresh.mockClear();
    const before = api.countOf('get-withdraw-list');
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '환전 신청' }).click(),
    );
    await settle();
    expect(api.bodiesOf('apply-user-withdraw')).toEqual([{ amount: 150_000, exchangePassword: '1234' }]);
    expect(dialogText()).toContain('환전 신청이 접수되었습니다. 150,000원은 처리될 때까지 보관되며');
    expect(refresh).not.toHaveBeenCalled();
    await closeDialog();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(api.countOf('get-withdraw-list')).toBeGreaterThan(before);
    expect(pinInput().value).toBe('');
  });

  it('checks locally: minimum, unit, balance and the 4..6 digit password', async () => {
    const { api } = await open();
    fireEvent.change(amountInput(), { target: { value: '15000' } });
    await act(async () => submit().click());
    expect(screen.getByText('최소 신청 금액보다 적습니다.')).toBeTruthy();
    expect(screen.getByText('환전 비밀번호를 입력해 주세요.')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '2000000' } });
    fireEvent.change(pinInput(), { target: { value: '12' } });
    await act(async () => submit().click());
    expect(screen.getByText('보유머니가 부족합니다. 보유머니 안에서 금액을 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('환전 비밀번호는 숫자 4~6자리로 입력해 주세요.')).toBeTruthy();
    expect(api.countOf('apply-user-withdraw')).toBe(0);
  });

  it('pass: marks and clears the exchange password', async () => {
    await open({ 'apply-user-withdraw': () => ({ status: 'pass' }) });
    await send('100000', '9999');
    expect(dialogText()).toContain('환전 비밀번호가 올바르지 않습니다.');
    expect(pinInput().value).toBe('');
    expect(pinInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('balance: marks the amount', async () => {
    await open({ 'apply-user-withdraw': () => ({ status: 'balance' }) });
    await send('100000', '1234');
    expect(dialogText()).toContain('보유머니가 부족합니다.');
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['wait', '처리 대기 중인 환전 신청이 있습니다.'],
    ['time', '지금은 환전 점검 시간이라 신청할 수 없습니다.'],
    ['blocked', '이용이 제한된 계정입니다.'],
  ] as const)('answers %s with its message', async (status, text) => {
    await open({ 'apply-user-withdraw': () => ({ status }) });
    await send('100000', '1234');
    expect(dialogText()).toContain(text);
  });

  it('shows a 400 at its field', async () => {
    await open({ 'apply-user-withdraw': () => invalid('amount', 'unit') });
    await send('100000', '1234');
    expect(screen.getByText('정해진 단위에 맞춰 금액을 입력해 주세요.')).toBeTruthy();
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('too many wrong passwords (429): says so in its own words', async () => {
    await open({ 'apply-user-withdraw': () => new HttpAnswer(429, { status: 'too_many' }) });
    await send('100000', '1234');
    expect(dialogText()).toContain('환전 비밀번호를 여러 번 잘못 입력했습니다.');
  });

  it('during the lock window: the submit is disabled', async () => {
    await open({
      'get-cashier-status': () => ({ ...OPEN, withdraw: { locked: true, from: '23:30', to: '00:30' } }),
    });
    expect(
      (screen.getByRole('button', { name: '지금은 환전 점검 시간입니다' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('cancelling a waiting withdrawal says the held amount returned', async () => {
    const { api, refresh } = await open({ 'del-withdraw': () => ({ status: 'success' }) });
    refresh.mockClear();
    await act(async () => screen.getByRole('button', { name: /^취소: 200,000원/ }).click());
    expect(screen.getByRole('alertdialog').textContent).toContain('보관된 금액은 보유머니로 돌아옵니다.');
    await act(async () => screen.getByRole('button', { name: '신청 취소' }).click());
    await settle();
    expect(api.bodiesOf('del-withdraw')).toEqual([{ id: 9 }]);
    expect(dialogText()).toContain('보관된 금액이 보유머니로 돌아왔습니다.');
    await closeDialog();
    expect(refresh).toHaveBeenCalled();
  });
});
