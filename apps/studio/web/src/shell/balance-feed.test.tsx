import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../i18n/index.ts';
import { stubStudioFetch, sessionAnswer, type TAnswers, type TStudioRequest } from '../test-studio.ts';
import { createBalanceFeed } from './balance-feed.ts';
import { parsePortalBalance } from './portal-link.ts';
import { StudioProvider, useStudio } from './studio.tsx';

// The game window's balance from the portal's event stream (decision 0022): at once between rounds,
// never before a round's animation shows its result.

function feedWithEffects(options: { maxRoundMs?: number } = {}) {
  const shown: number[] = [];
  const refreshes: number[] = [];
  let clock = 1_000;
  const feed = createBalanceFeed({
    show: (n) => shown.push(n),
    refresh: (ticket) => refreshes.push(ticket),
    now: () => clock,
    ...options,
  });
  return { feed, shown, refreshes, advance: (ms: number) => (clock += ms) };
}

describe('the balance feed', () => {
  it('shows a portal balance at once when no call or round is in flight', () => {
    const { feed, shown } = feedWithEffects();
    feed.portal(50_000);
    feed.portal(80_000);
    expect(shown).toEqual([50_000, 80_000]);
  });

  it('holds it during a call that moves no money, and shows the latest when it ends', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    const call = feed.begin();
    feed.portal(50_000);
    feed.portal(60_000);
    expect(shown).toEqual([]);
    call.end({ kind: 'no-money' });
    expect(shown).toEqual([60_000]);
    expect(refreshes).toEqual([]);
  });

  it('drops the round’s own result: nothing shows before the animation, nothing is asked again', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    feed.shown(100_000);
    const call = feed.begin();
    // The stream tells of the bet, then of the win, while the answer is on its way.
    feed.portal(90_000);
    call.end({ kind: 'round', balance: 125_000 });
    feed.portal(125_000);
    // The animation: the stake leaves, the reels run; the win shows at the end.
    feed.shown(90_000);
    expect(shown).toEqual([100_000, 90_000]);
    feed.shown(125_000);
    expect(shown).toEqual([100_000, 90_000, 125_000]);
    expect(refreshes).toEqual([]);
    expect(feed.isHolding()).toBe(false);
    // After the round, the stream shows at once again.
    feed.portal(200_000);
    expect(shown.at(-1)).toBe(200_000);
  });

  it('a different balance held through a round is asked afresh after its animation, and shown', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    const call = feed.begin();
    call.end({ kind: 'round', balance: 125_000 });
    // A deposit approved during the animation: the stream says 175,000.
    feed.portal(175_000);
    expect(shown).toEqual([]);
    feed.shown(125_000);
    expect(shown).toEqual([125_000]);
    expect(refreshes).toHaveLength(1);
    feed.refreshed(refreshes[0]!, 175_000);
    expect(shown).toEqual([125_000, 175_000]);
  });

  it('the bet alone held (the win’s event still on its way) is asked afresh, not shown', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    const call = feed.begin();
    feed.portal(90_000);
    call.end({ kind: 'round', balance: 125_000 });
    feed.shown(125_000);
    expect(shown).toEqual([125_000]);
    expect(refreshes).toHaveLength(1);
    feed.refreshed(refreshes[0]!, 125_000);
    expect(shown).toEqual([125_000, 125_000]);
  });

  it('drops a fresh answer when something newer showed, or a round is in flight again', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    let call = feed.begin();
    feed.portal(1);
    call.end({ kind: 'round', balance: 2 });
    feed.shown(2);
    // A newer portal balance showed while the fresh balance was asked: the answer is older.
    feed.portal(3);
    feed.refreshed(refreshes[0]!, 1);
    expect(shown).toEqual([2, 3]);

    call = feed.begin();
    feed.portal(4);
    call.end({ kind: 'failed' });
    expect(refreshes).toHaveLength(2);
    // The next round starts before the answer comes: it would tell of that round's bet.
    const next = feed.begin();
    feed.refreshed(refreshes[1]!, 5);
    expect(shown).toEqual([2, 3]);
    next.end({ kind: 'no-money' });
  });

  it('a failed call (the round may have happened) asks afresh instead of showing what it held', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    const call = feed.begin();
    feed.portal(7_000);
    call.end({ kind: 'failed' });
    expect(shown).toEqual([]);
    expect(refreshes).toHaveLength(1);
  });

  it('a round whose animation never reports its end stops holding after maxRoundMs', () => {
    const { feed, shown, advance } = feedWithEffects({ maxRoundMs: 60_000 });
    feed.begin().end({ kind: 'round', balance: 10 });
    feed.portal(20);
    expect(shown).toEqual([]);
    advance(60_001);
    feed.portal(30);
    expect(shown).toEqual([30]);
  });

  it('a losing round: the stake leaving (interim, equal to the result) does not end it; a credit waits for the end', () => {
    const { feed, shown, refreshes } = feedWithEffects();
    const call = feed.begin();
    call.end({ kind: 'round', balance: 99_800 });
    feed.shown(99_800, true); // the reels start: the stake leaves; the round won nothing
    feed.portal(100_800); // an operator's credit while the reels run
    expect(shown).toEqual([99_800]);
    feed.shown(99_800); // the animation ends on the settled balance
    expect(refreshes).toHaveLength(1);
    feed.refreshed(refreshes[0]!, 100_800);
    expect(shown).toEqual([99_800, 99_800, 100_800]);
  });

  it('ends a call once, however often it is told', () => {
    const { feed } = feedWithEffects();
    const call = feed.begin();
    call.end({ kind: 'no-money' });
    call.end({ kind: 'no-money' });
    expect(feed.isHolding()).toBe(false);
    const other = feed.begin();
    expect(feed.isHolding()).toBe(true);
    other.end({ kind: 'no-money' });
  });
});

describe('the portal’s balance message', () => {
  const message = { source: 'casino-portal', v: 1, type: 'balance', balance: 12_345 };
  it('takes exactly the balance message, a whole number of won', () => {
    expect(parsePortalBalance(message)).toBe(12_345);
    expect(parsePortalBalance({ ...message, balance: 0 })).toBe(0);
    const broken: unknown[] = [
      null,
      'balance',
      [message],
      { ...message, balance: -1 },
      { ...message, balance: 1.5 },
      { ...message, balance: '12345' },
      { ...message, balance: Number.MAX_SAFE_INTEGER + 1 },
      { ...message, type: 'reality-check' },
      { ...message, source: 'casino-game' },
      { ...message, v: 2 },
      { ...message, extra: 1 },
      { source: 'casino-portal', v: 1, type: 'balance' },
    ];
    for (const data of broken) expect(parsePortalBalance(data), JSON.stringify(data)).toBeNull();
  });
});

describe('the game window hears the portal', () => {
  const own = window.location.origin;
  let opener: { postMessage: ReturnType<typeof vi.fn>; closed: boolean };
  let answers: TAnswers;
  let requests: TStudioRequest[];
  let wallet: 'seamless' | 'transfer';

  beforeEach(() => {
    opener = { postMessage: vi.fn(), closed: false };
    Object.defineProperty(window, 'opener', { value: opener, configurable: true, writable: true });
    requests = [];
    wallet = 'seamless';
    answers = {
      session: () => sessionAnswer({ wallet }),
      spin: () => ({
        status: 200,
        body: {
          status: 'success',
          balance: 125_000,
          round: { roundId: 'r1', win: 35_000 },
          fairness: { serverSeedHash: 'aa'.repeat(32), clientSeed: 'c', nonce: 1 },
        },
      }),
    };
    stubStudioFetch(
      () => answers,
      (request) => requests.push(request),
    );
  });

  afterEach(() => {
    cleanup();
    Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true });
    vi.unstubAllGlobals();
  });

  let studio: ReturnType<typeof useStudio> | undefined;
  function Probe() {
    studio = useStudio();
    return <output aria-label="balance">{studio.balance}</output>;
  }

  async function renderWindow() {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <StudioProvider launch={{ token: 'tok', game: 'fruit-classic', lang: 'en' }}>
          <Probe />
        </StudioProvider>
      </I18nextProvider>,
    );
    await screen.findByText('100000');
  }

  function post(data: unknown, origin = own, source: unknown = opener) {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    });
  }
  const balance = (n: number) => ({ source: 'casino-portal', v: 1, type: 'balance', balance: n });
  const shownBalance = () => screen.getByLabelText('balance').textContent;

  it('shows the portal’s balance at once, only from the opener at an accepted origin', async () => {
    await renderWindow();
    post(balance(150_000), 'https://evil.example');
    post(balance(150_000), own, {} as Window);
    post({ ...balance(150_000), extra: true });
    expect(shownBalance()).toBe('100000');
    post(balance(150_000));
    expect(shownBalance()).toBe('150000');
  });

  it('in transfer mode the portal’s figure (the member’s cash) is not the game’s money: ignored', async () => {
    wallet = 'transfer';
    await renderWindow();
    post(balance(150_000));
    expect(shownBalance()).toBe('100000');
  });

  it('keeps a round’s result until its animation shows it, and drops the stream’s copy of it', async () => {
    await renderWindow();
    let answered!: Promise<unknown>;
    act(() => {
      answered = studio!.call('spin', { bet: 10_000 });
    });
    // The stream tells of the bet while the answer is on its way.
    post(balance(90_000));
    expect(shownBalance()).toBe('100000');
    await act(async () => {
      await answered;
    });
    // The answer came; the stream tells of the win; the reels still run.
    post(balance(125_000));
    expect(shownBalance()).toBe('100000');
    act(() => studio!.setBalance(90_000));
    expect(shownBalance()).toBe('90000');
    post(balance(125_000));
    expect(shownBalance()).toBe('90000');
    // The animation ends: the game shows the result; the held copy is its own, nothing is asked.
    act(() => studio!.setBalance(125_000));
    expect(shownBalance()).toBe('125000');
    expect(requests.filter((r) => r.action === 'session')).toHaveLength(1);
    post(balance(130_000));
    expect(shownBalance()).toBe('130000');
  });

  it('a refused round: the game puts back what it showed, then the balance the portal sent shows', async () => {
    answers.spin = () => ({ status: 200, body: { status: 'refused', code: 'not_enough_money' } });
    await renderWindow();
    // As the baccarat table does: the stakes leave the balance as the deal is asked.
    act(() => studio!.setBalance(90_000));
    let answered!: Promise<unknown>;
    act(() => {
      answered = studio!.call('spin', { bet: 10_000 });
    });
    post(balance(160_000));
    expect(shownBalance()).toBe('90000');
    await act(async () => {
      await answered;
      // The refusal: the table puts back the balance it showed before the deal.
      studio!.setBalance(100_000);
    });
    await screen.findByText('160000');
    expect(requests.filter((r) => r.action === 'session')).toHaveLength(1);
  });

  it('a change during the animation is asked from the studio afterwards and shown', async () => {
    await renderWindow();
    await act(async () => {
      await studio!.call('spin', { bet: 10_000 });
    });
    post(balance(175_000));
    answers.session = () => ({
      status: 200,
      body: { ...(answers.spin!({}).body as object), status: 'success', balance: 175_000 },
    });
    await act(async () => {
      studio!.setBalance(125_000);
      await Promise.resolve();
    });
    await screen.findByText('175000');
    expect(requests.filter((r) => r.action === 'session')).toHaveLength(2);
    expect(requests.at(-1)!.body).toEqual({ token: 'tok', game: 'fruit-classic' });
  });
});
