import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompPage } from './comp-page.tsx';
import {
  cashierStatus,
  closeDialog,
  fakeServer,
  invalid,
  renderPage,
  settle,
  type TRoutes,
} from '../../test/fake-server.tsx';

const STATUS = cashierStatus({ minConversion: 5000 });

// TEST_USER holds 12,500 comp points and 1,250,000 won.
async function open(overrides: TRoutes = {}) {
  const api = fakeServer({
    'get-cashier-status': () => STATUS,
    'roll-to-balance': () => ({ status: 'success' }),
    ...overrides,
  });
  const page = renderPage('/comp', <CompPage />);
  await settle();
  return { api, ...page };
}

const amountInput = () => screen.getByLabelText('전환할 콤프') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '콤프 전환' });
const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');

async function send() {
  await act(async () => submit().click());
  await act(async () =>
    within(screen.getByRole('alertdialog')).getByRole('button', { name: '콤프 전환' }).click(),
  );
  await settle();
}

describe('/comp', () => {
  it('shows the points and the cash, and the minimum conversion of get-cashier-status', async () => {
    await open();
    expect(screen.getByText('12,500')).toBeTruthy();
    expect(screen.getAllByText('1,250,000원').length).toBeGreaterThan(0);
    expect(screen.getByText('최소 5,000 콤프부터 전환할 수 있습니다 · 1 콤프 = 1원')).toBeTruthy();
  });

  it('says only the rate when the server tells no minimum', async () => {
    const { minConversion: _dropped, ...withoutMin } = STATUS;
    await open({ 'get-cashier-status': () => withoutMin });
    expect(screen.getByText('1 콤프 = 1원으로 전환됩니다')).toBeTruthy();
  });

  it('"all" takes every point; quick-add stops at the points held; the preview shows the balance after', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: '전액' }));
    expect(amountInput().value).toBe('12,500');
    expect(screen.getByText('1,262,500원')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    fireEvent.click(screen.getByRole('button', { name: '+5만 (50,000 더하기)' }));
    expect(amountInput().value).toBe('12,500');
  });

  it('converts after a confirm and refreshes the header', async () => {
    const { api, refresh } = await open();
    fireEvent.click(screen.getByRole('button', { name: '+1만 (10,000 더하기)' }));
    await act(async () => submit().click());
    expect(screen.getByRole('alertdialog').textContent).toContain(
      '10,000 콤프를 보유머니 10,000원으로 전환하시겠습니까?',
    );
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '콤프 전환' }).click(),
    );
    await settle();
    expect(api.bodiesOf('roll-to-balance')).toEqual([{ amount: 10_000 }]);
    expect(dialogText()).toContain('콤프 전환이 완료되었습니다. 보유머니에 10,000원이 더해졌습니다.');
    expect(amountInput().value).toBe('');
    expect(refresh).not.toHaveBeenCalled();
    await closeDialog();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('checks the minimum and the points held before sending', async () => {
    const { api } = await open();
    fireEvent.change(amountInput(), { target: { value: '3000' } });
    await act(async () => submit().click());
    expect(screen.getByText('최소 5,000 콤프부터 전환할 수 있습니다.')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '20000' } });
    await act(async () => submit().click());
    expect(screen.getByText('보유 콤프(12,500)보다 많이 전환할 수 없습니다.')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '' } });
    await act(async () => submit().click());
    expect(screen.getByText('금액을 입력해 주세요.')).toBeTruthy();
    expect(api.countOf('roll-to-balance')).toBe(0);
  });

  it('low_point: says so and marks the amount', async () => {
    await open({ 'roll-to-balance': () => ({ status: 'low_point' }) });
    fireEvent.change(amountInput(), { target: { value: '10000' } });
    await send();
    expect(dialogText()).toContain('전환할 수 있는 콤프가 부족합니다.');
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('blocked: says the account is restricted', async () => {
    await open({ 'roll-to-balance': () => ({ status: 'blocked' }) });
    fireEvent.change(amountInput(), { target: { value: '10000' } });
    await send();
    expect(dialogText()).toContain('이용이 제한된 계정입니다.');
  });

  it('a 400 shows at the amount', async () => {
    await open({ 'roll-to-balance': () => invalid('amount', 'max') });
    fireEvent.change(amountInput(), { target: { value: '10000' } });
    await send();
    expect(screen.getByText('한 번에 처리할 수 있는 최대 금액을 넘었습니다.')).toBeTruthy();
  });
});
