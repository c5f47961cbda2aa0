import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelCard } from './components/level-card.tsx';
import { fakeServer, renderPage, settle } from '../../test/fake-server.tsx';

// My page's level (`get-my-level`, docs/api/levels.md).

describe("my page's level", () => {
  it('shows the level, its benefits and what the next level needs', async () => {
    fakeServer({
      'get-my-level': () => ({
        status: 'success',
        current: {
          level: 2,
          name: '실버',
          compRates: { casino: 50, slot: 150, mini: 0 },
          withdrawDailyLimit: 3_000_000,
          depositBonus: [{ id: 'every-5-20000-2', kind: 'every', percent: 5, cap: 20_000, rollover: 2 }],
        },
        totals: { stakes: 1_000_000, deposits: 250_000 },
        next: {
          level: 3,
          name: '골드',
          compRates: { casino: 80, slot: 200, mini: 50 },
          withdrawDailyLimit: null,
          depositBonus: [],
          threshold: { stakes: null, deposits: 500_000 },
        },
      }),
    });
    renderPage('/user', <LevelCard />);
    await settle();
    const card = screen.getByRole('region', { name: '회원 등급' });
    expect(card.textContent).toContain('Lv.2');
    expect(card.textContent).toContain('실버');
    expect(card.textContent).toContain('카지노 0.5% · 슬롯 1.5% · 미니게임 0%');
    expect(card.textContent).toContain('3,000,000원');
    expect(card.textContent).toContain('매충 5% (최대 20,000원, 롤링 2배)');
    expect(card.textContent).toContain('다음 등급: Lv.3 골드');
    expect(card.textContent).toContain('250,000원 / 500,000원');
    expect(card.textContent).not.toContain('누적 베팅');
  });

  it('names a level still called as its badge once, and lists each bonus option on its own line', async () => {
    fakeServer({
      'get-my-level': () => ({
        status: 'success',
        current: {
          level: 1,
          name: 'Lv.1',
          compRates: { casino: 50, slot: 100, mini: 0 },
          withdrawDailyLimit: null,
          depositBonus: [
            { id: 'first-10-100000-3', kind: 'first', percent: 10, cap: 100_000, rollover: 3 },
            { id: 'every-5-50000-2', kind: 'every', percent: 5, cap: 50_000, rollover: 2 },
          ],
        },
        totals: { stakes: 0, deposits: 0 },
        next: null,
      }),
    });
    renderPage('/user', <LevelCard />);
    await settle();
    const card = screen.getByRole('region', { name: '회원 등급' });
    expect(card.textContent?.match(/Lv\.1/g)).toHaveLength(1);
    const options = [...card.querySelectorAll('.level-card__option')].map((o) => o.textContent);
    expect(options).toEqual(['첫충 10% (최대 100,000원, 롤링 3배)', '매충 5% (최대 50,000원, 롤링 2배)']);
  });
});
