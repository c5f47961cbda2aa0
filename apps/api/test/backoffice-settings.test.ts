import { describe, expect, it } from 'vitest';
import {
  auditOf,
  bo,
  call,
  createMember,
  fileTestApp,
  operatorsOfEveryRole,
  uniqueMemberInput,
} from './factories.ts';
import { createTestProvider, sign } from './game-provider.ts';

// The back office's settings, games and round routes of issue 13 (docs/api/backoffice-settings.md).

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);

let codeSeq = 0;
function newCode(): string {
  codeSeq += 1;
  return `RC${codeSeq}${Date.now().toString(36)}`.slice(0, 20).toUpperCase();
}

async function register(code: string) {
  const input = uniqueMemberInput({ code });
  const answer = await call(t, 'user-register', { ...input, agree18: true });
  const row = await t.db
    .selectFrom('members')
    .select(['state', 'reg_code'])
    .where('user_id', '=', input.userId)
    .executeTakeFirst();
  return { status: answer.body.status as string, state: row?.state, regCode: row?.reg_code };
}

describe('registration codes', () => {
  it('lets the owner create a code with its domain and memo, audited, and members register with it', async () => {
    const code = newCode();
    const created = await bo(t, 'regCodes.create', {
      cookie: owner.cookie,
      body: { code, domain: 'casino.example, www.other.example', memo: '  partner A ' },
    });
    expect(created).toMatchObject({ code: 200, body: { status: 'success' } });
    const registered = await register(code.toLowerCase());
    expect(registered.status).toBe('success');
    expect(registered.regCode).toBe(code);

    const list = await bo(t, 'regCodes.list', { cookie: cashier.cookie });
    expect(list.code).toBe(200);
    expect(list.body.list.find((c: { code: string }) => c.code === code)).toMatchObject({
      code,
      domain: 'casino.example, www.other.example',
      memo: 'partner A',
      enabled: true,
      members: 1,
    });
    const audit = await auditOf(t, `regcode:${code}`);
    expect(audit).toEqual([
      {
        actor: owner.operatorId,
        action: 'regcode.create',
        before: null,
        after: { code, domain: 'casino.example, www.other.example', memo: 'partner A', enabled: true },
      },
    ]);
  });

  it('answers already for a code that exists in any letter case', async () => {
    const code = newCode();
    expect(
      (await bo(t, 'regCodes.create', { cookie: owner.cookie, body: { code, domain: '' } })).body,
    ).toEqual({
      status: 'success',
    });
    const again = await bo(t, 'regCodes.create', {
      cookie: owner.cookie,
      body: { code: code.toLowerCase(), domain: '' },
    });
    expect(again.body).toEqual({ status: 'already' });
  });

  it('disables and edits a code with before and after in the audit log; a disabled code registers nobody', async () => {
    const code = newCode();
    await bo(t, 'regCodes.create', { cookie: owner.cookie, body: { code, domain: 'a.example' } });
    const off = await bo(t, 'regCodes.update', {
      cookie: owner.cookie,
      params: { code },
      body: { enabled: false, memo: 'closed' },
    });
    expect(off.body).toEqual({ status: 'success' });
    expect((await register(code)).status).toBe('cant_find_code');
    const audit = await auditOf(t, `regcode:${code}`);
    expect(audit[1]).toEqual({
      actor: owner.operatorId,
      action: 'regcode.update',
      before: { code, domain: 'a.example', memo: '', enabled: true },
      after: { code, domain: 'a.example', memo: 'closed', enabled: false },
    });
    await bo(t, 'regCodes.update', { cookie: owner.cookie, params: { code }, body: { enabled: true } });
    expect((await register(code)).status).toBe('success');
  });

  it('refuses bad input with the field named, and unknown codes with not_found', async () => {
    const bad = await bo(t, 'regCodes.create', {
      cookie: owner.cookie,
      body: { code: 'no spaces', domain: '' },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.errors).toEqual([{ path: 'code', code: 'pattern' }]);
    const long = await bo(t, 'regCodes.create', {
      cookie: owner.cookie,
      body: { code: newCode(), domain: 'x'.repeat(501) },
    });
    expect(long.body.errors).toEqual([{ path: 'domain', code: 'length' }]);
    const empty = await bo(t, 'regCodes.update', {
      cookie: owner.cookie,
      params: { code: newCode() },
      body: {},
    });
    expect(empty.code).toBe(400);
    const missing = await bo(t, 'regCodes.update', {
      cookie: owner.cookie,
      params: { code: newCode() },
      body: { memo: 'x' },
    });
    expect(missing.body).toEqual({ status: 'not_found' });
  });

  it('lets a cashier read but not change codes; support and content may not read them', async () => {
    const code = newCode();
    const create = await bo(t, 'regCodes.create', { cookie: cashier.cookie, body: { code, domain: '' } });
    expect(create).toMatchObject({ code: 403, body: { status: 'denied' } });
    await bo(t, 'regCodes.create', { cookie: owner.cookie, body: { code, domain: '' } });
    expect(
      (await bo(t, 'regCodes.update', { cookie: cashier.cookie, params: { code }, body: { enabled: false } }))
        .code,
    ).toBe(403);
    expect((await bo(t, 'regCodes.list', { cookie: support.cookie })).code).toBe(403);
    expect((await bo(t, 'regCodes.list', { cookie: content.cookie })).code).toBe(403);
    expect((await bo(t, 'regCodes.list', {})).code).toBe(401);
    expect(await auditOf(t, `regcode:${code}`)).toHaveLength(1);
  });
});

describe('member approval', () => {
  it('makes new registrations pending while on and active while off, audited', async () => {
    const code = newCode();
    await bo(t, 'regCodes.create', { cookie: owner.cookie, body: { code, domain: '' } });
    const on = await bo(t, 'settings.updateRegistration', {
      cookie: owner.cookie,
      body: { requireApproval: true },
    });
    expect(on.body).toEqual({ status: 'success', settings: { requireApproval: true } });
    expect((await register(code)).state).toBe('pending');
    const read = await bo(t, 'settings.registration', { cookie: cashier.cookie });
    expect(read.body).toEqual({ status: 'success', settings: { requireApproval: true } });
    await bo(t, 'settings.updateRegistration', { cookie: owner.cookie, body: { requireApproval: false } });
    expect((await register(code)).state).toBe('active');
    const audit = await auditOf(t, 'settings:registration');
    expect(audit.slice(-2)).toEqual([
      {
        actor: owner.operatorId,
        action: 'settings.registration',
        before: { requireApproval: false },
        after: { requireApproval: true },
      },
      {
        actor: owner.operatorId,
        action: 'settings.registration',
        before: { requireApproval: true },
        after: { requireApproval: false },
      },
    ]);
  });

  it('refuses a cashier switching it (403) and a body that is not a boolean (400)', async () => {
    const denied = await bo(t, 'settings.updateRegistration', {
      cookie: cashier.cookie,
      body: { requireApproval: true },
    });
    expect(denied).toMatchObject({ code: 403, body: { status: 'denied' } });
    // Not a boolean, which the entry's type refuses.
    const bad = await bo(t, 'PUT', '/settings/registration', {
      cookie: owner.cookie,
      body: { requireApproval: 'yes' },
    });
    expect(bad.code).toBe(400);
    expect(bad.body.errors[0].path).toBe('requireApproval');
    expect((await bo(t, 'settings.registration', { cookie: support.cookie })).code).toBe(403);
  });
});

describe('member levels', () => {
  it('names levels 1..10 with the members holding each, renames them audited', async () => {
    const m = await createMember(t);
    await bo(t, 'members.level', { cookie: owner.cookie, params: { userId: m.userId }, body: { level: 7 } });
    const before = await bo(t, 'settings.levels', { cookie: support.cookie });
    expect(before.code).toBe(200);
    expect(before.body.levels).toHaveLength(10);
    expect(before.body.levels[6]).toMatchObject({ level: 7, name: 'Lv.7' });
    expect(before.body.levels[6]!.members).toBeGreaterThanOrEqual(1);

    const renamed = await bo(t, 'settings.updateLevels', {
      cookie: owner.cookie,
      body: { names: { '7': ' 골드 ', '10': 'VIP' } },
    });
    expect(renamed.code).toBe(200);
    expect(renamed.body.levels[6]!.name).toBe('골드');
    expect(renamed.body.levels[9]!.name).toBe('VIP');
    expect(renamed.body.levels[0]!.name).toBe('Lv.1');
    const audit = await auditOf(t, 'settings:levels');
    expect(audit.at(-1)).toMatchObject({
      action: 'settings.levels',
      before: { names: expect.arrayContaining(['Lv.7', 'Lv.10']) },
      after: { names: expect.arrayContaining(['골드', 'VIP']) },
    });
  });

  it('refuses an unknown level, an empty name, a cashier (403) and content (403)', async () => {
    const unknown = await bo(t, 'settings.updateLevels', {
      cookie: owner.cookie,
      body: { names: { '11': 'X' } },
    });
    expect(unknown.code).toBe(400);
    const blank = await bo(t, 'settings.updateLevels', {
      cookie: owner.cookie,
      body: { names: { '2': '  ' } },
    });
    expect(blank.code).toBe(400);
    const none = await bo(t, 'settings.updateLevels', { cookie: owner.cookie, body: { names: {} } });
    expect(none.code).toBe(400);
    expect(
      (await bo(t, 'settings.updateLevels', { cookie: cashier.cookie, body: { names: { '2': 'B' } } })).code,
    ).toBe(403);
    expect((await bo(t, 'settings.levels', { cookie: content.cookie })).code).toBe(403);
  });
});

describe('a cashier and the settings', () => {
  it('reads the cashier settings and comp rates but cannot change them (403, nothing audited)', async () => {
    const count = (await auditOf(t, 'settings:cashier')).length;
    expect((await bo(t, 'settings.cashier', { cookie: cashier.cookie })).code).toBe(200);
    const put = await bo(t, 'settings.updateCashier', {
      cookie: cashier.cookie,
      body: { minDeposit: 20_000 },
    });
    expect(put).toMatchObject({ code: 403, body: { status: 'denied' } });
    expect(
      (await bo(t, 'settings.updateCompRates', { cookie: cashier.cookie, body: { slot: 1 } })).code,
    ).toBe(403);
    expect(
      (await bo(t, 'jackpots.update', { cookie: cashier.cookie, body: { MINOR: { shareBp: 1 } } })).code,
    ).toBe(403);
    expect(
      (await bo(t, 'settings.updateMaintenance', { cookie: cashier.cookie, body: { enabled: true } })).code,
    ).toBe(403);
    expect(await auditOf(t, 'settings:cashier')).toHaveLength(count);
  });
});

describe('games: display order', () => {
  it('puts a provider’s games in the order given, audited, and the portal lists them so at once', async () => {
    const p = await createTestProvider(t, owner, { games: ['a1', 'b2', 'c3'] });
    const order = await bo(t, 'games.order', {
      cookie: owner.cookie,
      params: { provider: p.code },
      body: { codes: ['c3', 'a1', 'b2'] },
    });
    expect(order.body).toEqual({ status: 'success' });
    const slots = await call(t, 'get-slot-by-company', { company: p.code });
    expect(slots.body.games.map((g: { code: string }) => g.code)).toEqual(['c3', 'a1', 'b2']);
    const catalog = await bo(t, 'providers.list', { cookie: owner.cookie });
    const games = catalog.body.providers.find((x) => x.code === p.code)!.games;
    expect(games.map((g: { code: string; order: number }) => [g.code, g.order])).toEqual([
      ['c3', 10],
      ['a1', 20],
      ['b2', 30],
    ]);
    expect((await auditOf(t, `provider:${p.code}`)).at(-1)).toEqual({
      actor: owner.operatorId,
      action: 'game.reorder',
      before: { codes: ['a1', 'b2', 'c3'] },
      after: { codes: ['c3', 'a1', 'b2'] },
    });
  });

  it('refuses a list that is not exactly the provider’s games (400 codes) and an unknown provider', async () => {
    const p = await createTestProvider(t, owner, { games: ['a1', 'b2'] });
    for (const codes of [['a1'], ['a1', 'a1'], ['a1', 'zz'], ['a1', 'b2', 'zz']]) {
      const answer = await bo(t, 'games.order', {
        cookie: owner.cookie,
        params: { provider: p.code },
        body: { codes },
      });
      expect(answer.code).toBe(400);
      expect(answer.body.errors).toEqual([{ path: 'codes', code: 'pattern' }]);
    }
    const unknown = await bo(t, 'games.order', {
      cookie: owner.cookie,
      params: { provider: 'nosuchprov' },
      body: { codes: ['a1'] },
    });
    expect(unknown.body).toEqual({ status: 'not_found' });
  });

  it('is the owner’s only: cashier, support and content get 403 on every games route', async () => {
    const p = await createTestProvider(t, owner, { games: ['a1'] });
    for (const op of [cashier, support, content]) {
      expect((await bo(t, 'providers.list', { cookie: op.cookie })).code).toBe(403);
      expect(
        (
          await bo(t, 'games.order', {
            cookie: op.cookie,
            params: { provider: p.code },
            body: { codes: ['a1'] },
          })
        ).code,
      ).toBe(403);
      expect(
        (await bo(t, 'providers.rotateSecret', { cookie: op.cookie, params: { code: p.code } })).code,
      ).toBe(403);
      expect(
        (
          await bo(t, 'games.update', {
            cookie: op.cookie,
            params: { provider: p.code, code: 'a1' },
            body: { enabled: false },
          })
        ).code,
      ).toBe(403);
    }
  });
});

describe('games: what members see after a change', () => {
  it('shows a disabled game, a disabled provider and a maintenance window at the next call', async () => {
    const p = await createTestProvider(t, owner, { games: ['a1', 'b2'] });
    await bo(t, 'games.update', {
      cookie: owner.cookie,
      params: { provider: p.code, code: 'a1' },
      body: { enabled: false, nameEn: 'Renamed' },
    });
    const games = await call(t, 'get-slot-by-company', { company: p.code });
    expect(games.body.games.map((g: { code: string }) => g.code)).toEqual(['b2']);

    const used = async () =>
      (await call(t, 'get-slot-setting', {})).body.slot.find((s: { code: string }) => s.code === p.code)!
        .used;
    expect(await used()).toBe('y');
    // A window covering every minute but one: in maintenance whatever the clock says.
    const now = new Date(Date.now() + 9 * 3_600_000);
    const hhmm = (d: Date) =>
      `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    const from = hhmm(new Date(now.getTime() - 60 * 60_000));
    const to = hhmm(new Date(now.getTime() + 60 * 60_000));
    await bo(t, 'providers.update', {
      cookie: owner.cookie,
      params: { code: p.code },
      body: { maintenance: { from, to } },
    });
    expect(await used()).toBe('n');
    expect((await call(t, 'get-slot-by-company', { company: p.code })).body.status).toBe('fail');
    await bo(t, 'providers.update', {
      cookie: owner.cookie,
      params: { code: p.code },
      body: { maintenance: null },
    });
    expect(await used()).toBe('y');
    await bo(t, 'providers.update', {
      cookie: owner.cookie,
      params: { code: p.code },
      body: { enabled: false },
    });
    expect(await used()).toBe('n');
  });
});

describe('provider secret rotation', () => {
  it('answers a new secret once (no-store), which signs the next wallet call; the old one stops; audited without it', async () => {
    const p = await createTestProvider(t, owner, { games: ['a1'] });
    const m = await createMember(t, { cash: 10_000 });
    const rotated = await bo(t, 'providers.rotateSecret', { cookie: owner.cookie, params: { code: p.code } });
    expect(rotated.code).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const secret = rotated.body.secret as string;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const body = JSON.stringify({ token: 'x'.repeat(43), userId: m.userId });
    const withOld = await p.wallet('balance', null, { raw: body });
    expect(withOld.code).toBe(401);
    const withNew = await p.wallet('balance', null, { raw: body, signature: sign(secret, body) });
    expect(withNew.code).toBe(200);

    const audit = (await auditOf(t, `provider:${p.code}`)).at(-1)!;
    expect(audit).toMatchObject({ action: 'provider.update', after: { secretRotated: true } });
    expect(JSON.stringify(audit)).not.toContain(secret);
    expect(
      (await bo(t, 'providers.rotateSecret', { cookie: owner.cookie, params: { code: 'nosuchprov' } })).body,
    ).toEqual({
      status: 'not_found',
    });
  });
});

describe('a member’s rounds', () => {
  it('lists a member’s rounds newest first for owner, cashier and support, each leading to the round', async () => {
    const p = await createTestProvider(t, owner, { games: ['a1'] });
    const m = await createMember(t, { cash: 50_000 });
    const token = await p.launch(m);
    for (const [i, roundId] of ['r-1', 'r-2'].entries()) {
      const bet = await p.wallet('bet', {
        token,
        userId: m.userId,
        transactionId: `tx-bet-${i}`,
        roundId,
        gameCode: 'a1',
        amount: 1_000,
      });
      expect(bet.body.status).toBe('RS_OK');
    }
    await p.wallet('win', {
      userId: m.userId,
      transactionId: 'tx-win-1',
      roundId: 'r-2',
      gameCode: 'a1',
      amount: 2_500,
    });

    for (const op of [owner, cashier, support]) {
      const list = await bo(t, 'rounds.ofMember', {
        cookie: op.cookie,
        query: { userId: m.userId.toUpperCase() },
      });
      expect(list.code).toBe(200);
      expect(list.body.maxCount).toBe(2);
      expect(list.body.list.map((r: { roundId: string }) => r.roundId)).toEqual(['r-2', 'r-1']);
      expect(list.body.list[0]).toMatchObject({
        provider: p.code,
        gameCode: 'a1',
        gameName: '게임 a1',
        bet: 1_000,
        win: 2_500,
      });
    }
    const round = await bo(t, 'rounds.get', {
      cookie: support.cookie,
      params: { provider: p.code, roundId: 'r-2' },
    });
    expect(round.body.calls.map((c: { action: string }) => c.action)).toEqual(['bet', 'win']);

    expect(
      (await bo(t, 'rounds.ofMember', { cookie: owner.cookie, query: { userId: 'nosuchmember' } })).body,
    ).toEqual({
      status: 'not_found',
    });
    // A raw query with a space, sent as it is.
    expect((await bo(t, 'GET', '/rounds?userId=a b', { cookie: owner.cookie })).code).toBe(400);
    expect(
      (await bo(t, 'rounds.ofMember', { cookie: content.cookie, query: { userId: m.userId } })).code,
    ).toBe(403);
  });
});
