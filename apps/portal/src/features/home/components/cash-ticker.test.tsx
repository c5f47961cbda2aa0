import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, HttpAnswer, renderPage, settle } from '../../../test/fake-server.tsx';
import { tickerTime, tickerUserId } from '../ticker-format.ts';
import { CashTicker, TICKER_ROWS } from './cash-ticker.tsx';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
/** A time `m` minutes (and a few seconds, so the page's clock reads whole minutes) before now. */
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000 - 5_000).toISOString();

describe('the ticker formats', () => {
  it('keeps a masked id and masks one that came whole', () => {
    expect(tickerUserId('ab***')).toBe('ab***');
    expect(tickerUserId('a***')).toBe('a***');
    expect(tickerUserId('gildong7')).toBe('gi***');
    expect(tickerUserId('홍길동')).toBe('홍길***');
    // Stars inside an id are no mask.
    expect(tickerUserId('a*b***')).toBe('a****');
    expect(tickerUserId('')).toBe('***');
  });

  it('tells the time relative within a day and as YYYY-MM-DD beyond, in the locale', () => {
    expect(tickerTime('2026-11-24T11:59:30.000Z', NOW, 'ko')).toBe('지금');
    expect(tickerTime('2026-11-24T11:57:00.000Z', NOW, 'ko')).toBe('3분 전');
    expect(tickerTime('2026-11-24T09:30:00.000Z', NOW, 'en')).toBe('2 hours ago');
    expect(tickerTime('2026-11-24T11:57:00.000Z', NOW, 'vn')).toBe('3 phút trước');
    // A day or more ago: the Asia/Seoul date.
    expect(tickerTime('2026-11-20T16:00:00.000Z', NOW, 'ko')).toBe('2026-11-21');
    expect(tickerTime('', NOW, 'ko')).toBe('-');
    expect(tickerTime('not a date', NOW, 'ko')).toBe('-');
  });
});

describe('the cash ticker', () => {
  it('shows masked ids, amounts in the locale grouping and when, deposits and withdrawals apart', async () => {
    fakeServer({
      'get-cash-ticker': () => ({
        status: 'success',
        deposits: [
          { userId: 'ab***', amount: 1_000_000, regDate: minutesAgo(3) },
          { userId: 'gildong7', amount: 50_000, regDate: '2026-11-20T16:00:00.000Z' },
        ],
        withdraws: [{ userId: 'cd***', amount: 2_500_000, regDate: minutesAgo(125) }],
      }),
    });
    renderPage('/', <CashTicker />);
    await settle();
    const deposits = document.querySelector<HTMLElement>('.ticker--deposit')!;
    const withdraws = document.querySelector<HTMLElement>('.ticker--withdraw')!;
    expect(within(deposits).getByRole('heading').textContent).toBe('실시간 충전');
    const rows = within(deposits).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(['ab***1,000,000원3분 전', 'gi***50,000원2026-11-21']);
    // The whole id never reaches the page.
    expect(document.body.textContent).not.toContain('gildong7');
    expect(
      within(withdraws)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['cd***2,500,000원2시간 전']);
    expect(
      within(deposits).getAllByRole('listitem')[0]!.querySelector('time')?.getAttribute('dateTime'),
    ).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('uses the member language for amounts and times', async () => {
    fakeServer({
      'get-cash-ticker': () => ({
        status: 'success',
        deposits: [{ userId: 'ab***', amount: 1_000_000, regDate: minutesAgo(3) }],
        withdraws: [],
      }),
    });
    renderPage('/', <CashTicker />, {}, 'en');
    await settle();
    expect(screen.getByText('₩1,000,000')).toBeTruthy();
    expect(screen.getByText('3 minutes ago')).toBeTruthy();
    expect(screen.getByText('Nothing completed yet.')).toBeTruthy();
  });

  it('moves only a list longer than its window, with a hidden second copy for the loop', async () => {
    const ticks = Array.from({ length: TICKER_ROWS + 3 }, (_, i) => ({
      userId: `u${i}***`.slice(0, 2) + '***',
      amount: 10_000 * (i + 1),
      regDate: minutesAgo(i),
    }));
    fakeServer({
      'get-cash-ticker': () => ({ status: 'success', deposits: ticks, withdraws: ticks.slice(0, 2) }),
    });
    renderPage('/', <CashTicker />);
    await settle();
    const moving = document.querySelector<HTMLElement>('.ticker--deposit .ticker__window')!;
    expect(moving.classList.contains('ticker__window--moving')).toBe(true);
    // Readers hear each request once: the second copy is hidden from them.
    expect(within(moving).getAllByRole('listitem')).toHaveLength(TICKER_ROWS + 3);
    expect(moving.querySelectorAll('.ticker__row')).toHaveLength(2 * (TICKER_ROWS + 3));
    const still = document.querySelector<HTMLElement>('.ticker--withdraw .ticker__window')!;
    expect(still.classList.contains('ticker__window--moving')).toBe(false);
    expect(still.querySelectorAll('.ticker__row')).toHaveLength(2);
  });

  it('keeps its rows while loading and says so when the read fails', async () => {
    fakeServer({ 'get-cash-ticker': () => new HttpAnswer(500, { status: 'error' }) });
    renderPage('/', <CashTicker />);
    expect(document.querySelectorAll('.ticker--deposit .ticker__row')).toHaveLength(TICKER_ROWS);
    await settle();
    expect(screen.getAllByText('내역을 불러오지 못했습니다.')).toHaveLength(2);
  });
});
