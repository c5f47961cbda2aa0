import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage, settle } from '../../../test/fake-server.tsx';
import { JackpotStrip } from './jackpot-strip.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const POOLS = { MEGA: 12_345_678, MAJOR: 1_234_567, MINOR: 123_456 };

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
});
