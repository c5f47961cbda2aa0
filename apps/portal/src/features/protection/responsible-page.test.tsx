import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { load as loadModalLayer } from '@casino/web-kit/modal-layer.tsx';
import { closeDialog, fakeServer, renderPage, settle, type TRoutes } from '../../test/fake-server.tsx';
import { ResponsiblePage } from './responsible-page.tsx';

vi.mock('../../lib/browser.ts', () => ({ reloadPage: vi.fn() }));
const { reloadPage } = await import('../../lib/browser.ts');

const EFFECTIVE = '2026-03-02T06:30:00.000Z'; // 15:30 in Seoul

function limits(overrides: Partial<TCallResponse<'get-play-limits'>> = {}): TCallResponse<'get-play-limits'> {
  return {
    status: 'success',
    limits: {
      deposit: { day: 100_000, week: null, month: 1_000_000 },
      loss: { day: null, week: null, month: null },
    },
    pending: [{ kind: 'deposit', period: 'month', amount: null, effectiveAt: EFFECTIVE }],
    used: { deposit: { day: 40_000, week: 40_000, month: 250_000 }, loss: { day: 0, week: 0, month: 0 } },
    realityCheckMinutes: 30,
    exclusion: null,
    lifetime: { deposits: 500_000, withdrawals: 100_000, net: 400_000 },
    ...overrides,
  };
}

async function open(routes: TRoutes = {}, path = '/user/responsible') {
  await loadModalLayer();
  const api = fakeServer({ 'get-play-limits': () => limits(), ...routes });
  const page = renderPage('/user/responsible', <ResponsiblePage />);
  if (path !== '/user/responsible') await act(async () => page.router.navigate(path));
  await settle();
  return { api, ...page };
}

const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');
const row = (name: string) => screen.getByText(name).closest('li')!;

beforeEach(() => vi.mocked(reloadPage).mockReset());
afterEach(() => vi.unstubAllGlobals());

describe('/user/responsible: limits', () => {
  it('shows each limit with what its window used, and a pending removal with its date and time', async () => {
    await open();
    const day = row('일 충전 한도');
    expect(day.textContent).toContain('100,000원');
    expect(day.textContent).toContain('사용 40,000원');
    expect(day.textContent).toContain('남은 한도 60,000원');
    expect(within(day).getByRole('meter').getAttribute('aria-valuenow')).toBe('40');
    expect(row('주 충전 한도').textContent).toContain('한도 없음');
    const month = row('월 충전 한도');
    expect(month.textContent).toContain('해제 예정');
    expect(month.textContent).toContain('2026년 3월 2일');
    expect(month.textContent).toMatch(/3:30/);
    expect(row('일 손실 한도').textContent).not.toContain('예정');
  });

  it('a decrease applies at once: the answer says so', async () => {
    const { api } = await open({ 'set-play-limit': () => ({ status: 'success' }) });
    const day = row('일 충전 한도');
    fireEvent.change(within(day).getByLabelText('새 일 충전 한도'), { target: { value: '50,000' } });
    await act(async () => within(day).getByRole('button', { name: '변경' }).click());
    await settle();
    expect(api.bodiesOf('set-play-limit')).toEqual([{ kind: 'deposit', period: 'day', amount: 50_000 }]);
    expect(dialogText()).toContain('일 충전 한도가 50,000원(으)로 바로 적용되었습니다.');
    // The page reads the limits again after the change.
    expect(api.countOf('get-play-limits')).toBeGreaterThanOrEqual(2);
  });

  it('an increase waits 24 hours: the answer names the moment from the pending list', async () => {
    let isRaised = false;
    await open({
      'set-play-limit': () => {
        isRaised = true;
        return { status: 'wait' };
      },
      'get-play-limits': () =>
        isRaised
          ? limits({ pending: [{ kind: 'loss', period: 'week', amount: 300_000, effectiveAt: EFFECTIVE }] })
          : limits({ pending: [] }),
    });
    const week = row('주 손실 한도');
    fireEvent.change(within(week).getByLabelText('새 주 손실 한도'), { target: { value: '300000' } });
    await act(async () => within(week).getByRole('button', { name: '설정' }).click());
    await settle();
    expect(dialogText()).toContain('주 손실 한도 변경은 2026년 3월 2일');
    await closeDialog();
    expect(row('주 손실 한도').textContent).toContain('변경 예정');
    expect(row('주 손실 한도').textContent).toContain('300,000원');
  });

  it('a removal asks first, then waits', async () => {
    const { api } = await open({ 'set-play-limit': () => ({ status: 'wait' }) });
    await act(async () => within(row('일 충전 한도')).getByRole('button', { name: '해제' }).click());
    expect(dialogText()).toContain('24시간 뒤에 적용됩니다');
    await act(async () =>
      within(screen.getByRole('alertdialog')).getByRole('button', { name: '해제' }).click(),
    );
    await settle();
    expect(api.bodiesOf('set-play-limit')).toEqual([{ kind: 'deposit', period: 'day', amount: null }]);
  });

  it('an empty amount is refused before any call', async () => {
    const { api } = await open();
    await act(async () => within(row('일 충전 한도')).getByRole('button', { name: '변경' }).click());
    await settle();
    expect(screen.getByText('한도 금액을 입력해 주세요.')).toBeTruthy();
    expect(api.countOf('set-play-limit')).toBe(0);
  });

  it('offers the limits after a registration, with a way to skip', async () => {
    await open({}, '/user/responsible?welcome=1');
    expect(screen.getByText('지금 한도를 설정해 보세요')).toBeTruthy();
    expect(screen.getByRole('link', { name: '나중에 하기' }).getAttribute('href')).toBe('/');
  });

  it('saves the reality check on choice', async () => {
    const { api } = await open({ 'set-reality-check': () => ({ status: 'success' }) });
    expect((screen.getByLabelText('30분마다') as HTMLInputElement).checked).toBe(true);
    await act(async () => screen.getByLabelText('15분마다').click());
    await settle();
    expect(api.bodiesOf('set-reality-check')).toEqual([{ minutes: 15 }]);
  });
});

describe('/user/responsible: breaks', () => {
  async function startBreak(label: string, start: string) {
    await act(async () => screen.getByLabelText(label).click());
    await act(async () => screen.getByRole('button', { name: start }).click());
    await settle();
    return screen.getByRole('alertdialog');
  }

  it('warns clearly and requires the password before any call', async () => {
    const { api } = await open({ 'take-break': () => ({ status: 'success', until: null }) });
    const dialog = await startBreak('6개월', '자기 이용 제한 시작');
    expect(dialog.textContent).toContain('자기 이용 제한: 6개월');
    expect(dialog.textContent).toContain('본인도 고객센터도 제한을 풀 수 없습니다');
    expect(dialog.textContent).toContain('모든 기기에서 바로 로그아웃됩니다');
    await act(async () => within(dialog).getByRole('button', { name: '자기 이용 제한 확정' }).click());
    await settle();
    expect(within(dialog).getByText('비밀번호를 입력해 주세요.')).toBeTruthy();
    expect(api.countOf('take-break')).toBe(0);
  });

  it('a wrong password stays in the dialog; the right one signs out to the blocked page', async () => {
    let answer: TCallResponse<'take-break'> = { status: 'pass' };
    const { api } = await open({ 'take-break': () => answer });
    const dialog = await startBreak('7일', '이용 일시 중지 시작');
    const password = within(dialog).getByLabelText('로그인 비밀번호');
    fireEvent.change(password, { target: { value: 'wrongpass1' } });
    await act(async () => within(dialog).getByRole('button', { name: '이용 일시 중지 확정' }).click());
    await settle();
    expect(within(dialog).getByText('비밀번호가 맞지 않습니다.')).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();

    answer = { status: 'success', until: '2026-05-08T03:00:00.000Z' };
    fireEvent.change(within(dialog).getByLabelText('로그인 비밀번호'), { target: { value: 'Password123' } });
    await act(async () => within(dialog).getByRole('button', { name: '이용 일시 중지 확정' }).click());
    await settle();
    expect(api.bodiesOf('take-break').at(-1)).toEqual({
      kind: 'time_out',
      period: '7d',
      password: 'Password123',
    });
    expect(reloadPage).toHaveBeenCalledWith(
      '/blocked?until=2026-05-08T03%3A00%3A00.000Z&kind=time_out&period=7d',
    );
  });

  it('offers only the periods each kind takes', async () => {
    await open();
    const timeOut = screen.getByText('이용 일시 중지', { selector: 'h2' }).closest('section')!;
    expect(
      within(timeOut)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['24h', '7d', '30d', '6w']);
    const exclusion = screen.getByText('자기 이용 제한', { selector: 'h2' }).closest('section')!;
    expect(
      within(exclusion)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['6m', '1y', '5y', 'permanent']);
  });
});
