import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { DepositPage } from './deposit-page.tsx';
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

const OPEN = cashierStatus();

const LIST: TCallResponse<'get-deposit-list'> = {
  status: 'success',
  list: [
    // 15:30 UTC is 00:30 the next day in Seoul: the row must read the Seoul date.
    {
      id: 4,
      amount: 50_000,
      state: 'wait',
      reason: null,
      regDate: '2026-11-21T15:30:00.000Z',
      lastDate: null,
    },
    {
      id: 3,
      amount: 30_000,
      state: 'cansel',
      reason: '입금 확인 불가',
      regDate: '2026-11-20T01:00:00.000Z',
      lastDate: '2026-11-20T02:00:00.000Z',
    },
    {
      id: 2,
      amount: 100_000,
      state: 'already',
      reason: null,
      regDate: '2026-11-19T01:00:00.000Z',
      lastDate: '2026-11-19T03:00:00.000Z',
    },
    {
      id: 1,
      amount: 20_000,
      state: 'reg',
      reason: null,
      regDate: '2026-11-18T01:00:00.000Z',
      lastDate: null,
    },
  ],
  maxCount: 4,
};

function server(overrides: TRoutes = {}) {
  return fakeServer({
    'get-cashier-status': () => OPEN,
    'get-deposit-list': () => LIST,
    'apply-user-deposit': () => ({ status: 'success' }),
    ...overrides,
  });
}

async function open(overrides: TRoutes = {}) {
  const api = server(overrides);
  const page = renderPage('/deposit', <DepositPage />);
  await settle();
  return { api, ...page };
}

const amountInput = () => screen.getByLabelText('충전 금액') as HTMLInputElement;
const depositorInput = () => screen.getByLabelText('입금자명') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '충전 신청' });

/** Sends the form and answers the confirm dialog. */
async function send(amount: string) {
  fireEvent.change(amountInput(), { target: { value: amount } });
  await act(async () => submit().click());
  const confirm = screen.getByRole('alertdialog');
  await act(async () => within(confirm).getByRole('button', { name: '충전 신청' }).click());
  await settle();
}

/** A member with no limit, set or pending. */
function noLimitsAnswer(): TCallResponse<'get-play-limits'> {
  return {
    status: 'success',
    limits: {
      deposit: { day: null, week: null, month: null },
      loss: { day: null, week: null, month: null },
    },
    pending: [],
    used: { deposit: { day: 0, week: 0, month: 0 }, loss: { day: 0, week: 0, month: 0 } },
    realityCheckMinutes: 0,
    exclusion: null,
    lifetime: { deposits: 0, withdrawals: 0, net: 0 },
  };
}

function dialogText(): string {
  return [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');
}

describe('/deposit: the form', () => {
  it('shows the minimum and unit of get-cashier-status, and the depositor defaults to the account holder', async () => {
    await open();
    expect(screen.getByText('최소 10,000원 · 1,000원 단위')).toBeTruthy();
    expect(depositorInput().value).toBe('홍길동');
    expect(screen.getByText('지금 충전을 신청할 수 있습니다')).toBeTruthy();
    expect(screen.getByText('24시간 신청할 수 있습니다')).toBeTruthy();
  });

  it('quick-add buttons add up, reset empties the amount, typing keeps digits only', async () => {
    await open();
    fireEvent.click(screen.getByRole('button', { name: '+1만 (10,000원 더하기)' }));
    fireEvent.click(screen.getByRole('button', { name: '+5만 (50,000원 더하기)' }));
    fireEvent.click(screen.getByRole('button', { name: '+100만 (1,000,000원 더하기)' }));
    expect(amountInput().value).toBe('1,060,000');
    expect(screen.getByRole('button', { name: '+1만 (10,000원 더하기)' }).textContent).toBe('+1만');
    fireEvent.click(screen.getByRole('button', { name: '초기화' }));
    expect(amountInput().value).toBe('');
    fireEvent.change(amountInput(), { target: { value: '12a3,000' } });
    expect(amountInput().value).toBe('123,000');
  });

  it('sends amount and depositor after the confirm dialog, then refreshes the header and the list', async () => {
    const { api, refresh } = await open();
    fireEvent.change(depositorInput(), { target: { value: ' 김철수 ' } });
    fireEvent.change(amountInput(), { target: { value: '50000' } });
    await act(async () => submit().click());
    expect(screen.getByRole('alertdialog').textContent).toContain('50,000원 충전을 신청하시겠습니까?');
    expect(screen.getByRole('alertdialog').textContent).toContain('입금자명: 김철수');
    const listCalls = api.countOf('get-deposit-list');
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '충전 신청' }).click(),
    );
    await settle();
    expect(api.bodiesOf('apply-user-deposit')).toEqual([{ amount: 50_000, depositor: '김철수' }]);
    expect(dialogText()).toContain('충전 신청이 접수되었습니다.');
    expect(api.countOf('get-deposit-list')).toBeGreaterThan(listCalls);
    expect(amountInput().value).toBe('');
    // The header follows once the member has read the answer (a health dialog must not cover it).
    expect(refresh).not.toHaveBeenCalled();
    await closeDialog();
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when the member cancels the confirm dialog', async () => {
    const { api } = await open();
    fireEvent.change(amountInput(), { target: { value: '50000' } });
    await act(async () => submit().click());
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '취소' }).click(),
    );
    await settle();
    expect(api.countOf('apply-user-deposit')).toBe(0);
  });

  it('checks the minimum and the unit before sending, at the field', async () => {
    const { api } = await open();
    fireEvent.change(amountInput(), { target: { value: '5000' } });
    await act(async () => submit().click());
    expect(screen.getByText('최소 신청 금액보다 적습니다.')).toBeTruthy();
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(amountInput(), { target: { value: '10500' } });
    await act(async () => submit().click());
    expect(screen.getByText('정해진 단위에 맞춰 금액을 입력해 주세요.')).toBeTruthy();
    expect(api.countOf('apply-user-deposit')).toBe(0);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('shows a 400 of the server at its field (field.<path>.<code>)', async () => {
    await open({ 'apply-user-deposit': () => invalid('amount', 'max') });
    await send('90000');
    const message = screen.getByText('한 번에 처리할 수 있는 최대 금액을 넘었습니다.');
    expect(amountInput().getAttribute('aria-describedby')).toContain(message.closest('p')!.id);
    expect(document.activeElement).toBe(amountInput());
  });

  it('shows a 400 on the depositor at the depositor field', async () => {
    await open({ 'apply-user-deposit': () => invalid('depositor', 'length') });
    await send('10000');
    expect(screen.getByText('입금자명은 20자 이내로 입력해 주세요.')).toBeTruthy();
    expect(depositorInput().getAttribute('aria-invalid')).toBe('true');
  });

  it.each([
    ['wait', '처리 대기 중인 충전 신청이 있습니다.'],
    ['time', '지금은 충전 점검 시간이라 신청할 수 없습니다.'],
    ['blocked', '이용이 제한된 계정입니다. 고객센터에 문의해 주세요.'],
  ] as const)('answers %s with its message', async (status, text) => {
    await open({ 'apply-user-deposit': () => ({ status }) });
    await send('10000');
    expect(dialogText()).toContain(text);
    expect(amountInput().value).toBe('10,000');
  });

  it('answers a deposit over the member limit with what it still allows and a way to the limits', async () => {
    const { router } = await open({ 'apply-user-deposit': () => ({ status: 'blocked', remaining: 30_000 }) });
    await send('50000');
    expect(dialogText()).toContain(
      '충전 한도를 넘어 신청할 수 없습니다. 지금 신청할 수 있는 금액은 30,000원입니다.',
    );
    await closeDialog('한도 확인');
    expect(router.state.location.pathname).toBe('/user/responsible');
  });

  it('before a first deposit offers to set a deposit limit, which the member may skip', async () => {
    const noLimits = noLimitsAnswer();
    const { api } = await open({
      'get-deposit-list': () => ({ status: 'success', list: [], maxCount: 0 }),
      'get-play-limits': () => noLimits,
    });
    expect(screen.getByText('충전 전에 충전 한도를 정해 보세요')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: '건너뛰기' }).click());
    expect(screen.queryByText('충전 전에 충전 한도를 정해 보세요')).toBeNull();
    expect(localStorage.getItem('portal.depositLimitOfferSkipped.gildong7')).toBe('1');
    expect(api.countOf('get-play-limits')).toBe(1);
  });

  it('shows the form only once it knows whether the offer comes, so the offer never pushes it away', async () => {
    localStorage.clear();
    const api = server({
      'get-deposit-list': () => ({ status: 'success', list: [], maxCount: 0 }),
      'get-play-limits': () => noLimitsAnswer(),
    });
    renderPage('/deposit', <DepositPage />);
    // The list and the limits have not answered yet: no form to start filling.
    expect(screen.queryByLabelText('충전 금액')).toBeNull();
    await settle();
    expect(api.countOf('get-play-limits')).toBe(1);
    const offer = screen.getByText('충전 전에 충전 한도를 정해 보세요');
    // The offer and the form come together, the offer first.
    expect(offer.compareDocumentPosition(amountInput()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('makes no offer once the member has deposit requests', async () => {
    const { api } = await open();
    expect(api.countOf('get-play-limits')).toBe(0);
    expect(screen.queryByText('충전 전에 충전 한도를 정해 보세요')).toBeNull();
  });

  it('shows the generic messages of HTTP errors and of a lost connection', async () => {
    await open({ 'apply-user-deposit': () => new HttpAnswer(429, { status: 'too_many' }) });
    await send('10000');
    expect(dialogText()).toContain('요청이 너무 많습니다.');
  });

  it('during the lock window: says so with the Seoul times and disables the submit', async () => {
    await open({
      'get-cashier-status': () => ({ ...OPEN, deposit: { locked: true, from: '23:30', to: '00:30' } }),
    });
    expect(screen.getAllByText('지금은 충전 점검 시간입니다').length).toBeGreaterThan(0);
    expect(screen.getByText('점검 시간 23:30~00:30 (한국 시간)')).toBeTruthy();
    const button = screen.getByRole('button', { name: '지금은 충전 점검 시간입니다' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });

  it('shows the daily window while open', async () => {
    await open({
      'get-cashier-status': () => ({ ...OPEN, deposit: { locked: false, from: '23:30', to: '00:30' } }),
    });
    expect(screen.getByText('매일 23:30~00:30 (한국 시간) 점검')).toBeTruthy();
  });
});

describe('/deposit: the deposit account inquiry', () => {
  it('success: an answer will come to customer service, with a way there', async () => {
    const { api, router } = await open({ 'user-ask-account': () => ({ status: 'success' }) });
    await act(async () => screen.getByRole('button', { name: '입금계좌문의' }).click());
    await settle();
    expect(api.countOf('user-ask-account')).toBe(1);
    expect(dialogText()).toContain(
      '입금계좌문의가 접수되었습니다. 고객센터 답변으로 입금하실 계좌를 안내해 드립니다.',
    );
    await act(async () => screen.getByRole('button', { name: '고객센터로 이동' }).click());
    await settle();
    expect(router.state.location.pathname).toBe('/help');
  });

  it('already: one is still open', async () => {
    await open({ 'user-ask-account': () => ({ status: 'already' }) });
    await act(async () => screen.getByRole('button', { name: '입금계좌문의' }).click());
    await settle();
    expect(dialogText()).toContain('아직 답변을 기다리는 입금계좌문의가 있습니다.');
  });
});

describe('/deposit: the history', () => {
  it('lists amount, state label, Seoul dates, the reason of a rejection, and the action each state allows', async () => {
    await open();
    const rows = screen.getAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]!.textContent).toContain('50,000원');
    expect(rows[0]!.textContent).toContain('대기');
    expect(rows[0]!.textContent).toContain('2026-11-22');
    expect(within(rows[0]!).getByRole('button', { name: '취소: 50,000원 (2026-11-22)' })).toBeTruthy();
    expect(rows[1]!.textContent).toContain('취소');
    expect(rows[1]!.textContent).toContain('취소 사유: 입금 확인 불가');
    expect(within(rows[1]!).getByRole('button', { name: /^삭제/ })).toBeTruthy();
    expect(rows[2]!.textContent).toContain('완료');
    expect(rows[3]!.textContent).toContain('대기');
    expect(rows[3]!.textContent).toContain('처리 중');
    expect(within(rows[3]!).queryByRole('button')).toBeNull();
    expect(screen.getByText('총 4건')).toBeTruthy();
  });

  it('shows a state it does not know unchanged', async () => {
    await open({
      'get-deposit-list': () => ({
        ...LIST,
        list: [{ ...LIST.list[0]!, state: 'hold' as never }],
        maxCount: 1,
      }),
    });
    expect(screen.getByText('hold')).toBeTruthy();
  });

  it('cancels a waiting request after a confirm, then reloads the list and the header', async () => {
    const { api, refresh } = await open({ 'del-deposit': () => ({ status: 'success' }) });
    await act(async () => screen.getByRole('button', { name: '취소: 50,000원 (2026-11-22)' }).click());
    expect(screen.getByRole('alertdialog').textContent).toContain('50,000원 충전 신청을 취소하시겠습니까?');
    const before = api.countOf('get-deposit-list');
    await act(async () => screen.getByRole('button', { name: '신청 취소' }).click());
    await settle();
    expect(api.bodiesOf('del-deposit')).toEqual([{ id: 4 }]);
    expect(dialogText()).toContain('충전 신청을 취소했습니다.');
    expect(api.countOf('get-deposit-list')).toBeGreaterThan(before);
    await closeDialog();
    expect(refresh).toHaveBeenCalled();
  });

  it('already: an operator has taken it', async () => {
    await open({ 'del-deposit': () => ({ status: 'already' }) });
    await act(async () => screen.getByRole('button', { name: '취소: 50,000원 (2026-11-22)' }).click());
    await act(async () => screen.getByRole('button', { name: '신청 취소' }).click());
    await settle();
    expect(dialogText()).toContain('운영자가 이미 처리 중인 신청이라 취소할 수 없습니다.');
  });

  it('deletes a finished one, and says not_found when it is gone', async () => {
    const { api } = await open({ 'del-deposit': () => ({ status: 'not_found' }) });
    await act(async () => screen.getByRole('button', { name: '삭제: 30,000원 (2026-11-20)' }).click());
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '삭제' }).click(),
    );
    await settle();
    expect(api.bodiesOf('del-deposit')).toEqual([{ id: 3 }]);
    expect(dialogText()).toContain('해당 신청을 찾을 수 없습니다.');
  });

  it('pages through the history', async () => {
    const { api } = await open({
      'get-deposit-list': (body) => ({
        ...LIST,
        list: body.page === 2 ? [LIST.list[2]!] : LIST.list,
        maxCount: 14,
      }),
    });
    expect(screen.getByText('1 / 2')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: '다음 페이지' }).click());
    await settle();
    expect(api.bodiesOf('get-deposit-list').at(-1)).toEqual({ page: 2, pageSize: 10 });
    expect(screen.getByText('2 / 2')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says so when there is nothing yet', async () => {
    await open({ 'get-deposit-list': () => ({ status: 'success', list: [], maxCount: 0 }) });
    expect(screen.getByText('아직 충전 신청 내역이 없습니다.')).toBeTruthy();
  });
});
