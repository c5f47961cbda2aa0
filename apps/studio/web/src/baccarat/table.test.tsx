import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { dealBaccarat, BACCARAT_V1, newShoe, settleBaccarat } from '@casino/studio-engine/baccarat';
import { createFairStream, nobleHmacSha256 } from '@casino/studio-engine/fair';
import { createI18n } from '../i18n/index.ts';
import { StudioProvider } from '../shell/index.ts';
import { BaccaratTable } from './index.tsx';
import { sessionAnswer, stubStudioFetch, type TAnswers, type TStudioRequest } from '../test-studio.ts';

const fairness = { serverSeedHash: 'ab'.repeat(32), clientSeed: 'seed', nonce: 4 };

function session(balance: number) {
  return sessionAnswer({
    balance,
    kind: 'baccarat',
    definition: { ...BACCARAT_V1, shoe: { cardsLeft: 410, newShoeNext: false, history: ['P', 'B', 'B'] } },
    fairness,
  });
}

let answers: TAnswers;
let requests: TStudioRequest[];

beforeEach(() => {
  requests = [];
  // Reduced motion: the deal shows its cards at once, so the test does not wait for the animation.
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('reduce'),
    addEventListener() {},
    removeEventListener() {},
  }));
  stubStudioFetch(
    () => answers,
    (request) => requests.push(request),
  );
});

function renderTable(lang: 'en' | 'ko' = 'en') {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StudioProvider launch={{ token: 'tok', game: 'baccarat', lang }}>
        <BaccaratTable />
      </StudioProvider>
    </I18nextProvider>,
  );
}

describe('the baccarat table', () => {
  it('opens the session, stakes chips, deals and settles', async () => {
    const { hand } = dealBaccarat(
      newShoe(BACCARAT_V1),
      createFairStream(nobleHmacSha256, { serverSeed: 'cd'.repeat(32), clientSeed: 'seed', nonce: 4 }),
    );
    const bets = { player: 15_000 };
    const settlement = settleBaccarat(hand, bets, BACCARAT_V1);
    answers = {
      session: () => session(100_000),
      deal: () => ({
        status: 200,
        body: {
          status: 'success',
          balance: 100_000 - settlement.totalBet + settlement.totalReturn,
          round: {
            roundId: 'r1',
            game: 'baccarat',
            at: new Date().toISOString(),
            bet: settlement.totalBet,
            win: settlement.totalReturn,
            state: 'settled',
            serverSeedHash: fairness.serverSeedHash,
            serverSeed: null,
            clientSeed: 'seed',
            nonce: 4,
            input: { bets, shoe: newShoe(BACCARAT_V1) },
            outcome: { hand, settlement },
            jackpots: [],
          },
          shoe: {
            cardsLeft: 410 - hand.player.length - hand.banker.length,
            newShoeNext: false,
            history: ['P', 'B', 'B', hand.outcome === 'player' ? 'P' : hand.outcome === 'banker' ? 'B' : 'T'],
          },
          fairness: { ...fairness, nonce: 5 },
        },
      }),
    };
    renderTable();
    expect(await screen.findByText('₩100,000')).toBeTruthy();
    expect(screen.getByText('410 cards left')).toBeTruthy();
    expect(requests[0]).toEqual({ action: 'session', body: { token: 'tok', game: 'baccarat' } });

    fireEvent.click(screen.getByRole('radio', { name: /₩10,000 chip/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Player, pays 1:1/ }));
    fireEvent.click(screen.getByRole('radio', { name: /₩5,000 chip/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Player, pays 1:1/ }));
    const controls = screen.getByRole('region', { name: 'Chips and betting buttons' });
    expect(within(controls).getByText('₩15,000')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Deal' }));
    await waitFor(() => expect(requests.map((r) => r.action)).toContain('deal'));
    expect(requests.find((r) => r.action === 'deal')!.body).toEqual({ token: 'tok', game: 'baccarat', bets });

    const outcome = { player: 'Player wins', banker: 'Banker wins', tie: 'Tie' }[hand.outcome];
    const message = await screen.findByText((text) => text.startsWith(`${outcome} · `), {
      selector: '.bc-message',
    });
    expect(message.textContent).toContain(
      settlement.totalReturn > 0
        ? `You win ₩${settlement.totalReturn.toLocaleString('en-US')}`
        : 'No win this round',
    );
    expect(document.querySelectorAll('.bc-hand .bc-tag--win, .bc-hand .bc-tag--tie').length).toBe(
      hand.outcome === 'tie' ? 2 : 1,
    );
    const balance = 100_000 - settlement.totalBet + settlement.totalReturn;
    expect(
      screen.getByText(`₩${balance.toLocaleString('en-US')}`, { selector: '.st-balance__value' }),
    ).toBeTruthy();
    // Every dealt card is drawn, in the hands.
    expect(document.querySelectorAll('.bc-card').length).toBe(hand.player.length + hand.banker.length);
    // The roads took the new coup.
    expect(document.querySelectorAll('.bc-bead').length).toBe(4);
    // Deal again after the result: the same stakes, in one press.
    fireEvent.click(screen.getByRole('button', { name: 'Deal' }));
    await waitFor(() => expect(requests.filter((r) => r.action === 'deal')).toHaveLength(2));
    expect(requests.filter((r) => r.action === 'deal')[1]!.body).toEqual({
      token: 'tok',
      game: 'baccarat',
      bets,
    });
  });

  it('shows a refusal in the member language and takes the balance it carries', async () => {
    answers = {
      session: () => session(50_000),
      deal: () => ({ status: 200, body: { status: 'refused', code: 'not_enough_money', balance: 3_000 } }),
    };
    renderTable();
    await screen.findByText('₩50,000');
    fireEvent.click(screen.getByRole('button', { name: /^Banker, pays 0.95:1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Deal' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/balance is too low/);
    expect(screen.getByText('₩3,000', { selector: '.st-balance__value' })).toBeTruthy();
  });

  it('says a loss limit or a break stopped the coup, in the member language, and keeps the balance', async () => {
    let code = 'limit_exceeded';
    answers = {
      session: () => session(50_000),
      deal: () => ({ status: 200, body: { status: 'refused', code, balance: 50_000 } }),
    };
    renderTable('ko');
    await screen.findByText('50,000원');
    fireEvent.click(screen.getByRole('button', { name: /^뱅커, 배당/ }));
    fireEvent.click(screen.getByRole('button', { name: '딜' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "손실 한도에 도달했습니다. 이 베팅은 회원님이 정한 손실 한도를 넘게 되어 진행되지 않았으며, 보유머니는 차감되지 않았습니다. 한도는 사이트의 '건전한 게임 이용' 페이지에서 확인하고 변경할 수 있습니다.",
    );
    expect(screen.getByText('50,000원', { selector: '.st-balance__value' })).toBeTruthy();

    code = 'user_disabled';
    fireEvent.click(screen.getByRole('button', { name: '딜' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch(/이용 일시 중지 또는 자기 이용 제한/),
    );
    expect(screen.getByText('50,000원', { selector: '.st-balance__value' })).toBeTruthy();
  });

  it('refuses a stake above the spot maximum before asking the server', async () => {
    answers = { session: () => session(10_000_000) };
    renderTable();
    await screen.findByText('₩10,000,000');
    fireEvent.click(screen.getByRole('radio', { name: /₩100,000 chip/ }));
    const pair = screen.getByRole('button', { name: /^Player pair/ });
    fireEvent.click(pair);
    fireEvent.click(pair);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The most you can bet on Player pair is ₩100,000.',
    );
  });

  it('asks the member to launch again when the token is not valid', async () => {
    answers = { session: () => ({ status: 401, body: { status: 'error', code: 'invalid_token' } }) };
    renderTable();
    expect(await screen.findByText('Your game session has ended')).toBeTruthy();
    expect(screen.getByText(/launch the game again from the portal/)).toBeTruthy();
  });
});
