import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { makeChain } from '@casino/studio-engine/mini/chain';
import { drawMini } from '@casino/studio-engine/mini/draw';
import { sha256Hex } from '@casino/studio-engine/fair';
import { createI18n } from '../i18n/index.ts';
import { verifyMiniRound } from './mini-compute.ts';
import { MiniVerify } from './mini-verify.tsx';

// A real chain of 5 seeds: round 11 is its first round, so round 11 links to the terminal hash.
const chain = makeChain('5e'.repeat(32), 5);
const FIRST = 11;
const seedOf = (round: number) => chain.seeds[round - FIRST]!;

describe('verifyMiniRound', () => {
  it('verifies a round of a real chain: the seed hashes to the previous one and the draw matches', () => {
    const seed = seedOf(13);
    const result = drawMini('powerball', 13, seed);
    const answer = verifyMiniRound({
      game: 'powerball',
      round: '13',
      seed,
      previous: seedOf(12),
      result: JSON.stringify(result),
    });
    expect(answer.ok && answer.result.linked).toBe(true);
    expect(answer.ok && answer.result.resultMatches).toBe(true);
    expect(answer.ok && answer.result.seedHash).toBe(sha256Hex(seed));
  });

  it('links a chain’s first round to the published terminal hash', () => {
    const answer = verifyMiniRound({
      game: 'ladder',
      round: String(FIRST),
      seed: seedOf(FIRST),
      previous: chain.terminalHash,
      result: '',
    });
    expect(answer.ok && answer.result.linked).toBe(true);
    expect(answer.ok && answer.result.resultMatches).toBeNull();
  });

  it('catches a changed result, a seed from elsewhere and another round number', () => {
    const seed = seedOf(12);
    const real = drawMini('ladder', 12, seed) as { start: string; rungs: number; finish: string };
    const changed = {
      ...real,
      rungs: real.rungs === 3 ? 4 : 3,
      finish: real.finish === 'odd' ? 'even' : 'odd',
    };
    const a = verifyMiniRound({
      game: 'ladder',
      round: '12',
      seed,
      previous: seedOf(11),
      result: JSON.stringify(changed),
    });
    expect(a.ok && a.result.resultMatches).toBe(false);
    const b = verifyMiniRound({
      game: 'ladder',
      round: '12',
      seed: 'ff'.repeat(32),
      previous: seedOf(11),
      result: '',
    });
    expect(b.ok && b.result.linked).toBe(false);
    // The same seed drawn as another round gives another stream: the first block differs.
    const c = verifyMiniRound({ game: 'ladder', round: '13', seed, previous: '', result: '' });
    const d = verifyMiniRound({ game: 'ladder', round: '12', seed, previous: '', result: '' });
    expect(c.ok && d.ok && c.result.firstBlock !== d.result.firstBlock).toBe(true);
  });

  it('refuses malformed input by name', () => {
    const base = { game: 'powerball' as const, round: '3', seed: 'ab'.repeat(32), previous: '', result: '' };
    expect(verifyMiniRound({ ...base, round: '0' })).toEqual({ ok: false, problem: 'round' });
    expect(verifyMiniRound({ ...base, round: '1e3' })).toEqual({ ok: false, problem: 'round' });
    expect(verifyMiniRound({ ...base, seed: 'xyz' })).toEqual({ ok: false, problem: 'seed' });
    expect(verifyMiniRound({ ...base, previous: '12' })).toEqual({ ok: false, problem: 'previous' });
    expect(verifyMiniRound({ ...base, result: '{' })).toEqual({ ok: false, problem: 'result' });
  });
});

describe('the mini verify page', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', async (url: string) => {
      const u = new URL(url, 'http://studio.test');
      if (u.pathname.endsWith('/chain'))
        return new Response(
          JSON.stringify({
            game: 'powerball',
            terminalHash: chain.terminalHash,
            publishedAt: '2026-11-28T00:00:00.000Z',
            firstRound: FIRST,
          }),
        );
      const before = Number(u.searchParams.get('before'));
      const rounds = [before - 1, before - 2]
        .filter((r) => r >= FIRST)
        .map((round) => ({
          round,
          day: '2026-11-28',
          dayRound: round,
          closesAt: '',
          drawnAt: '',
          seed: seedOf(round),
          result: drawMini('powerball', round, seedOf(round)),
        }));
      return new Response(JSON.stringify({ game: 'powerball', rounds }));
    });
  });

  it('loads a round from the public rounds and verifies it in the browser', async () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <MiniVerify initial={{ game: 'powerball', round: '14', seed: '', previous: '', result: '' }} />
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Round 14 is verified' })).toBeTruthy();
    expect((screen.getByLabelText('Round seed (revealed at the draw)') as HTMLInputElement).value).toBe(
      seedOf(14),
    );
    expect(
      (screen.getByLabelText("Seed of the round before, or the chain's end hash") as HTMLInputElement).value,
    ).toBe(seedOf(13));
    // A changed published result fails the comparison.
    const published = screen.getByLabelText('Published result (JSON)');
    fireEvent.change(published, {
      target: { value: JSON.stringify({ balls: [1, 2, 3, 4, 5], powerball: 0 }) },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const result = await screen.findByRole('heading', { name: 'Result' });
    expect(
      within(result.parentElement!).getByText('The recomputed result differs from the published one.'),
    ).toBeTruthy();
  });
});
