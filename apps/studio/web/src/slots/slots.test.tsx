import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createFairStream, nobleHmacSha256 } from '@casino/studio-engine/fair';
import { playSlotRound, slotGame } from '@casino/studio-engine/slots/index';
import type { SlotGameDefinition, SlotRound } from '@casino/studio-engine/types';
import { createI18n } from '../i18n/index.ts';
import { formatWon, StudioProvider } from '../shell/index.ts';
import { interruptPlay } from '../shell/interruption.ts';
import { SlotGame } from './index.tsx';
import { planRound, symbolPays } from './plan.ts';
import { stubStudioFetch, type TAnswer, type TAnswers, type TStudioRequest } from '../test-studio.ts';

/*
 * The slot screens against a fake studio: the session and spin answers are what the studio sends,
 * with rounds the engine really played (a fair stream per nonce), so the presentation is checked
 * against the same outcomes the server records.
 */

const fairness = { serverSeedHash: 'ab'.repeat(32), clientSeed: 'seed', nonce: 0 };

function game(code: string): SlotGameDefinition {
  const definition = slotGame(code);
  if (!definition) throw new Error(`no slot ${code}`);
  return definition;
}

/** The first round, over nonces 0, 1, 2..., that `wanted` accepts. */
function findRound(
  definition: SlotGameDefinition,
  bet: number,
  wanted: (round: SlotRound) => boolean,
): SlotRound {
  for (let nonce = 0; nonce < 20_000; nonce++) {
    const round = playSlotRound(
      definition,
      bet,
      createFairStream(nobleHmacSha256, { serverSeed: 'cd'.repeat(32), clientSeed: 'tests', nonce }),
    );
    if (wanted(round)) return round;
  }
  throw new Error('no such round in 20,000 nonces');
}

const hasFreeGames = (round: SlotRound) => round.spins.length > 1 && round.spins.length <= 16;
const isLoss = (round: SlotRound) => round.spins.length === 1 && round.totalWin === 0;

function spinAnswer(definition: SlotGameDefinition, round: SlotRound, balanceAfter: number) {
  return {
    status: 'success',
    balance: balanceAfter,
    round: {
      roundId: `r-${Math.random()}`,
      game: definition.code,
      at: new Date().toISOString(),
      bet: round.bet,
      win: round.totalWin,
      state: 'settled',
      serverSeedHash: fairness.serverSeedHash,
      serverSeed: null,
      clientSeed: fairness.clientSeed,
      nonce: 1,
      input: { bet: round.bet },
      outcome: round,
      jackpots: [],
    },
    fairness: { ...fairness, nonce: 1 },
  };
}

let answers: TAnswers;
let requests: TStudioRequest[];

function sessionFor(definition: SlotGameDefinition, balance: number): TAnswer {
  return {
    status: 200,
    body: {
      status: 'success',
      userId: 'u1',
      balance,
      currency: 'KRW',
      wallet: 'seamless',
      kind: 'slot',
      definition,
      fairness,
    },
  };
}

beforeEach(() => {
  requests = [];
  vi.useFakeTimers();
  localStorage.clear();
  vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
  stubStudioFetch(
    () => answers,
    (request) => requests.push(request),
  );
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function renderGame(code: string) {
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <StudioProvider launch={{ token: 'tok', game: code, lang: 'en' }}>
        <SlotGame />
      </StudioProvider>
    </I18nextProvider>,
  );
  await act(async () => {
    await vi.advanceTimersByTimeAsync(10);
  });
  expect(document.querySelector('.slot-reels')).not.toBeNull();
}

/** Jade Lotus losing every spin, its autoplay of 10 spins started and 300 ms in. */
async function startAutoplayOfLosses() {
  const definition = game('jade-lotus');
  const loss = findRound(definition, definition.betLevels[0]!, isLoss);
  answers = {
    session: () => sessionFor(definition, 100_000),
    spin: () => ({ status: 200, body: spinAnswer(definition, loss, 99_000) }),
  };
  await renderGame('jade-lotus');
  fireEvent.click(screen.getByRole('button', { name: 'Autoplay' }));
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start 10 spins' }));
  await watch(300);
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** The window the reels show, when every reel is at rest (else null). */
function shownWindow(): string[][] | null {
  const reels = [...document.querySelectorAll<HTMLElement>('.slot-reel')];
  if (reels.some((reel) => reel.dataset.phase !== 'idle')) return null;
  return reels.map((reel) =>
    [...reel.querySelectorAll<HTMLElement>('[data-symbol]')].map((c) => c.dataset.symbol!),
  );
}

const balanceText = () => document.querySelector('.st-balance__value')?.textContent ?? '';
const spinButton = () => screen.getByRole('button', { name: 'Spin' });

/** Plays time forward in small steps and records what the screen showed at each. */
async function watch(ms: number, step = 50) {
  const windows: string[] = [];
  const counters: string[] = [];
  const balances: string[] = [];
  /** Windows (`w:`) and balances (`b:`) in the order they appeared. */
  const timeline: string[] = [];
  for (let t = 0; t < ms; t += step) {
    await advance(step);
    const window = shownWindow();
    if (window) {
      const text = JSON.stringify(window);
      if (windows[windows.length - 1] !== text) {
        windows.push(text);
        timeline.push(`w:${text}`);
      }
    }
    const counter = document.querySelector('[data-testid="slot-free"]')?.textContent;
    if (counter && counters[counters.length - 1] !== counter) counters.push(counter);
    const balance = balanceText();
    if (balances[balances.length - 1] !== balance) {
      balances.push(balance);
      timeline.push(`b:${balance}`);
    }
  }
  return { windows, counters, balances, timeline };
}

describe('planRound', () => {
  it('shows every spin of a round with free games in order, counts them and totals them', () => {
    const definition = game('jade-lotus');
    const round = findRound(definition, definition.betLevels[0]!, hasFreeGames);
    const beats = planRound(round);
    const spins = beats.filter((b) => b.type === 'spin');
    expect(spins.map((b) => b.spinIndex)).toEqual(round.spins.map((_, i) => i));
    const awarded = round.spins.reduce((sum, s) => sum + s.freeSpinsAwarded, 0);
    const frees = spins.filter((b) => b.free);
    expect(frees.map((b) => b.free!.index)).toEqual(frees.map((_, i) => i + 1));
    expect(frees[frees.length - 1]!.free!.total).toBeLessThanOrEqual(awarded);
    expect(beats.find((b) => b.type === 'freeIntro')).toEqual({
      type: 'freeIntro',
      count: round.spins[0]!.freeSpinsAwarded,
    });
    const freeTotal = beats.find((b) => b.type === 'freeTotal');
    const freeSum = round.spins.slice(1).reduce((sum, s) => sum + s.amount, 0);
    expect(freeTotal).toEqual({ type: 'freeTotal', amount: freeSum, played: round.spins.length - 1 });
    expect(beats[beats.length - 1]).toEqual({ type: 'end', totalWin: round.totalWin });
    // Each spin with wins has its wins beat right after it, with the round's running total.
    let running = 0;
    for (const [i, beat] of beats.entries()) {
      if (beat.type !== 'spin' || beat.spin.amount === 0) continue;
      running += beat.spin.amount;
      expect(beats[i + 1]).toMatchObject({ type: 'wins', spinIndex: beat.spinIndex, roundWin: running });
    }
  });

  it('celebrates a round of 10 bets or more, and not less', () => {
    const definition = game('tiger-fortune');
    const bet = definition.betLevels[0]!;
    const big = findRound(definition, bet, (r) => r.totalWin >= 10 * bet);
    expect(planRound(big).some((b) => b.type === 'bigWin')).toBe(true);
    const small = findRound(definition, bet, (r) => r.totalWin > 0 && r.totalWin < 10 * bet);
    expect(planRound(small).some((b) => b.type === 'bigWin')).toBe(false);
  });
});

describe('the slot screen', () => {
  it('plays a round with free games spin by spin and shows the balance only at the end', async () => {
    const definition = game('jade-lotus');
    const bet = definition.betLevels[0]!;
    const round = findRound(definition, bet, hasFreeGames);
    const start = 100_000;
    const after = start - bet + round.totalWin;
    answers = {
      session: () => sessionFor(definition, start),
      spin: () => ({ status: 200, body: spinAnswer(definition, round, after) }),
    };
    await renderGame('jade-lotus');
    expect(balanceText()).toBe(formatWon(start, 'en'));

    fireEvent.click(spinButton());
    const seen = await watch(180_000);

    expect(requests.filter((r) => r.action === 'spin')).toEqual([
      { action: 'spin', body: { bet, token: 'tok', game: 'jade-lotus' } },
    ]);
    // Every spin's window was shown, in the order of the round.
    const expected = round.spins.map((s) => JSON.stringify(s.window));
    const order = expected.map((w) => seen.windows.indexOf(w));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The free-game counter went through every free game.
    const free = round.spins.length - 1;
    for (let n = 1; n <= free; n++) expect(seen.counters.some((c) => c.includes(`${n} of `))).toBe(true);
    // The balance: the stake goes as the reels run, the win only once the show is over.
    expect(seen.balances).toEqual([formatWon(start - bet, 'en'), formatWon(after, 'en')]);
    const lastWindow = seen.timeline.lastIndexOf(`w:${expected[expected.length - 1]}`);
    expect(seen.timeline.indexOf(`b:${formatWon(after, 'en')}`)).toBeGreaterThan(lastWindow);
    expect(screen.getByTestId('slot-win').textContent).toBe(formatWon(round.totalWin, 'en'));
    expect(spinButton()).toBeTruthy();
  });

  it('hurries a round when spin is pressed again, still showing every spin', async () => {
    const definition = game('tiger-fortune');
    const bet = definition.betLevels[0]!;
    const round = findRound(definition, bet, hasFreeGames);
    const after = 100_000 - bet + round.totalWin;
    const timeToEnd = async (hurry: boolean) => {
      answers = {
        session: () => sessionFor(definition, 100_000),
        spin: () => ({ status: 200, body: spinAnswer(definition, round, after) }),
      };
      await renderGame('tiger-fortune');
      fireEvent.click(spinButton());
      await advance(100);
      if (hurry) fireEvent.keyDown(document.body, { key: ' ' });
      let ms = 100;
      const windows: string[] = [];
      while (balanceText() !== formatWon(after, 'en') && ms < 300_000) {
        await advance(30);
        ms += 30;
        const window = shownWindow();
        if (window && windows[windows.length - 1] !== JSON.stringify(window))
          windows.push(JSON.stringify(window));
      }
      cleanup();
      return { ms, windows };
    };
    const normal = await timeToEnd(false);
    const hurried = await timeToEnd(true);
    expect(hurried.ms).toBeLessThan(normal.ms / 3);
    for (const spin of round.spins) expect(hurried.windows).toContain(JSON.stringify(spin.window));
    // Only the one spin was asked for: pressing again hurried it rather than spinning again.
    expect(requests.filter((r) => r.action === 'spin')).toHaveLength(2);
  });

  it('plays a whole round with reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('reduce'),
      addEventListener() {},
      removeEventListener() {},
    }));
    const definition = game('dragon-pearl');
    const bet = definition.betLevels[0]!;
    const round = findRound(definition, bet, hasFreeGames);
    const after = 100_000 - bet + round.totalWin;
    answers = {
      session: () => sessionFor(definition, 100_000),
      spin: () => ({ status: 200, body: spinAnswer(definition, round, after) }),
    };
    await renderGame('dragon-pearl');
    fireEvent.click(spinButton());
    const seen = await watch(120_000);
    for (const spin of round.spins) expect(seen.windows).toContain(JSON.stringify(spin.window));
    expect(balanceText()).toBe(formatWon(after, 'en'));
  });

  it('spins with Space and Enter at the chosen bet, and a tap on the reels', async () => {
    const definition = game('tiger-fortune');
    const loss = findRound(definition, definition.betLevels[1]!, isLoss);
    answers = {
      session: () => sessionFor(definition, 50_000),
      spin: (body) => ({
        status: 200,
        body: spinAnswer(definition, { ...loss, bet: Number(body.bet) }, 49_000),
      }),
    };
    await renderGame('tiger-fortune');
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bet' }));
    expect(screen.getByText(formatWon(definition.betLevels[1]!, 'en'))).toBeTruthy();

    fireEvent.keyDown(document.body, { key: ' ' });
    await watch(8_000);
    fireEvent.keyDown(document.body, { key: 'Enter' });
    await watch(8_000);
    fireEvent.click(document.querySelector('.slot-window')!);
    await watch(8_000);
    const spins = requests.filter((r) => r.action === 'spin');
    expect(spins.map((r) => r.body.bet)).toEqual([
      definition.betLevels[1],
      definition.betLevels[1],
      definition.betLevels[1],
    ]);
  });

  it('says why a spin was refused, in the member language', async () => {
    const definition = game('dragon-pearl');
    let code = 'not_enough_money';
    answers = {
      session: () => sessionFor(definition, 100),
      spin: () => ({ status: 200, body: { status: 'refused', code, balance: 100 } }),
    };
    await renderGame('dragon-pearl');
    fireEvent.click(spinButton());
    await watch(3_000);
    expect(screen.getByRole('alert').textContent).toMatch(/balance is too low/);

    code = 'invalid_token';
    fireEvent.click(spinButton());
    await watch(3_000);
    expect(screen.getByRole('alert').textContent).toMatch(/launch the game again from the portal/);

    // Player protection (docs/protection.md): the wallet refused the stake, the balance stays.
    code = 'limit_exceeded';
    fireEvent.click(spinButton());
    await watch(3_000);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Loss limit reached: .*Responsible gaming page\.$/,
    );
    expect(screen.getByText(formatWon(100, 'en'))).toBeTruthy();

    code = 'user_disabled';
    fireEvent.click(spinButton());
    await watch(3_000);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^Your account is on a break \(a time-out or self-exclusion\)/,
    );
    expect(screen.getByText(formatWon(100, 'en'))).toBeTruthy();
  });

  it('stops autoplay when the reality check comes', async () => {
    await startAutoplayOfLosses();
    act(() => interruptPlay());
    await watch(20_000, 100);
    expect(requests.filter((r) => r.action === 'spin')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Stop autoplay' })).toBeNull();
  });

  it('autoplays the chosen number of spins, and stops at a refusal', async () => {
    const definition = game('jade-lotus');
    const bet = definition.betLevels[0]!;
    const loss = findRound(definition, bet, isLoss);
    let refuseFrom = Infinity;
    answers = {
      session: () => sessionFor(definition, 100_000),
      spin: () =>
        requests.filter((r) => r.action === 'spin').length >= refuseFrom
          ? { status: 200, body: { status: 'refused', code: 'not_enough_money' } }
          : { status: 200, body: spinAnswer(definition, loss, 99_000) },
    };
    await renderGame('jade-lotus');

    fireEvent.click(screen.getByRole('button', { name: 'Autoplay' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('10'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start 10 spins' }));
    await watch(60_000, 100);
    expect(requests.filter((r) => r.action === 'spin')).toHaveLength(10);
    expect(screen.queryByRole('button', { name: 'Stop autoplay' })).toBeNull();

    requests = [];
    refuseFrom = 3;
    fireEvent.click(screen.getByRole('button', { name: 'Autoplay' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByLabelText('25'));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Start 25 spins' }));
    await watch(60_000, 100);
    expect(requests.filter((r) => r.action === 'spin')).toHaveLength(3);
    expect(screen.getByRole('alert').textContent).toMatch(/balance is too low/);
  });

  it('stops autoplay when asked, after the round in play', async () => {
    await startAutoplayOfLosses();
    fireEvent.click(screen.getAllByRole('button', { name: 'Stop autoplay' })[0]!);
    await watch(20_000, 100);
    expect(requests.filter((r) => r.action === 'spin')).toHaveLength(1);
  });

  it('turbo plays the same round faster', async () => {
    const definition = game('tiger-fortune');
    const bet = definition.betLevels[0]!;
    const round = findRound(definition, bet, (r) => r.spins.length === 1 && r.spins[0]!.wins.length >= 2);
    const timeToEnd = async (turbo: boolean) => {
      answers = {
        session: () => sessionFor(definition, 100_000),
        spin: () => ({ status: 200, body: spinAnswer(definition, round, 100_000 - bet + round.totalWin) }),
      };
      await renderGame('tiger-fortune');
      if (turbo) fireEvent.click(screen.getByRole('button', { name: 'Turbo' }));
      fireEvent.click(spinButton());
      let ms = 0;
      while (balanceText() !== formatWon(100_000 - bet + round.totalWin, 'en') && ms < 60_000) {
        await advance(50);
        ms += 50;
      }
      cleanup();
      return ms;
    };
    const normal = await timeToEnd(false);
    const fast = await timeToEnd(true);
    expect(fast).toBeLessThan(normal * 0.7);
  });

  it('shows every symbol pays from the definition at the current bet in the paytable', async () => {
    const definition = game('tiger-fortune');
    answers = { session: () => sessionFor(definition, 100_000) };
    await renderGame('tiger-fortune');
    fireEvent.click(screen.getByRole('button', { name: 'Raise the bet' }));
    const bet = definition.betLevels[1]!;
    fireEvent.click(screen.getByRole('button', { name: 'Paytable and rules' }));
    const dialog = screen.getByRole('dialog');
    const lineBet = bet / definition.betDivisor;
    for (const [symbol, pays] of Object.entries(definition.paytable)) {
      const card = dialog.querySelector(`.slot-pt-card[data-symbol="${symbol}"]`)!;
      expect(card, symbol).not.toBeNull();
      for (const n of [3, 4, 5] as const)
        expect(card.querySelector(`[data-count="${n}"]`)!.textContent).toBe(
          formatWon(pays[n - 3]! * lineBet, 'en'),
        );
      expect(symbolPays(definition, symbol, bet)).toEqual(pays.map((p) => p * lineBet));
    }
    const scatter = dialog.querySelector(`.slot-pt-rule[data-symbol="${definition.scatter}"]`)!;
    expect(scatter.querySelector('[data-count="5"]')!.textContent).toBe(
      formatWon(definition.scatterPays[2] * bet, 'en'),
    );
    // Every payline is drawn.
    expect(dialog.querySelectorAll('.slot-pt-line')).toHaveLength(definition.lines.length);
    expect(within(dialog).getByText(`${definition.lines.length} paylines`)).toBeTruthy();
  });

  it('explains 243 ways for a ways game', async () => {
    const definition = game('dragon-pearl');
    answers = { session: () => sessionFor(definition, 100_000) };
    await renderGame('dragon-pearl');
    fireEvent.click(screen.getByRole('button', { name: 'Paytable and rules' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getAllByText('243 ways').length).toBeGreaterThan(0);
    expect(dialog.querySelectorAll('.slot-pt-line')).toHaveLength(0);
    const wayBet = definition.betLevels[0]! / definition.betDivisor;
    const h1 = dialog.querySelector('.slot-pt-card[data-symbol="H1"] [data-count="5"]')!;
    expect(h1.textContent).toBe(formatWon(definition.paytable.H1![2] * wayBet, 'en'));
  });
});
