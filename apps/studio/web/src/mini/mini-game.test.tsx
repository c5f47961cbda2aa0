import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { drawPowerball, drawLadder } from '@casino/studio-engine/mini/draw';
import { miniMarkets } from '@casino/studio-engine/mini/markets';
import type { TMiniBet } from '@casino/studio-engine/mini/contract';
import { createI18n } from '../i18n/index.ts';
import { MiniGame } from './index.tsx';

/** A stand-in for the browser's EventSource: the test pushes the studio's events through it. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  url: string;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(name: string, fn: (event: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), fn]);
  }
  close() {
    this.closed = true;
  }
  emit(name: string, data: unknown) {
    for (const fn of this.listeners.get(name) ?? [])
      fn(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

const SEED = 'ab'.repeat(32);
type Req = { method: string; path: string; body: Record<string, unknown> | null };
let requests: Req[];
type Answer = { status: number; body: unknown };
let answers: Record<string, (body: Record<string, unknown>) => Answer | Promise<Answer>>;
let publicRounds: unknown[];

function markets(game: 'powerball' | 'ladder') {
  return miniMarkets(game).map((m) => ({
    code: m.code,
    odds: m.defaultOdds,
    wins: m.wins,
    outcomes: m.outcomes,
    minBet: 1_000,
    maxBet: 100_000,
  }));
}

function openRound(round: number, closesInS: number, now: number) {
  return {
    round,
    day: '2026-11-28',
    dayRound: round - 100,
    opensAt: new Date(now - 60_000).toISOString(),
    closesAt: new Date(now + closesInS * 1000).toISOString(),
    drawsAt: new Date(now + (closesInS + 30) * 1000).toISOString(),
  };
}

function session(game: 'powerball' | 'ladder', balance = 100_000) {
  const now = Date.now();
  return {
    status: 200,
    body: {
      status: 'success',
      userId: 'u1',
      balance,
      currency: 'KRW',
      wallet: 'seamless',
      game,
      settings: { cadenceMinutes: 5, cutoffSeconds: 30, maxRoundTotal: 500_000, markets: markets(game) },
      current: openRound(201, 42, now),
      serverTime: new Date(now).toISOString(),
      events: `/studio/api/mini/${game}/events`,
    },
  };
}

beforeEach(() => {
  requests = [];
  publicRounds = [];
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    addEventListener() {},
    removeEventListener() {},
  }));
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://studio.test').pathname + new URL(url, 'http://studio.test').search;
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    requests.push({ method, path, body });
    if (method === 'GET' && path.includes('/rounds'))
      return new Response(JSON.stringify({ game: 'powerball', rounds: publicRounds }), { status: 200 });
    if (method === 'GET' && path.includes('/current'))
      return new Response(
        JSON.stringify({ round: 201, closesAt: null, drawsAt: null, serverTime: new Date().toISOString() }),
        { status: 200 },
      );
    const action = path.split('/').pop()!;
    const answered = (await answers[action]?.(body ?? {})) ?? {
      status: 404,
      body: { status: 'error', code: 'not_found' },
    };
    return new Response(JSON.stringify(answered.body), { status: answered.status });
  });
});

function renderGame(game: 'powerball' | 'ladder', lang: 'en' | 'ko' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <MiniGame token="tok" game={game} lang={lang} />
    </I18nextProvider>,
  );
}

function bet(fields: Partial<TMiniBet>): TMiniBet {
  return {
    slipId: 's1',
    game: 'powerball',
    round: 201,
    dayRound: 101,
    market: 'pb-odd',
    amount: 10_000,
    odds: 195,
    state: 'open',
    win: 0,
    at: new Date().toISOString(),
    ...fields,
  };
}

describe('the Powerball client', () => {
  it('counts down to the cut-off, takes a slip, animates the draw and shows the payout after settled', async () => {
    let balance = 100_000;
    let mine: TMiniBet[] = [];
    answers = {
      'mini-session': () => session('powerball', balance),
      'mini-bet': (body) => {
        const bets = (body.bets as { market: string; amount: number }[]).map((b) =>
          bet({ market: b.market, amount: b.amount, odds: 195 }),
        );
        balance -= bets.reduce((s, b) => s + b.amount, 0);
        mine = bets;
        return { status: 200, body: { status: 'success', slipId: 's1', bets, balance, jackpots: [] } };
      },
      'mini-bets': () => ({ status: 200, body: { status: 'success', bets: mine, jackpots: [], balance } }),
    };
    renderGame('powerball');
    expect(await screen.findByRole('heading', { name: 'Powerball' })).toBeTruthy();
    // The countdown reads the server's cut-off.
    const timer = screen.getByRole('timer');
    expect(within(timer).getByText(/Betting closes in/)).toBeTruthy();
    expect(within(timer).getByText(/^0:4[12]$/)).toBeTruthy();
    expect(screen.getByText('Round 101 (#201)')).toBeTruthy();

    // The 5,000 chip is the default; pick it twice on powerball odd, and once 10,000 on sum over.
    const pbGroup = screen.getByRole('region', { name: /Powerball odd\/even$/ });
    const odd = within(pbGroup).getByRole('button', { name: /Odd/ });
    expect(within(odd).getByText('1.95')).toBeTruthy();
    fireEvent.click(odd);
    fireEvent.click(odd);
    fireEvent.click(screen.getByRole('radio', { name: '10K' }));
    const sumGroup = screen.getByRole('region', { name: /^Normal-ball sum under\/over/ });
    fireEvent.click(within(sumGroup).getByRole('button', { name: /Over/ }));
    const slip = screen.getByRole('region', { name: 'Bet slip' });
    expect(within(slip).getAllByText(/Pays ₩19,500 if it wins/)).toHaveLength(2);
    fireEvent.click(within(slip).getByRole('button', { name: 'Place bets' }));
    await screen.findByText('Your bets on round 101 are taken.');
    const sent = requests.find((r) => r.path.endsWith('/mini-bet'))!;
    expect(sent.body).toEqual({
      token: 'tok',
      game: 'powerball',
      round: 201,
      bets: [
        { market: 'pb-odd', amount: 10_000 },
        { market: 'sum-over', amount: 10_000 },
      ],
    });
    expect(screen.getByText('₩80,000')).toBeTruthy();

    // Push: the round is drawn, then settled; the balls come out and the win shows.
    const result = drawPowerball(201, SEED);
    const source = FakeEventSource.last!;
    expect(source.url).toBe('/studio/api/mini/powerball/events');
    act(() => source.emit('draw', { round: 201, seed: SEED, result }));
    for (const n of result.balls) expect(screen.getAllByText(String(n)).length).toBeGreaterThan(0);
    mine = mine.map((b) =>
      b.market === 'pb-odd'
        ? {
            ...b,
            state: result.powerball % 2 === 1 ? 'won' : 'lost',
            win: result.powerball % 2 === 1 ? 19_500 : 0,
          }
        : { ...b, state: 'lost' },
    );
    balance += mine.reduce((s, b) => s + b.win, 0);
    act(() => source.emit('settled', { round: 201, voided: false }));
    fireEvent.click(screen.getByRole('tab', { name: 'My bets' }));
    await waitFor(() => expect(screen.getAllByText(/Won|Lost/).length).toBeGreaterThan(0));
    await waitFor(() =>
      expect(
        screen.getByText(
          new Intl.NumberFormat('en-US', { style: 'currency', currency: 'KRW' }).format(balance),
        ),
      ).toBeTruthy(),
    );
    // Nothing polled: after the first reads, only the slip and the bets were asked.
    expect(requests.filter((r) => r.path.endsWith('/current')).length).toBe(0);
  });

  it('celebrates a jackpot the slip won, and lists it with the slip before and after the settlement', async () => {
    const hit = { tier: 'MINOR' as const, amount: 182_340 };
    let mine: TMiniBet[] = [];
    let listed: unknown[] = [];
    answers = {
      'mini-session': () => session('powerball'),
      'mini-bet': () => {
        mine = [bet({ market: 'pb-even', amount: 5_000 })];
        return {
          status: 200,
          body: { status: 'success', slipId: 's1', bets: mine, balance: 277_340, jackpots: [hit] },
        };
      },
      'mini-bets': () => ({
        status: 200,
        body: { status: 'success', bets: mine, jackpots: listed, balance: 277_340 },
      }),
    };
    renderGame('powerball');
    const group = await screen.findByRole('region', { name: /Powerball odd\/even$/ });
    fireEvent.click(within(group).getByRole('button', { name: /Even/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place bets' }));
    const banner = await screen.findByRole('alertdialog', { name: 'MINOR jackpot' });
    expect(within(banner).getByText('MINOR jackpot won: ₩182,340')).toBeTruthy();
    expect(screen.getByText('₩277,340')).toBeTruthy();
    fireEvent.click(banner);
    fireEvent.click(screen.getByRole('tab', { name: 'My bets' }));
    const line = 'MINOR jackpot won with round 101: ₩182,340';
    expect(screen.getByText(line)).toBeTruthy();
    // The settlement's list keeps it (the studio keeps the jackpots on the slip).
    mine = [{ ...mine[0]!, state: 'lost' }];
    listed = [{ ...hit, slipId: 's1', round: 201, dayRound: 101 }];
    act(() => FakeEventSource.last!.emit('settled', { round: 201, voided: false }));
    await waitFor(() => expect(screen.getByText('Lost')).toBeTruthy());
    expect(screen.getAllByText(line)).toHaveLength(1);
    fireEvent.click(screen.getByRole('tab', { name: 'Today' }));
    expect(screen.getAllByText(line)).toHaveLength(1);
  });

  it("keeps the settled round's bets when the next round's (empty) list comes back after them", async () => {
    let release = () => {};
    const late = new Promise<void>((resolve) => (release = resolve));
    const won = bet({ market: 'pb-odd', amount: 5_000, state: 'won', win: 9_750 });
    answers = {
      'mini-session': () => session('powerball'),
      'mini-bets': async (body) => {
        if (body.round === 202) {
          await late;
          return { status: 200, body: { status: 'success', bets: [], jackpots: [], balance: 104_750 } };
        }
        const bets = body.round === 201 || body.round === undefined ? [won] : [];
        return { status: 200, body: { status: 'success', bets, jackpots: [], balance: 104_750 } };
      },
    };
    renderGame('powerball');
    await screen.findByRole('heading', { name: 'Powerball' });
    const source = FakeEventSource.last!;
    // The tick that draws 201 opens 202; 201 is settled a moment later.
    act(() => source.emit('round', openRound(202, 50, Date.now())));
    act(() => source.emit('draw', { round: 201, seed: SEED, result: drawPowerball(201, SEED) }));
    act(() => source.emit('settled', { round: 201, voided: false }));
    fireEvent.click(screen.getByRole('tab', { name: 'My bets' }));
    await screen.findByText('Won ₩9,750');
    // 202's list arrives last: it was asked first, so it does not replace 201's.
    await act(async () => {
      release();
      await late;
    });
    await waitFor(() =>
      expect(requests.filter((r) => r.path.endsWith('/mini-bets') && r.body?.round === 202)).toHaveLength(1),
    );
    expect(screen.getByText('Won ₩9,750')).toBeTruthy();
  });

  it('says a late slip is refused as closed, and keeps it', async () => {
    answers = {
      'mini-session': () => session('powerball'),
      'mini-bet': () => ({ status: 200, body: { status: 'refused', code: 'closed' } }),
      'mini-bets': () => ({
        status: 200,
        body: { status: 'success', bets: [], jackpots: [], balance: 100_000 },
      }),
    };
    renderGame('powerball', 'ko');
    const group = await screen.findByRole('region', { name: /^파워볼 홀\/짝/ });
    fireEvent.click(within(group).getByRole('button', { name: /짝/ }));
    fireEvent.click(screen.getByRole('button', { name: '베팅하기' }));
    await screen.findByText('이 회차의 베팅이 마감되었습니다. 다음 회차에 베팅해 주세요.');
    expect(screen.getByRole('region', { name: '베팅 슬립' }).textContent).toContain('짝');
  });

  it('names the market the house takes no more of', async () => {
    answers = {
      'mini-session': () => session('powerball'),
      'mini-bet': () => ({ status: 200, body: { status: 'refused', code: 'exposure', market: 'sum-large' } }),
      'mini-bets': () => ({
        status: 200,
        body: { status: 'success', bets: [], jackpots: [], balance: 100_000 },
      }),
    };
    renderGame('powerball');
    const group = await screen.findByRole('region', { name: /^Normal-ball sum small/ });
    fireEvent.click(within(group).getByRole('button', { name: /Large/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Place bets' }));
    await screen.findByText('The Large market takes no more bets this round.');
  });

  it('does not send a stake below the market minimum', async () => {
    answers = {
      'mini-session': () => session('powerball'),
      'mini-bets': () => ({
        status: 200,
        body: { status: 'success', bets: [], jackpots: [], balance: 100_000 },
      }),
    };
    const s = session('powerball');
    (s.body.settings.markets as { minBet: number }[]).forEach((m) => (m.minBet = 20_000));
    answers['mini-session'] = () => s;
    renderGame('powerball');
    const group = await screen.findByRole('region', { name: /Powerball odd\/even$/ });
    fireEvent.click(within(group).getByRole('button', { name: /Even/ }));
    expect(screen.getByText('Each market takes at least ₩20,000.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Place bets' }) as HTMLButtonElement).disabled).toBe(true);
    expect(requests.some((r) => r.path.endsWith('/mini-bet'))).toBe(false);
  });
});

describe('the Ladder client', () => {
  it('traces the drawn ladder and reads the roads of the results', async () => {
    publicRounds = Array.from({ length: 8 }, (_, i) => {
      const round = 200 - i;
      const seed = round.toString(16).padStart(64, 'd');
      return {
        round,
        day: '2026-11-28',
        dayRound: round - 100,
        closesAt: '',
        drawnAt: '',
        seed,
        result: drawLadder(round, seed),
      };
    });
    answers = {
      'mini-session': () => session('ladder'),
      'mini-bets': () => ({
        status: 200,
        body: { status: 'success', bets: [], jackpots: [], balance: 100_000 },
      }),
    };
    renderGame('ladder');
    expect(await screen.findByRole('heading', { name: 'Ladder' })).toBeTruthy();
    const board = screen.getByRole('region', { name: 'Start + rungs' });
    expect(within(board).getAllByRole('button')).toHaveLength(4);
    const result = drawLadder(201, SEED);
    act(() => FakeEventSource.last!.emit('draw', { round: 201, seed: SEED, result }));
    const label = `Start ${result.start === 'left' ? 'Left' : 'Right'} · ${result.rungs} rungs · ${result.finish === 'odd' ? 'Odd' : 'Even'}`;
    expect(screen.getByRole('img', { name: label })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Patterns' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Odd/even' }));
    expect(screen.getByRole('img', { name: 'Odd/even road, last 9 rounds' })).toBeTruthy();
  });
});
