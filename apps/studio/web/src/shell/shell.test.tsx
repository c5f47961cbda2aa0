import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { BACCARAT_V1 } from '@casino/studio-engine/baccarat';
import { createI18n } from '../i18n/index.ts';
import { GameFrame, JackpotBanner, StudioProvider, formatWon, useStudio } from './index.ts';
import { stubStudioFetch, sessionAnswer, type TAnswers, type TStudioRequest } from '../test-studio.ts';

const hashA = 'aa'.repeat(32);
const hashB = 'bb'.repeat(32);
const seedA = '11'.repeat(32);

let answers: TAnswers;
let requests: TStudioRequest[];

beforeEach(() => {
  requests = [];
  answers = {
    session: () =>
      sessionAnswer({
        balance: 1_234_500,
        kind: 'baccarat',
        definition: BACCARAT_V1,
        fairness: { serverSeedHash: hashA, clientSeed: 'first', nonce: 3 },
      }),
    'client-seed': (body) => ({
      status: 200,
      body: { status: 'success', fairness: { serverSeedHash: hashA, clientSeed: body.clientSeed, nonce: 0 } },
    }),
    rotate: () => ({
      status: 200,
      body: {
        status: 'success',
        revealed: { serverSeed: seedA, serverSeedHash: hashA, clientSeed: 'lucky-7', rounds: 3 },
        fairness: { serverSeedHash: hashB, clientSeed: 'lucky-7', nonce: 0 },
      },
    }),
    rounds: () => ({
      status: 200,
      body: {
        status: 'success',
        next: null,
        rounds: [
          {
            roundId: 'r9',
            game: 'baccarat',
            at: '2025-03-01T12:00:00.000Z',
            bet: 10_000,
            win: 19_500,
            state: 'settled',
            serverSeedHash: hashA,
            serverSeed: seedA,
            clientSeed: 'first',
            nonce: 2,
            input: { bets: { banker: 10_000 } },
            outcome: { hand: {}, settlement: {} },
            jackpots: [],
          },
        ],
      },
    }),
  };
  stubStudioFetch(
    () => answers,
    (request) => requests.push(request),
  );
});

function Jackpot() {
  const { setBalance } = useStudio();
  return (
    <button type="button" onClick={() => setBalance(0)}>
      reset
    </button>
  );
}

function renderFrame(lang: 'en' | 'ko' = 'en', children: React.ReactNode = <Jackpot />) {
  return render(
    <I18nextProvider i18n={createI18n(lang)}>
      <StudioProvider launch={{ token: 'tok', game: 'baccarat', lang }}>
        <GameFrame title="Baccarat">{children}</GameFrame>
      </StudioProvider>
    </I18nextProvider>,
  );
}

describe('formatWon', () => {
  it('reads as members expect in each language', () => {
    expect(formatWon(1_234_500, 'ko')).toBe('1,234,500원');
    expect(formatWon(1_234_500, 'en')).toBe('₩1,234,500');
    expect(formatWon(-5_000, 'ko')).toBe('-5,000원');
    expect(formatWon(1_234_500, 'vn')).toBe('₩1.234.500');
  });
});

describe('the game frame', () => {
  it('shows the balance from the session and the title', async () => {
    renderFrame('ko');
    expect(await screen.findByText('1,234,500원')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Baccarat' })).toBeTruthy();
    expect(screen.getByText('보유머니')).toBeTruthy();
  });

  it('toggles the sound and remembers it', async () => {
    renderFrame();
    const button = await screen.findByRole('button', { name: /Sound/ });
    const before = button.getAttribute('aria-pressed');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).not.toBe(before);
    expect(localStorage.getItem('studio.muted')).toBe(before === 'true' ? '0' : '1');
    fireEvent.click(button);
  });

  it('opens the fairness dialog: seeds, a new client seed, rotation and the recent rounds', async () => {
    renderFrame();
    const open = await screen.findByRole('button', { name: 'Provably fair' });
    open.focus();
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Provably fair' });
    expect(within(dialog).getByText(hashA)).toBeTruthy();
    expect(within(dialog).getByText('3')).toBeTruthy();

    // A recorded round, with a link that opens it on the verify page.
    const link = await within(dialog).findByRole('link', { name: 'Verify' });
    const query = new URL(link.getAttribute('href')!, 'http://x').searchParams;
    expect(query.get('serverSeed')).toBe(seedA);
    expect(query.get('nonce')).toBe('2');
    expect(JSON.parse(query.get('input')!)).toEqual({ bets: { banker: 10_000 } });
    expect(within(dialog).getByText('₩19,500')).toBeTruthy();

    // An invalid seed is refused in the page, a valid one is sent.
    const field = within(dialog).getByLabelText('New client seed');
    fireEvent.change(field, { target: { value: 'has space' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    expect(within(dialog).getByRole('alert').textContent).toMatch(/without spaces/);
    fireEvent.change(field, { target: { value: 'lucky-7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change' }));
    await within(dialog).findByText('Your client seed was changed.');
    expect(requests.find((r) => r.action === 'client-seed')!.body).toEqual({
      token: 'tok',
      game: 'baccarat',
      clientSeed: 'lucky-7',
    });
    expect(within(dialog).getAllByText('lucky-7').length).toBeGreaterThan(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Reveal and replace the server seed' }));
    expect(await within(dialog).findByText(seedA)).toBeTruthy();
    // The new commitment replaces the old one.
    await waitFor(() => expect(within(dialog).getByText(hashB)).toBeTruthy());

    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('celebrates a jackpot hit with its tier and amount', async () => {
    const onClose = vi.fn();
    renderFrame(
      'en',
      <JackpotBanner hits={[{ tier: 'MAJOR', amount: 2_500_000 }]} lang="en" onClose={onClose} />,
    );
    const banner = await screen.findByRole('alertdialog', { name: 'MAJOR jackpot' });
    expect(within(banner).getByText('MAJOR jackpot won: ₩2,500,000')).toBeTruthy();
    fireEvent.click(banner);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
