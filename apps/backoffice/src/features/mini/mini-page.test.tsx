import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeFetch, renderConsole, setUpConsoleTests } from '../../test/console.tsx';
import { MiniPage, rtpPercent, settingsPatch } from './mini-page.tsx';

setUpConsoleTests();

const OWNER = { role: 'owner' as const };

// Ladder's markets as the server answers them: 4 outcomes, a single market wins on 2, a pair on 1
// (odds bounds ceil(90 * 4 / wins) .. floor(99 * 4 / wins), default floor(97.5 * 4 / wins)).
const LADDER = [
  'left',
  'right',
  'three',
  'four',
  'odd',
  'even',
  'left-three',
  'left-four',
  'right-three',
  'right-four',
];
const markets = LADDER.map((code) => {
  const wins = code.includes('-') ? 1 : 2;
  return {
    code,
    odds: Math.floor(390 / wins),
    minOdds: Math.ceil(360 / wins),
    maxOdds: Math.floor(396 / wins),
    defaultOdds: Math.floor(390 / wins),
    wins,
    outcomes: 4,
    minBet: 1_000,
    maxBet: 1_000_000,
    maxExposure: 50_000_000,
  };
});
const SETTINGS = {
  status: 'success',
  game: 'ladder',
  cadenceMinutes: 3,
  cutoffSeconds: 30,
  maxRoundTotal: 3_000_000,
  markets,
};

const summary = (round: number, state: string) => ({
  round,
  day: '2026-11-28',
  dayRound: round - 1000,
  opensAt: '2026-11-28T03:00:00.000Z',
  closesAt: '2026-11-28T03:02:30.000Z',
  drawsAt: '2026-11-28T03:03:00.000Z',
  drawnAt: state === 'open' ? null : '2026-11-28T03:03:00.100Z',
  result: state === 'open' ? null : { start: 'left', rungs: 3, finish: 'even' },
  state,
  stakes: 250_000,
  wins: 95_000,
  slips: 3,
  members: 2,
});

type Req = { method: string; url: string; body: unknown };

function server(answers: Partial<Record<string, (req: Req) => unknown>> = {}) {
  const requests: Req[] = [];
  fakeFetch((url, init) => {
    const req = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : null };
    requests.push(req);
    const path = new URL(url, 'http://console.test').pathname;
    if (path.endsWith('/void')) return answers.void?.(req) ?? { status: 'success' };
    if (path.endsWith('/settings'))
      return req.method === 'PATCH' ? (answers.patch?.(req) ?? { status: 'success' }) : SETTINGS;
    if (/\/rounds\/\d+$/.test(path))
      return {
        status: 'success',
        round: { ...summary(1042, 'drawn'), voidedAt: null, voidedBy: null, voidReason: null },
        exposure: [
          { market: 'left', stakes: 100_000, payout: 195_000, maxExposure: 200_000, bets: 2 },
          { market: 'right-four', stakes: 150_000, payout: 555_000, maxExposure: 50_000_000, bets: 1 },
        ],
        bets: [
          {
            slipId: 's1',
            userId: 'kim01',
            market: 'left',
            amount: 50_000,
            odds: 195,
            state: 'won',
            win: 97_500,
            at: '2026-11-28T03:01:00.000Z',
          },
          {
            slipId: 's2',
            userId: 'lee02',
            market: 'right-four',
            amount: 150_000,
            odds: 370,
            state: 'lost',
            win: 0,
            at: '2026-11-28T03:01:10.000Z',
          },
        ],
        totalBets: 2,
      };
    return { status: 'success', rounds: [summary(1043, 'open'), summary(1042, 'drawn')], next: 1042 };
  });
  return requests;
}

describe('the Mini-games screen', () => {
  it("lists a game's rounds, opens one with its exposure and bets, and voids it after asking why", async () => {
    const requests = server();
    renderConsole(<MiniPage />, { path: '/mini?game=ladder', operator: OWNER });
    expect(await screen.findByText('Round 43 (#1043)')).toBeTruthy();
    expect(requests[0]!.url).toBe('/api/backoffice/mini/ladder/rounds?limit=30');
    const rows = screen.getAllByRole('row');
    expect(within(rows[1]!).getByText('Taking bets')).toBeTruthy();
    expect(within(rows[2]!).getByText('Start left · 3 rungs · even')).toBeTruthy();
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Open' }));
    const detail = await screen.findByRole('region', { name: 'Round 42 (#1042)' });
    // Exposure: the left market used 195,000 of its 200,000 cap.
    expect(within(detail).getByText('98%')).toBeTruthy();
    expect(within(detail).getAllByText('Right + 4 rungs')).toHaveLength(2); // exposure and bets
    expect(within(detail).getByText('kim01')).toBeTruthy();
    expect(within(detail).getByText('₩97,500')).toBeTruthy();

    fireEvent.click(within(detail).getByRole('button', { name: 'Void round' }));
    const dialog = await screen.findByRole('dialog', { name: 'Void round 42 (#1042)' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void and refund' }));
    expect(
      await within(dialog).findByText('Say why the round is voided (1 to 200 characters).'),
    ).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/void'))).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: '  draw feed stalled ' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Void and refund' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = requests.find((r) => r.url.endsWith('/void'))!;
    expect(sent.url).toBe('/api/backoffice/mini/ladder/rounds/1042/void');
    expect(sent.body).toEqual({ reason: 'draw feed stalled' });
  });

  it('says when the round was settled before the void', async () => {
    server({ void: () => ({ status: 'already' }) });
    renderConsole(<MiniPage />, { path: '/mini?game=ladder&round=1042', operator: OWNER });
    fireEvent.click(await screen.findByRole('button', { name: 'Void round' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), {
      target: { value: 'late' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void and refund' }));
    expect(await within(dialog).findByText('The round was settled or voided already.')).toBeTruthy();
  });

  it('saves only what changed, and refuses odds outside the RTP bounds before sending', async () => {
    const requests = server();
    renderConsole(<MiniPage />, { path: '/mini?game=ladder&tab=settings', operator: OWNER });
    const odds = await screen.findByLabelText('Left odds (hundredths)');
    const left = markets.find((m) => m.code === 'left')!;
    // RTP shown beside the odds: 1/2 * 1.95 = 97.50 %.
    expect(screen.getAllByText(`${rtpPercent(left, left.odds)}%`).length).toBeGreaterThan(0);
    fireEvent.change(odds, { target: { value: String(left.maxOdds + 1) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Outside the odds that keep RTP within 90–99 %.')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);

    fireEvent.change(odds, { target: { value: String(left.maxOdds) } });
    fireEvent.change(screen.getByLabelText('Cadence'), { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const patch = requests.find((r) => r.method === 'PATCH')!;
    expect(patch.url).toBe('/api/backoffice/mini/ladder/settings');
    expect(patch.body).toEqual({ cadenceMinutes: 5, markets: [{ code: 'left', odds: left.maxOdds }] });
  });

  it('puts the server’s refusal of a market at that market', async () => {
    server({ patch: () => ({ status: 'invalid', market: 'right' }) });
    renderConsole(<MiniPage />, { path: '/mini?game=ladder&tab=settings', operator: OWNER });
    const right = markets.find((m) => m.code === 'right')!;
    fireEvent.change(await screen.findByLabelText('Right odds (hundredths)'), {
      target: { value: String(right.minOdds) },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() =>
      expect(screen.getByLabelText('Right odds (hundredths)').getAttribute('aria-invalid')).toBe('true'),
    );
  });

  it('shows support the rounds and settings without the void and save buttons', async () => {
    server();
    renderConsole(<MiniPage />, { path: '/mini?game=ladder&round=1042', operator: { role: 'support' } });
    await screen.findByRole('region', { name: 'Round 42 (#1042)' });
    expect(screen.queryByRole('button', { name: 'Void round' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Odds and limits' }));
    expect(await screen.findByText('Only the owner may change these settings or void a round.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('builds the patch from the changed fields only', () => {
    const s = SETTINGS as Parameters<typeof settingsPatch>[0];
    const values = Object.fromEntries([
      ['cadenceMinutes', '3'],
      ['cutoffSeconds', '45'],
      ['maxRoundTotal', '3000000'],
      ...markets.flatMap((m) => [
        [`${m.code}__odds`, String(m.odds)],
        [`${m.code}__minBet`, m.code === 'odd' ? '5000' : String(m.minBet)],
        [`${m.code}__maxBet`, String(m.maxBet)],
        [`${m.code}__maxExposure`, String(m.maxExposure)],
      ]),
    ]) as Parameters<typeof settingsPatch>[1];
    expect(settingsPatch(s, values)).toEqual({ cutoffSeconds: 45, markets: [{ code: 'odd', minBet: 5000 }] });
  });
});
