import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { UserPage } from './user-page.tsx';
import {
  closeDialog,
  fakeServer,
  HttpAnswer,
  invalid,
  renderPage,
  settle,
  type TRoutes,
} from '../../test/fake-server.tsx';

const ACCOUNT: TCallResponse<'get-member-account'> = {
  status: 'success',
  account: { userId: 'gildong7', bankOwner: '홍길동', bankname: '088', banknum: '110123456789' },
};
const GAME: TCallResponse<'get-in-game-balance'> = {
  status: 'success',
  data: { status: 'success', gameMoney: 35_000, balance: 1_250_000, rolling: 12_500, userId: 'gildong7' },
};

const BETS: TCallResponse<'get-slot-bets-list'> = {
  status: 'success',
  bets: [
    // 15:30 UTC is 00:30 the next day in Seoul: the row must read the Seoul date.
    {
      id: 12,
      company: 'lucky',
      gameCode: 'gold-rush',
      gameName: '골드 러시',
      round: 'r-000123',
      bet: 12_000,
      win: 1_234_500,
      regDate: '2026-11-21T15:30:00.000Z',
    },
    {
      id: 11,
      company: 'royal_live',
      gameCode: 'baccarat-a',
      gameName: '바카라 A',
      round: 'r-000122',
      bet: 50_000,
      win: 0,
      regDate: '2026-11-20T01:00:00.000Z',
    },
  ],
  maxCount: 23,
};

const REFERRALS_NONE: TCallResponse<'get-referrals'> = {
  status: 'success',
  list: [],
  total: 0,
  maxCount: 0,
  rate: 50,
  enabled: true,
};
const PAYBACK: TCallResponse<'get-payback'> = {
  status: 'success',
  lastWeek: {
    loss: 90_000,
    percent: 10,
    points: 9_000,
    paidAt: '2026-11-23T00:10:00.000Z',
    week: '2026-11-16',
  },
  enabled: true,
};

async function open(overrides: TRoutes = {}) {
  const api = fakeServer({
    'get-member-account': () => ACCOUNT,
    'get-in-game-balance': () => GAME,
    'get-slot-bets-list': () => BETS,
    'game-transfer-out': () => ({ status: 'success' }),
    'change-password': () => ({ status: 'success' }),
    'change-exchange-password': () => ({ status: 'success' }),
    'get-referrals': () => REFERRALS_NONE,
    'get-payback': () => PAYBACK,
    ...overrides,
  });
  const page = renderPage('/user', <UserPage />);
  await settle();
  return { api, ...page };
}

const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');
const passwordForm = () => screen.getByRole('form', { name: '비밀번호 변경' });
const exchangeForm = () => screen.getByRole('form', { name: '환전 비밀번호 변경' });

function accountTable(): Record<string, string> {
  const table = screen.getByRole('table');
  return Object.fromEntries(
    within(table)
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]),
  );
}

describe('/user: profile and money', () => {
  it('shows nick, id, the level and the phone partly masked', async () => {
    await open();
    expect(screen.getByText('길동')).toBeTruthy();
    expect(screen.getByText('Lv.1')).toBeTruthy();
    expect(screen.getByText('010-****-5678')).toBeTruthy();
    expect(screen.queryByText('01012345678')).toBeNull();
  });

  it('shows the game wallet of get-in-game-balance, and says when the figure is the last known', async () => {
    await open();
    expect(screen.getByText('35,000원')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    await open({ 'get-in-game-balance': () => ({ ...GAME, data: { ...GAME.data, status: 'fail' } }) });
    expect(screen.getByText('게임사 응답이 없어 마지막으로 확인된 게임머니를 보여 드립니다.')).toBeTruthy();
  });
});

describe('/user: game money', () => {
  const card = () => screen.getByRole('region', { name: '게임머니' });
  const button = () => within(card()).getByRole('button', { name: '보유머니로 회수' }) as HTMLButtonElement;

  it('brings the game money back with game-transfer-out {} and says so', async () => {
    const { api, refresh } = await open();
    expect(within(card()).getByText('35,000원')).toBeTruthy();
    await act(async () => button().click());
    await settle();
    expect(api.bodiesOf('game-transfer-out')).toEqual([{}]);
    expect(dialogText()).toContain('게임머니 35,000원을 보유머니로 회수했습니다.');
    expect(api.countOf('get-in-game-balance')).toBe(2);
    await closeDialog();
    expect(refresh).toHaveBeenCalled();
  });

  it('says so when the provider did not give it back', async () => {
    await open({ 'game-transfer-out': () => ({ status: 'fail' }) });
    await act(async () => button().click());
    await settle();
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain(
      '게임머니를 회수하지 못했습니다.',
    );
  });

  it('the button is disabled while there is no game money', async () => {
    const { api } = await open({
      'get-in-game-balance': () => ({ ...GAME, data: { ...GAME.data, gameMoney: 0 } }),
    });
    expect(within(card()).getByText('0원')).toBeTruthy();
    expect(button().disabled).toBe(true);
    expect(api.countOf('game-transfer-out')).toBe(0);
  });
});

describe('/user: bet history', () => {
  const history = () => screen.getByRole('region', { name: '베팅내역' });

  it('lists each round: the Seoul date, the game, the round, the bet and the win, grouped', async () => {
    await open();
    const rows = within(history()).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!);
    expect(first.getByText('골드 러시')).toBeTruthy();
    expect(first.getByText('2026-11-22')).toBeTruthy();
    expect(first.getByText('r-000123')).toBeTruthy();
    expect(first.getByText('12,000원')).toBeTruthy();
    expect(first.getByText('1,234,500원')).toBeTruthy();
    expect(within(rows[1]!).getByText('2026-11-20')).toBeTruthy();
    expect(within(rows[1]!).getByText('0원')).toBeTruthy();
    expect(within(history()).getByText('총 23건')).toBeTruthy();
  });

  it('pages through the rounds, ten a page', async () => {
    const { api } = await open();
    expect(api.bodiesOf('get-slot-bets-list')).toEqual([{ page: 1, pageSize: 10 }]);
    expect(within(history()).getByText('1 / 3')).toBeTruthy();
    await act(async () => within(history()).getByRole('button', { name: '다음 페이지' }).click());
    await settle();
    expect(api.bodiesOf('get-slot-bets-list')).toEqual([
      { page: 1, pageSize: 10 },
      { page: 2, pageSize: 10 },
    ]);
    expect(within(history()).getByText('2 / 3')).toBeTruthy();
  });

  it('says when there are no bets yet', async () => {
    await open({ 'get-slot-bets-list': () => ({ status: 'success', bets: [], maxCount: 0 }) });
    expect(within(history()).getByText('아직 베팅내역이 없습니다.')).toBeTruthy();
  });
});

describe('/user: the member account info table', () => {
  it('lists user id, account holder, the bank by its localized name and the account number masked', async () => {
    await open();
    expect(accountTable()).toEqual({
      아이디: 'gildong7',
      예금주: '홍길동',
      은행: '신한은행',
      '출금 계좌번호': '******6789번호 보기',
    });
    expect(document.body.textContent).not.toContain('110123456789');
  });

  it('shows the full account number only after a deliberate press, and hides it again', async () => {
    await open();
    const table = screen.getByRole('table');
    await act(async () => within(table).getByRole('button', { name: '번호 보기' }).click());
    expect(accountTable()['출금 계좌번호']).toBe('110123456789번호 숨기기');
    await act(async () => within(table).getByRole('button', { name: '번호 숨기기' }).click());
    expect(accountTable()['출금 계좌번호']).toBe('******6789번호 보기');
  });

  it('leaves a value empty when it is absent', async () => {
    await open({
      'get-member-account': () => ({
        status: 'success',
        account: { userId: 'gildong7', bankOwner: '', bankname: '', banknum: '' },
      }),
    });
    expect(accountTable()).toEqual({ 아이디: 'gildong7', 예금주: '', 은행: '', '출금 계좌번호': '' });
  });
});

describe('/user: change password', () => {
  function fill(current: string, next: string, confirm: string) {
    const form = passwordForm();
    fireEvent.change(within(form).getByLabelText('현재 비밀번호'), { target: { value: current } });
    fireEvent.change(within(form).getByLabelText('새 비밀번호'), { target: { value: next } });
    fireEvent.change(within(form).getByLabelText('새 비밀번호 확인'), { target: { value: confirm } });
  }
  const send = async () => {
    await act(async () => within(passwordForm()).getByRole('button', { name: '비밀번호 변경' }).click());
    await settle();
  };

  it('success: says that the other sessions were signed out', async () => {
    const { api } = await open();
    fill('old-Password1', 'new-Password2', 'new-Password2');
    await send();
    expect(api.bodiesOf('change-password')).toEqual([
      { password: 'old-Password1', newPassword: 'new-Password2' },
    ]);
    expect(dialogText()).toContain('다른 기기와 브라우저의 로그인은 모두 종료되었습니다.');
    expect((within(passwordForm()).getByLabelText('현재 비밀번호') as HTMLInputElement).value).toBe('');
  });

  it('pass: the current password is wrong, at its field', async () => {
    await open({ 'change-password': () => ({ status: 'pass' }) });
    fill('wrong-one', 'new-Password2', 'new-Password2');
    await send();
    expect(dialogText()).toContain('현재 비밀번호가 올바르지 않습니다.');
    expect(within(passwordForm()).getByLabelText('현재 비밀번호').getAttribute('aria-invalid')).toBe('true');
  });

  it('a 400 on the new password shows at the new password', async () => {
    await open({ 'change-password': () => invalid('newPassword', 'pattern') });
    fill('old-Password1', 'password123', 'password123');
    await send();
    expect(
      within(passwordForm()).getByText('아이디와 같거나 너무 흔한 비밀번호는 쓸 수 없습니다.'),
    ).toBeTruthy();
  });

  it('checks locally: length, the user id, the confirmation', async () => {
    const { api } = await open();
    fill('', 'short', 'other');
    await send();
    const form = passwordForm();
    expect(within(form).getByText('비밀번호를 입력해 주세요.')).toBeTruthy();
    expect(within(form).getByText('새 비밀번호는 8~64자로 입력해 주세요.')).toBeTruthy();
    expect(within(form).getByText('비밀번호가 일치하지 않습니다.')).toBeTruthy();
    fill('old-Password1', 'GILDONG7', 'GILDONG7');
    await send();
    expect(within(form).getByText('아이디와 같거나 너무 흔한 비밀번호는 쓸 수 없습니다.')).toBeTruthy();
    expect(api.countOf('change-password')).toBe(0);
  });

  it('too many wrong passwords (429): says so', async () => {
    await open({ 'change-password': () => new HttpAnswer(429, { status: 'too_many' }) });
    fill('old-Password1', 'new-Password2', 'new-Password2');
    await send();
    expect(dialogText()).toContain('비밀번호를 여러 번 잘못 입력했습니다.');
  });
});

describe('/user: change exchange password', () => {
  function fill(password: string, pin: string) {
    const form = exchangeForm();
    fireEvent.change(within(form).getByLabelText('로그인 비밀번호'), { target: { value: password } });
    fireEvent.change(within(form).getByLabelText('새 환전 비밀번호'), { target: { value: pin } });
  }
  const send = async () => {
    await act(async () => within(exchangeForm()).getByRole('button', { name: '환전 비밀번호 변경' }).click());
    await settle();
  };

  it('success', async () => {
    const { api } = await open();
    fill('old-Password1', '4321');
    await send();
    expect(api.bodiesOf('change-exchange-password')).toEqual([
      { password: 'old-Password1', newExchangePassword: '4321' },
    ]);
    expect(dialogText()).toContain('환전 비밀번호를 변경했습니다.');
  });

  it('pass: the login password is wrong', async () => {
    await open({ 'change-exchange-password': () => ({ status: 'pass' }) });
    fill('wrong-one', '4321');
    await send();
    expect(dialogText()).toContain('로그인 비밀번호가 올바르지 않습니다.');
    expect(within(exchangeForm()).getByLabelText('로그인 비밀번호').getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('the new exchange password takes 4 to 6 digits, masked, on the numeric keypad', async () => {
    const { api } = await open();
    const pin = within(exchangeForm()).getByLabelText('새 환전 비밀번호') as HTMLInputElement;
    expect(pin.type).toBe('password');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    fill('old-Password1', '12x');
    expect(pin.value).toBe('12');
    await send();
    expect(within(exchangeForm()).getByText('환전 비밀번호는 숫자 4~6자리로 입력해 주세요.')).toBeTruthy();
    expect(api.countOf('change-exchange-password')).toBe(0);
  });

  it('a 400 shows at its field', async () => {
    await open({ 'change-exchange-password': () => invalid('newExchangePassword', 'pattern') });
    fill('old-Password1', '4321');
    await send();
    expect(within(exchangeForm()).getByText('환전 비밀번호는 숫자 4~6자리로 입력해 주세요.')).toBeTruthy();
  });
});

describe('/user: referrals and weekly payback', () => {
  it('lists the members who joined naming this member, with the points each earned and the total', async () => {
    await open({
      'get-referrals': () => ({
        status: 'success',
        list: [
          { nick: '철수', joined: '2026-11-20T15:30:00.000Z', points: 1_234 },
          { nick: '영희', joined: '2026-11-02T01:00:00.000Z', points: 200 },
        ],
        total: 1_434,
        maxCount: 2,
        rate: 50,
        enabled: true,
      }),
    });
    const card = screen.getByRole('region', { name: '추천 회원' });
    expect(within(card).getByText(/베팅액 0.5%를 콤프 포인트로/)).toBeTruthy();
    const link = within(card).getByRole('textbox', { name: /내 추천 가입 링크/ }) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/register?recommender=gildong7`);
    expect(within(card).getByText('추천 회원 2명에게서 받은 포인트 1,434')).toBeTruthy();
    const row = within(card).getByText('철수').closest('tr')!;
    // 15:30 UTC is the next day in Seoul.
    expect(within(row).getByText('2026-11-21')).toBeTruthy();
    expect(within(row).getByText('1,234')).toBeTruthy();
  });

  it('says when nobody joined yet', async () => {
    await open();
    const card = screen.getByRole('region', { name: '추천 회원' });
    expect(within(card).getByText('아직 내 아이디로 가입한 회원이 없습니다.')).toBeTruthy();
  });

  it("shows last week's loss, the level's percent and the points paid", async () => {
    await open();
    const card = screen.getByRole('region', { name: '주간 페이백' });
    expect(within(card).getByText('지난주: 2026-11-16 ~ 2026-11-22')).toBeTruthy();
    expect(within(card).getByText('90,000원')).toBeTruthy();
    expect(within(card).getByText('10%')).toBeTruthy();
    expect(within(card).getByText('9,000')).toBeTruthy();
    expect(within(card).getByText('2026-11-23에 지급되었습니다.')).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();
    await open({
      'get-payback': () => ({ ...PAYBACK, lastWeek: { ...PAYBACK.lastWeek, points: 0, paidAt: null } }),
    });
    expect(screen.getByText('지난주 페이백 대상이 아닙니다.')).toBeTruthy();
  });
});
