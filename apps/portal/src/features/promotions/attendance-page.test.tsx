import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCallResponse } from '@casino/contracts/calls';
import { AttendancePage } from './attendance-page.tsx';
import { closeDialog, fakeServer, renderPage, settle, type TRoutes } from '../../test/fake-server.tsx';

// November 2026 starts on a Sunday; the 28th is "today" on the site's calendar.
const ATTENDANCE: TCallResponse<'get-attendance'> = {
  status: 'success',
  days: ['2026-11-26', '2026-11-27'],
  streak: 2,
  todayDone: false,
  rewards: [
    { streak: 1, points: 100 },
    { streak: 3, points: 300 },
    { streak: 7, points: 1_000 },
  ],
  month: '2026-11',
  today: '2026-11-28',
  enabled: true,
  requireDeposit: false,
};

async function open(routes: TRoutes = {}) {
  const api = fakeServer({ 'get-attendance': () => ATTENDANCE, ...routes });
  const page = renderPage('/attendance', <AttendancePage />);
  await settle();
  return { api, ...page };
}

const dialogText = () =>
  [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')]
    .map((d) => d.textContent)
    .join('\n');
const checkButton = () => screen.getByRole('button', { name: '오늘 출석 체크' }) as HTMLButtonElement;

describe('/attendance', () => {
  it('shows the month with the checked days stamped, today marked, the streak and the reward of today', async () => {
    await open();
    const calendar = screen.getByRole('table', { name: '2026-11 출석 현황' });
    const cells = within(calendar).getAllByRole('cell');
    const cellOf = (day: number) =>
      cells.find((c) => c.querySelector('.attendance-calendar__number')?.textContent === String(day))!;
    // The 1st is a Sunday: the first cell of the first week.
    expect(cells[0]!.textContent).toBe('1');
    expect(cellOf(26).textContent).toContain('출석');
    expect(cellOf(27).textContent).toContain('출석');
    expect(cellOf(25).textContent).not.toContain('출석');
    expect(cellOf(28).getAttribute('aria-current')).toBe('date');
    expect(screen.getByText('연속 출석 2일')).toBeTruthy();
    // Today's check makes a streak of 3: the 3-day reward is the one it earns.
    const rewards = screen.getByRole('complementary', { name: '출석 보상' });
    const next = within(rewards).getByText('3일 이상').closest('tr')!;
    expect(next.className).toBe('is-next');
    expect(within(next).getByText('300 P')).toBeTruthy();
  });

  it('checks in once, says the points, refreshes the points and the calendar', async () => {
    const { api, refresh } = await open({
      'check-attendance': () => ({ status: 'success', points: 300, streak: 3 }),
    });
    await act(async () => checkButton().click());
    await settle();
    expect(api.bodiesOf('check-attendance')).toEqual([{}]);
    expect(dialogText()).toContain('출석 완료! 300 포인트가 지급되었습니다. 연속 출석 3일.');
    await closeDialog();
    expect(refresh).toHaveBeenCalled();
    expect(api.countOf('get-attendance')).toBeGreaterThanOrEqual(2);
  });

  it('says when today is done already, and when a deposit is needed first', async () => {
    await open({ 'check-attendance': () => ({ status: 'already' }) });
    await act(async () => checkButton().click());
    await settle();
    expect(dialogText()).toContain('오늘은 이미 출석했습니다.');
    await closeDialog();
  });

  it('asks for a deposit first when the operator requires one', async () => {
    await open({
      'get-attendance': () => ({ ...ATTENDANCE, requireDeposit: true }),
      'check-attendance': () => ({ status: 'fail' }),
    });
    expect(screen.getByText('당일 승인된 충전이 있어야 출석할 수 있습니다.')).toBeTruthy();
    await act(async () => checkButton().click());
    await settle();
    expect(dialogText()).toContain('오늘 승인된 충전이 있어야 출석할 수 있습니다. 먼저 충전해 주세요.');
    await closeDialog();
  });

  it('disables the button once today is checked, and pages to the previous month', async () => {
    const { api } = await open({
      'get-attendance': (body) =>
        body.month === '2026-10'
          ? { ...ATTENDANCE, month: '2026-10', days: ['2026-10-31'], todayDone: true }
          : { ...ATTENDANCE, todayDone: true, days: [...ATTENDANCE.days, '2026-11-28'] },
    });
    expect((screen.getByRole('button', { name: '오늘 출석 완료' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '다음 달' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => screen.getByRole('button', { name: '이전 달' }).click());
    await settle();
    expect(api.bodiesOf('get-attendance').at(-1)).toEqual({ month: '2026-10' });
    expect(screen.getByRole('table', { name: '2026-10 출석 현황' })).toBeTruthy();
  });
});
