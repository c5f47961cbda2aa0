import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JACKPOT_TIERS } from '@casino/contracts/games';
import { fakeServer, renderPage, settle } from '../../../test/fake-server.tsx';
import { JACKPOT_POLL_MS } from '../api/get-jackpot.ts';
import { JACKPOT_STRIP_TIERS, JackpotStrip } from './jackpot-strip.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function prefersReducedMotion(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('reduced-motion') ? matches : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

/** A server whose MEGA pool grows by 1,000,000 on every read. */
function growingPools() {
  let reads = 0;
  fakeServer({
    'get-jackpot': () => {
      reads += 1;
      return {
        status: 'success',
        jackpots: { MEGA: 10_000_000 + reads * 1_000_000, MAJOR: 1_000_000, MINOR: 100_000 },
        recent: [],
      };
    },
  });
}

const mega = () => document.querySelector('.jackpot-pool--mega .jackpot-pool__amount')?.textContent;

const POOLS = { MEGA: 12_345_678, MAJOR: 1_234_567, MINOR: 123_456 };

/** The strip over growing pools, with fake timers and animation frames, 50 ms after its first read. */
async function renderGrowingPools() {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'Date',
    ],
  });
  growingPools();
  renderPage('/', <JackpotStrip />);
  await act(async () => vi.advanceTimersByTimeAsync(50));
}

describe('the jackpot strip', () => {
  it('shows the three pools and the latest hit with the winner masked', async () => {
    fakeServer({
      'get-jackpot': () => ({
        status: 'success',
        jackpots: POOLS,
        recent: [{ tier: 'MAJOR', amount: 2_000_000, userId: 'ab***', at: '2026-11-24T10:00:00.000Z' }],
      }),
    });
    renderPage('/', <JackpotStrip />);
    await settle();
    expect(screen.getByText('12,345,678원')).toBeTruthy();
    expect(screen.getByText('1,234,567원')).toBeTruthy();
    expect(screen.getByText('123,456원')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('ab***님 MAJOR 잭팟 2,000,000원 당첨!');
  });

  it('invites to play while nobody has won yet, in the member language', async () => {
    fakeServer({ 'get-jackpot': () => ({ status: 'success', jackpots: POOLS, recent: [] }) });
    renderPage('/', <JackpotStrip />, {}, 'en');
    await settle();
    expect(screen.getByText('₩12,345,678')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Jackpot winners will appear here.');
  });

  it('keeps the tiers of the contracts, in their order', () => {
    expect(JACKPOT_STRIP_TIERS).toEqual(JACKPOT_TIERS);
  });

  it('counts a growing pool up between two reads', async () => {
    prefersReducedMotion(false);
    await renderGrowingPools();
    expect(mega()).toBe('11,000,000원');
    // The next read (12,000,000) comes after the poll interval; halfway through the count after it
    // the figure is between the two.
    await act(async () => vi.advanceTimersByTimeAsync(JACKPOT_POLL_MS + JACKPOT_POLL_MS / 2));
    const halfway = Number(mega()!.replace(/\D/g, ''));
    expect(halfway).toBeGreaterThan(11_000_000);
    expect(halfway).toBeLessThan(12_000_000);
    await act(async () => vi.advanceTimersByTimeAsync(JACKPOT_POLL_MS / 2 - 100));
    expect(Number(mega()!.replace(/\D/g, ''))).toBeGreaterThan(halfway);
  });

  it('shows each new figure at once for a visitor who prefers reduced motion', async () => {
    prefersReducedMotion(true);
    await renderGrowingPools();
    expect(mega()).toBe('11,000,000원');
    await act(async () => vi.advanceTimersByTimeAsync(JACKPOT_POLL_MS + 50));
    expect(mega()).toBe('12,000,000원');
  });
});
