import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../src/modules/auth/device.ts';
import { oppositeSpots } from '../src/modules/fraud/opposite-bets.ts';
import {
  balances,
  bo,
  cookiesOf,
  createMember,
  fileTestApp,
  operatorsOfEveryRole,
  postCredentials,
  setFraudSettings,
} from './factories.ts';
import { createTestProvider } from './game-provider.ts';

// Opposite betting of issue 28 (docs/security.md "Abuse signals", docs/providers.md "Spots and
// shared rounds"): two linked members (or two on the watch list) holding opposite stakes in one
// round are flagged at once; with the operator's setting the second bet is refused before it moves
// money; unrelated members behind one carrier address are left alone.

const t = await fileTestApp();
const { owner, support } = await operatorsOfEveryRole(t);
const table = await createTestProvider(t, owner, { kind: 'casino', games: ['live-baccarat', 'powerball'] });

/** The settings of these tests: linked registrations and sign-ins allowed, opposite bets refused when a test says so. */
async function settings(patch: { refuseOppositeBets?: boolean } = {}) {
  const answer = await setFraudSettings(t, owner.cookie, {
    registerAction: 'allow',
    signInAction: 'allow',
    ...patch,
  });
  expect(answer.code).toBe(200);
}

/** A member signed in from `device` at `ip`, funded, with a launch token of the live table. */
async function player(device: string, ip = '100.64.1.1') {
  const m = await createMember(t, { signedIn: false, cash: 100_000 });
  const response = await postCredentials(
    t,
    { userId: m.userId, password: m.password },
    { ip, cookie: `${DEVICE_COOKIE}=${device}` },
  );
  expect(response.statusCode).toBe(200);
  const cookie = `sid=${cookiesOf(response).sid}`;
  const token = await table.launch({ cookie }, 'live-baccarat');
  return { ...m, cookie, token };
}

const device = () => randomBytes(16).toString('base64url');
let seq = 0;
const round = () => `coup-${(seq += 1)}-${randomBytes(3).toString('hex')}`;

/**
 * A bet on the shared round `coup` (a live table's coup, a mini-game's draw): the wallet's round id
 * is the member's own part of it (a round is one member's), the coup goes as `sharedRoundId`.
 */
function bet(m: { token: string; userId: string }, coup: string, spots: string[] | undefined, extra = {}) {
  return table.wallet('bet', {
    token: m.token,
    userId: m.userId,
    transactionId: `tx-${randomBytes(6).toString('hex')}`,
    roundId: `${coup}:${m.userId}`,
    sharedRoundId: coup,
    gameCode: 'live-baccarat',
    amount: 10_000,
    ...(spots ? { spots } : {}),
    ...extra,
  });
}

async function flagsOf(memberId: number) {
  return t.db
    .selectFrom('fraud_flags')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('kind', '=', 'opposite_bet')
    .execute();
}

/** The member's opposite-bet entries once there are `count` of them, waiting at most `ms`. */
async function flagsWithin(memberId: number, count: number, ms = 1000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const flags = await flagsOf(memberId);
    if (flags.length >= count || Date.now() > deadline) return flags;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('opposite spots', () => {
  it('swaps one word for its opposite', () => {
    expect(oppositeSpots('player')).toEqual(['banker']);
    expect(oppositeSpots('tie')).toEqual([]);
    expect(oppositeSpots('powerball-odd')).toEqual(['powerball-even']);
    expect(oppositeSpots('ladder:left:3')).toEqual(['ladder:right:3']);
    expect(oppositeSpots('normal_over')).toEqual(['normal_under']);
  });
});

describe('opposite betting', () => {
  it('flags two linked members betting player and banker on one coup at once, and refuses the second bet with the setting', async () => {
    await settings({});
    const shared = device();
    const a = await player(shared);
    const b = await player(shared);
    const coup = round();
    expect((await bet(a, coup, ['player'])).body.status).toBe('RS_OK');
    const started = Date.now();
    expect((await bet(b, coup, ['banker'])).body.status).toBe('RS_OK');
    // Flagged beside the answer (the bet waits for nothing), within a second of the bet.
    const flags = await flagsWithin(b.id, 1);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ action: 'flag', state: 'open' });
    expect(flags[0]!.details).toMatchObject({
      provider: table.code,
      round: coup,
      roundId: `${coup}:${b.userId}`,
      spots: ['banker'],
      with: [{ memberId: a.id, spot: 'player', roundId: `${coup}:${a.userId}`, by: 'link' }],
    });
    // The review list shows it to the operator.
    const listed = await bo(t, 'fraud.flags', {
      cookie: support.cookie,
      query: { kind: 'opposite_bet', state: 'open' },
    });
    expect(listed.body.list.some((f) => f.memberId === b.id)).toBe(true);

    // With the setting, the second bet is refused before it moves money.
    await settings({ refuseOppositeBets: true });
    const next = round();
    expect((await bet(a, next, ['player'])).body.status).toBe('RS_OK');
    const before = await balances(t, b.id);
    const refused = await bet(b, next, ['banker', 'banker']);
    expect(refused.body).toEqual({
      status: 'RS_ERROR_LIMIT_EXCEEDED',
      balance: before.cash,
      currency: 'KRW',
    });
    expect(await balances(t, b.id)).toEqual(before);
    const entries = await flagsOf(b.id);
    expect(entries).toHaveLength(2);
    expect(entries.find((f) => f.action === 'refuse')?.details).toMatchObject({ round: next });
    // A tie, not opposite to anything, still goes through.
    expect((await bet(b, next, ['tie'])).body.status).toBe('RS_OK');
    await settings({});
  });

  it('does not flag unrelated members on one carrier address unless both are watched', async () => {
    await settings({ refuseOppositeBets: true });
    const c = await player(device(), '100.64.9.9');
    const d = await player(device(), '100.64.9.9');
    const coup = round();
    expect((await bet(c, coup, ['player'])).body.status).toBe('RS_OK');
    expect((await bet(d, coup, ['banker'])).body.status).toBe('RS_OK');
    expect(await flagsWithin(d.id, 1, 300)).toEqual([]);

    // On the operator's watch list, the same two are caught without any link.
    for (const m of [c, d]) {
      const added = await bo(t, 'fraud.watch.add', {
        cookie: support.cookie,
        body: { userId: m.userId, reason: '양방 의심' },
      });
      expect(added.body).toEqual({ status: 'success' });
    }
    expect(
      (await bo(t, 'fraud.watch.add', { cookie: support.cookie, body: { userId: c.userId, reason: 'x' } }))
        .body,
    ).toEqual({ status: 'already' });
    const watched = round();
    expect((await bet(c, watched, ['banker'])).body.status).toBe('RS_OK');
    expect((await bet(d, watched, ['player'])).body.status).toBe('RS_ERROR_LIMIT_EXCEEDED');
    expect((await flagsOf(d.id))[0]?.details).toMatchObject({ with: [{ memberId: c.id, by: 'watch' }] });
    const list = await bo(t, 'fraud.watch', { cookie: support.cookie });
    expect(list.body.list.map((w: { userId: string }) => w.userId).sort()).toEqual(
      [c.userId, d.userId].sort(),
    );
    expect(
      (await bo(t, 'fraud.watch.delete', { cookie: support.cookie, params: { id: c.id } })).body,
    ).toEqual({
      status: 'success',
    });
    await settings({});
  });

  it('matches mini-game markets by the shared round and leaves bets without spots alone', async () => {
    await settings({});
    const shared = device();
    const a = await player(shared);
    const b = await player(shared);
    const draw = `powerball:${round()}`;
    const mini = { gameCode: 'powerball' };
    expect((await bet(a, draw, ['powerball-odd'], mini)).body.status).toBe('RS_OK');
    expect((await bet(b, draw, ['powerball-even'], mini)).body.status).toBe('RS_OK');
    expect((await flagsWithin(b.id, 1))[0]?.details).toMatchObject({
      gameCode: 'powerball',
      round: draw,
      roundId: `${draw}:${b.userId}`,
      with: [{ memberId: a.id, roundId: `${draw}:${a.userId}`, spot: 'powerball-odd' }],
    });
    // Without spots the platform cannot tell sides: nothing recorded, nothing flagged.
    const coup = round();
    expect((await bet(a, coup, undefined, { sharedRoundId: undefined })).body.status).toBe('RS_OK');
    expect((await bet(b, coup, undefined)).body.status).toBe('RS_OK');
    expect(
      await t.db.selectFrom('fraud_round_bets').selectAll().where('round_key', '=', coup).execute(),
    ).toEqual([]);
  });

  it('refuses malformed spots as wrong types', async () => {
    const m = await player(device());
    for (const spots of [
      [],
      ['Player'],
      ['a'.repeat(41)],
      Array.from({ length: 21 }, () => 'player'),
      ['x\u0000'],
    ])
      expect((await bet(m, round(), spots as string[])).code, JSON.stringify(spots)).toBe(400);
  });
});
