import { verify } from '@node-rs/argon2';
import { BANKS } from '@casino/contracts/banks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';
import {
  call,
  cookiesOf,
  createMember,
  ensureRegCode,
  postCredentials,
  signIn,
  TEST_REG_CODE,
  uniqueMemberInput,
  type TestMember,
} from './factories.ts';
import { REQUIRE_APPROVAL_KEY } from '../src/modules/settings/settings.service.ts';
import { isCommonPassword } from '../src/modules/members/password-rules.ts';

let t: TestApp;
/** One member for the read-only checks; tests that change a member make their own. */
let bob: TestMember;
let bobCookie: string;
let ipSeq = 0;
const nextIp = () => `10.2.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

beforeAll(async () => {
  t = await createTestApp({
    REGISTER_MAX_PER_IP: '4',
    CHECK_MAX_PER_IP: '5',
    ALLOWED_ORIGINS: 'https://portal.example',
  });
  bob = await createMember(t, { signedIn: false, cash: 50_000, comp: 1_200, game: 3_000 });
  bobCookie = await signIn(t, bob, { ip: nextIp() });
});

afterAll(async () => {
  await t?.close();
});

type Errors = { status: string; errors: { path: string; code: string }[] };

/** A valid registration body through the wire (agree18 and a fresh phone, account, id and nick). */
function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...uniqueMemberInput(), agree18: true, ...overrides };
}

async function register(body: Record<string, unknown>, ip = nextIp()) {
  return call(t, 'user-register', body, { ip });
}

function expectInvalid(response: { code: number; body: unknown }, path: string, code: string) {
  expect(response.code).toBe(400);
  const body = response.body as Errors;
  expect(body.status).toBe('invalid');
  expect(body.errors).toContainEqual({ path, code });
}

describe('member calls: shared HTTP rules', () => {
  it('401 for every member call of this module without a session, or with a dead one', async () => {
    for (const name of [
      'user-health-check',
      'get-member-account',
      'change-password',
      'change-exchange-password',
    ]) {
      for (const cookie of [undefined, 'sid=garbage', `sid=${'x'.repeat(43)}`]) {
        const response = await call(t, name, {}, { ...(cookie ? { cookie } : {}) });
        expect(response.code, `${name} ${cookie}`).toBe(401);
        expect(response.body).toEqual({ status: 'unauthenticated' });
      }
    }
  });

  it('authenticated for every guest call made with a session', async () => {
    const bodies: Record<string, unknown> = {
      'user-do-login': { userId: bob.userId, password: bob.password },
      'user-register': registration(),
      'check-user-id': { userId: 'freeid' },
      'check-user-nick': { nick: '자유' },
    };
    for (const [name, body] of Object.entries(bodies)) {
      const response = await call(t, name, body, { cookie: bobCookie });
      expect(response.code, name).toBe(200);
      expect(response.body, name).toEqual({ status: 'authenticated' });
    }
  });

  it('400 for malformed JSON, a non-object body and an unknown call; 413 for a 65 KiB body', async () => {
    expectInvalid(await call(t, 'check-user-id', '{"userId": '), '', 'pattern');
    expectInvalid(await call(t, 'check-user-id', '[1,2]', { ip: nextIp() }), '', 'type');
    expectInvalid(await call(t, 'check-user-id', '"text"', { ip: nextIp() }), '', 'type');
    expectInvalid(await call(t, 'no-such-call', {}), '', 'unknown');
    const huge = await call(t, 'user-register', { ...registration(), bankOwner: 'x'.repeat(65 * 1024) });
    expect(huge.code).toBe(413);
    expect(huge.body).toEqual({ status: 'too_large' });
  });

  it('400 naming the field for wrong types, too-long values and unknown keys', async () => {
    expectInvalid(
      await call(t, 'user-do-login', { userId: 123, password: 'x' }, { ip: nextIp() }),
      'userId',
      'type',
    );
    expectInvalid(
      await call(t, 'user-do-login', { userId: 'a'.repeat(17), password: 'x' }, { ip: nextIp() }),
      'userId',
      'length',
    );
    expectInvalid(
      await call(t, 'user-do-login', { userId: bob.userId, password: 'p'.repeat(65) }, { ip: nextIp() }),
      'password',
      'length',
    );
    expectInvalid(
      await call(t, 'user-do-login', { userId: bob.userId }, { ip: nextIp() }),
      'password',
      'required',
    );
    expectInvalid(
      await call(t, 'user-do-login', { userId: bob.userId, password: 'x', admin: true }, { ip: nextIp() }),
      'admin',
      'unknown',
    );
    expectInvalid(
      await call(t, 'user-health-check', { extra: 1 }, { cookie: bobCookie }),
      'extra',
      'unknown',
    );
    expectInvalid(
      await call(t, 'get-member-account', { userId: 'someoneelse' }, { cookie: bobCookie }),
      'userId',
      'unknown',
    );
    expectInvalid(await call(t, 'get-banks', { x: 1 }), 'x', 'unknown');
    expectInvalid(await call(t, 'get-reg-domain', { domain: 'evil.example' }), 'domain', 'unknown');
    expectInvalid(await call(t, 'check-user-nick', { nick: ['a', 'b'] }, { ip: nextIp() }), 'nick', 'type');
  });

  it('never answers 500 to hostile input', async () => {
    const bodies = [
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {"x": 1}}}',
      JSON.stringify({ userId: null, password: null }),
      JSON.stringify({ userId: { $ne: '' }, password: { $ne: '' } }),
      JSON.stringify({ userId: "x' or '1'='1", password: "' or 1=1 --" }),
      JSON.stringify({ userId: '\u0000\u0000\u0000\u0000', password: '\u0000'.repeat(10) }),
      JSON.stringify({ userId: bob.userId, password: '\ud800'.repeat(10) }),
      '1e999',
      'null',
      '',
    ];
    for (const name of [
      'user-do-login',
      'user-register',
      'check-user-id',
      'check-user-nick',
      'user-health-check',
      'change-password',
    ]) {
      for (const body of bodies) {
        const response = await call(t, name, body, {
          ip: nextIp(),
          ...(name.startsWith('user-health') || name.startsWith('change') ? { cookie: bobCookie } : {}),
        });
        expect(response.code, `${name} ${body}`).toBeLessThan(500);
      }
    }
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/routes/check-user-id',
      headers: { ...SAME_ORIGIN, 'content-type': 'text/plain' },
      payload: 'userId=abc',
    });
    expect(wrongType.statusCode).toBe(400);
  });
});

describe('user-do-login', () => {
  it('success: TUser and the same session cookie as the credentials sign-in', async () => {
    const response = await call(
      t,
      'user-do-login',
      { userId: bob.userId.toUpperCase(), password: bob.password },
      { ip: nextIp() },
    );
    expect(response.code).toBe(200);
    expect(response.body).toEqual({
      status: 'success',
      user: {
        userId: bob.userId,
        nick: bob.nick,
        phone: bob.phone,
        rolling: 1_200,
        balance: 50_000,
        in_balance: 3_000,
        bankname: '004',
        bankOwner: '홍길동',
        banknum: bob.banknum,
        level: 1,
        noteCount: 0,
        helpCount: 0,
        mustChangePassword: false,
        requires: [],
        termsToAccept: [],
      },
    });
    const sid = cookiesOf(response).sid;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const account = await call(t, 'get-member-account', {}, { cookie: `sid=${sid}` });
    expect(account.body).toMatchObject({ status: 'success', account: { userId: bob.userId } });
  });

  it('fail for a wrong password or an unknown id, with no cookie', async () => {
    const wrong = await call(
      t,
      'user-do-login',
      { userId: bob.userId, password: 'wrong-password' },
      { ip: nextIp() },
    );
    expect(wrong.body).toEqual({ status: 'fail' });
    expect(cookiesOf(wrong).sid).toBeUndefined();
    const unknown = await call(
      t,
      'user-do-login',
      { userId: 'ghostuser', password: 'wrong-password' },
      { ip: nextIp() },
    );
    expect(unknown.body).toEqual({ status: 'fail' });
  });

  it('blocked for a blocked, pending or self-excluded member', async () => {
    for (const state of ['blocked', 'pending', 'self_excluded'] as const) {
      const member = await createMember(t, { signedIn: false, state });
      const response = await call(
        t,
        'user-do-login',
        { userId: member.userId, password: member.password },
        { ip: nextIp() },
      );
      expect(response.body, state).toEqual({ status: 'blocked' });
      expect(cookiesOf(response).sid).toBeUndefined();
    }
  });
});

describe('user-health-check', () => {
  it('answers the member, balances from the ledger, and the note and help counts', async () => {
    const member = await createMember(t, { signedIn: false, cash: 12_000, comp: 345 });
    const other = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, member, { ip: nextIp() });
    const at = new Date();
    await t.db
      .insertInto('notes')
      .values([
        { member_id: member.id, title: 'unread 1', contents: 'a' },
        { member_id: member.id, title: 'unread 2', contents: 'b' },
        { member_id: member.id, title: 'read', contents: 'c', is_read: true, read_at: at },
        { member_id: member.id, title: 'deleted', contents: 'd', deleted_at: at },
        { member_id: other.id, title: 'not mine', contents: 'e' },
      ])
      .execute();
    await t.db
      .insertInto('helps')
      .values([
        {
          member_id: member.id,
          title: 'answered unread',
          contents: 'q',
          answer: 'a',
          state: 'already',
        },
        {
          member_id: member.id,
          title: 'answered read',
          contents: 'q',
          answer: 'a',
          state: 'already',
          is_read: true,
        },
        { member_id: member.id, title: 'waiting', contents: 'q' },
        {
          member_id: member.id,
          title: 'answered deleted',
          contents: 'q',
          answer: 'a',
          state: 'already',
          deleted_at: at,
        },
        { member_id: other.id, title: 'not mine', contents: 'q', answer: 'a', state: 'already' },
      ])
      .execute();

    const response = await call(t, 'user-health-check', {}, { cookie });
    expect(response.code).toBe(200);
    const body = response.body as {
      status: string;
      noteCount: number;
      helpCount: number;
      user: Record<string, unknown>;
    };
    expect(body.status).toBe('success');
    expect(body.noteCount).toBe(2);
    expect(body.helpCount).toBe(1);
    expect(body.user).toMatchObject({
      userId: member.userId,
      balance: 12_000,
      rolling: 345,
      in_balance: 0,
      noteCount: 2,
      helpCount: 1,
    });
    expect(Object.keys(body.user).sort()).toEqual(
      [
        'userId',
        'nick',
        'phone',
        'rolling',
        'balance',
        'in_balance',
        'bankname',
        'bankOwner',
        'banknum',
        'level',
        'noteCount',
        'helpCount',
        'mustChangePassword',
        'requires',
        'termsToAccept',
      ].sort(),
    );
    // Nothing private leaves: no hashes, no internal ids.
    expect(response.raw.body).not.toMatch(/argon2|password|memberId|state/);

    const otherCookie = await signIn(t, other, { ip: nextIp() });
    const theirs = (await call(t, 'user-health-check', {}, { cookie: otherCookie })).body as typeof body;
    expect([theirs.user.userId, theirs.noteCount, theirs.helpCount]).toEqual([other.userId, 1, 1]);
  });
});

describe('user-register', () => {
  it('success: the member and its three accounts at zero, id lower-cased, nick NFC, phone and account as digits', async () => {
    const decomposed = '한글'.normalize('NFD') + 'Ab1';
    const body = registration({
      userId: 'NewUser7',
      nick: decomposed,
      phone: '010-1234 5678',
      banknum: '110-222-333444',
      code: TEST_REG_CODE.toLowerCase(),
    });
    await ensureRegCode(t);
    const response = await register(body);
    expect(response.code).toBe(200);
    expect(response.body).toEqual({ status: 'success' });
    const row = await t.db
      .selectFrom('members')
      .selectAll()
      .where('user_id', '=', 'newuser7')
      .executeTakeFirstOrThrow();
    expect(row.nick).toBe('한글Ab1');
    expect(row.phone).toBe('01012345678');
    expect(row.banknum).toBe('110222333444');
    expect(row.state).toBe('active');
    expect(row.reg_code).toBe(TEST_REG_CODE);
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(row.password_hash, body.password as string)).toBe(true);
    expect(await verify(row.exchange_password_hash, body.exchangePassword as string)).toBe(true);
    const accounts = await t.db
      .selectFrom('accounts')
      .select(['kind', 'balance'])
      .where('member_id', '=', row.id)
      .orderBy('kind')
      .execute();
    expect(accounts).toEqual([
      { kind: 'cash', balance: 0 },
      { kind: 'comp', balance: 0 },
      { kind: 'game', balance: 0 },
    ]);
    const login = await call(
      t,
      'user-do-login',
      { userId: 'NEWUSER7', password: body.password },
      { ip: nextIp() },
    );
    expect(login.body).toMatchObject({
      status: 'success',
      user: { userId: 'newuser7', nick: '한글Ab1', balance: 0, rolling: 0, in_balance: 0 },
    });
  });

  it('alread_have_user for a taken id (any case) or nick (any Latin case, any normalization)', async () => {
    await ensureRegCode(t);
    const taken = await register(registration({ userId: bob.userId.toUpperCase() }));
    expect(taken.body).toEqual({ status: 'alread_have_user', field: 'userId' });
    const nickMember = await createMember(t, { signedIn: false, nick: '가나Nick' });
    const nick = await register(registration({ nick: '가나nick'.normalize('NFD') }));
    expect(nick.body).toEqual({ status: 'alread_have_user', field: 'nick' });
    expect(nickMember.nick).toBe('가나Nick');
  });

  it('alread for a phone number or a bank account registered to another member', async () => {
    const phone = await register(registration({ phone: bob.phone.replace(/^(\d{3})(\d{4})/, '$1-$2-') }));
    expect(phone.body).toEqual({ status: 'alread', field: 'phone' });
    const account = await register(registration({ banknum: bob.banknum }));
    expect(account.body).toEqual({ status: 'alread', field: 'banknum' });
  });

  it('cant_find_code for an unknown or disabled code', async () => {
    expect((await register(registration({ code: 'NOPE' }))).body).toEqual({ status: 'cant_find_code' });
    await ensureRegCode(t, 'OFFCODE', '', false);
    expect((await register(registration({ code: 'OFFCODE' }))).body).toEqual({ status: 'cant_find_code' });
  });

  it('400 for every field rule', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ userId: 'abc' }, 'userId', 'length'],
      [{ userId: 'a'.repeat(17) }, 'userId', 'length'],
      [{ userId: '1abcd' }, 'userId', 'pattern'],
      [{ userId: 'abc_d' }, 'userId', 'pattern'],
      [{ userId: 42 }, 'userId', 'type'],
      [{ nick: 'a' }, 'nick', 'length'],
      [{ nick: '가'.repeat(11) }, 'nick', 'length'],
      [{ nick: '<script>' }, 'nick', 'pattern'],
      [{ nick: '<b>x</b>' }, 'nick', 'pattern'],
      [{ nick: 'a b' }, 'nick', 'pattern'],
      [{ password: 'short7!' }, 'password', 'length'],
      [{ password: 'p'.repeat(65) }, 'password', 'length'],
      [{ password: 'password1' }, 'password', 'pattern'],
      [{ password: 'Qwer1234' }, 'password', 'pattern'],
      [{ userId: 'samename1', password: 'SameName1' }, 'password', 'pattern'],
      [{ exchangePassword: '123' }, 'exchangePassword', 'length'],
      [{ exchangePassword: '1234567' }, 'exchangePassword', 'length'],
      [{ exchangePassword: '12a4' }, 'exchangePassword', 'pattern'],
      [{ exchangePassword: 1234 }, 'exchangePassword', 'type'],
      [{ phone: '0212345678' }, 'phone', 'pattern'],
      [{ phone: '010123' }, 'phone', 'pattern'],
      [{ bankname: 'KB' }, 'bankname', 'pattern'],
      [{ bankOwner: 'x' }, 'bankOwner', 'length'],
      [{ bankOwner: 'x'.repeat(21) }, 'bankOwner', 'length'],
      [{ banknum: '1234567' }, 'banknum', 'length'],
      [{ banknum: '12345678a' }, 'banknum', 'pattern'],
      [{ code: 'DE-MO' }, 'code', 'pattern'],
      [{ code: 'C'.repeat(21) }, 'code', 'length'],
      [{ agree18: false }, 'agree18', 'required'],
      [{ agree18: 'true' }, 'agree18', 'type'],
      [{ agree18: undefined }, 'agree18', 'required'],
      [{ userId: undefined }, 'userId', 'required'],
      [{ referrer: 'x' }, 'referrer', 'unknown'],
    ];
    for (const [overrides, path, code] of cases) {
      const response = await register(registration(overrides));
      expect(response.code, JSON.stringify(overrides)).toBe(400);
      expect((response.body as Errors).errors, JSON.stringify(overrides)).toContainEqual({ path, code });
    }
  });

  it('stores a nick with markup never: a script tag is refused before it reaches the database', async () => {
    const response = await register(registration({ nick: '<img src=x onerror=alert(1)>' }));
    expect(response.code).toBe(400);
    const rows = await t.db.selectFrom('members').select('nick').where('nick', 'like', '%<%').execute();
    expect(rows).toEqual([]);
  });

  it('puts new members in pending when operators require approval', async () => {
    await t.db
      .insertInto('settings')
      .values({ key: REQUIRE_APPROVAL_KEY, value: 'true' as never })
      .execute();
    try {
      const body = registration();
      expect((await register(body)).body).toEqual({ status: 'success' });
      const row = await t.db
        .selectFrom('members')
        .select('state')
        .where('user_id', '=', (body.userId as string).toLowerCase())
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('pending');
      const login = await call(
        t,
        'user-do-login',
        { userId: body.userId, password: body.password },
        { ip: nextIp() },
      );
      expect(login.body).toEqual({ status: 'blocked' });
      const callback = await postCredentials(
        t,
        { userId: body.userId as string, password: body.password as string },
        { ip: nextIp() },
      );
      expect(callback.statusCode).toBe(401);
      expect(callback.json()).toEqual({ url: '/admin/error?error=AccessDenied' });
    } finally {
      await t.db.deleteFrom('settings').where('key', '=', REQUIRE_APPROVAL_KEY).execute();
    }
  });

  it('maps races on the unique indexes to the right status, never a 500', async () => {
    await ensureRegCode(t);
    const base = uniqueMemberInput();
    const racers: [string, (i: number) => Record<string, unknown>][] = [
      ['alread_have_user', () => ({ userId: base.userId })],
      ['alread_have_user', (i) => ({ nick: i === 0 ? 'RaceNick' : 'racenick' })],
      ['alread', () => ({ phone: base.phone })],
      ['alread', () => ({ banknum: base.banknum })],
    ];
    for (const [loser, field] of racers) {
      const bodies = [0, 1].map((i) => registration(field(i)));
      const responses = await Promise.all(bodies.map((b) => register(b)));
      const statuses = responses.map((r) => (r.body as { status: string }).status).sort();
      expect(responses.map((r) => r.code)).toEqual([200, 200]);
      expect(statuses).toEqual([loser, 'success'].sort());
    }
    // The loser left nothing behind: one member per id, no orphan accounts.
    const orphans = await t.db
      .selectFrom('accounts')
      .leftJoin('members', 'members.id', 'accounts.member_id')
      .select('accounts.id')
      .where('accounts.member_id', 'is not', null)
      .where('members.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('the service maps a race that slipped past its checks', async () => {
    const { members } = t.services;
    await ensureRegCode(t);
    const input = uniqueMemberInput();
    const results = await Promise.all([
      members.register(input),
      members.register({ ...input, nick: `${input.nick.slice(0, 8)}x` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['alread_have_user', 'success']);
  });

  it('429 with Retry-After after too many registrations from one IP', async () => {
    const ip = nextIp();
    for (let i = 0; i < t.config.registerMaxPerIp; i += 1) {
      expect((await register(registration({ code: 'NOPE' }), ip)).body).toEqual({
        status: 'cant_find_code',
      });
    }
    const limited = await register(registration(), ip);
    expect(limited.code).toBe(429);
    expect(limited.body).toEqual({ status: 'too_many' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(t.config.registerWindowMs / 1000);
  });
});

describe('check-user-id and check-user-nick', () => {
  it('success when free, alread_have_user when taken (ids in any case, nicks in any Latin case)', async () => {
    const ip = nextIp();
    expect((await call(t, 'check-user-id', { userId: 'freeuser9' }, { ip })).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'check-user-id', { userId: bob.userId.toUpperCase() }, { ip })).body).toEqual({
      status: 'alread_have_user',
    });
    expect((await call(t, 'check-user-nick', { nick: '빈닉네임' }, { ip })).body).toEqual({
      status: 'success',
    });
    expect((await call(t, 'check-user-nick', { nick: bob.nick.toUpperCase() }, { ip })).body).toEqual({
      status: 'alread_have_user',
    });
  });

  it('400 naming the field', async () => {
    expectInvalid(await call(t, 'check-user-id', { userId: 'ab' }, { ip: nextIp() }), 'userId', 'length');
    expectInvalid(await call(t, 'check-user-id', {}, { ip: nextIp() }), 'userId', 'required');
    expectInvalid(
      await call(t, 'check-user-nick', { nick: '<script>' }, { ip: nextIp() }),
      'nick',
      'pattern',
    );
    expectInvalid(await call(t, 'check-user-nick', { nick: 12 }, { ip: nextIp() }), 'nick', 'type');
  });

  it('429 with Retry-After after too many checks from one IP (ids and nicks together)', async () => {
    const ip = nextIp();
    for (let i = 0; i < t.config.checkMaxPerIp; i += 1) {
      const name = i % 2 === 0 ? 'check-user-id' : 'check-user-nick';
      const body = i % 2 === 0 ? { userId: `probe${i}` } : { nick: `닉${i}` };
      expect((await call(t, name, body, { ip })).code).toBe(200);
    }
    const limited = await call(t, 'check-user-nick', { nick: '마지막' }, { ip });
    expect(limited.code).toBe(429);
    expect(limited.body).toEqual({ status: 'too_many' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t, 'check-user-id', { userId: 'probex' }, { ip })).code).toBe(429);
    t.clock.advance(t.config.checkWindowMs);
    expect((await call(t, 'check-user-id', { userId: 'probex' }, { ip })).code).toBe(200);
  });
});

describe('get-reg-domain', () => {
  beforeAll(async () => {
    await t.db
      .insertInto('reg_codes')
      .values([
        { code: 'NOWHERE', domain: '' },
        { code: 'CASINO', domain: 'casino.example' },
        { code: 'MULTI', domain: 'a.example | www.b.example, c.example  d.example' },
        { code: 'PORTAL', domain: 'https://portal.example/' },
        { code: 'OFF', domain: 'off.example', is_enabled: false },
        { code: 'LOCAL', domain: 'localhost' },
      ])
      .execute();
  });

  async function regDomain(headers: Record<string, string>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/routes/get-reg-domain',
      headers: { 'content-type': 'application/json', ...headers },
      payload: '{}',
    });
    expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    return response.json();
  }

  it('finds the code bound to the host of Origin, else Host', async () => {
    expect(await regDomain(SAME_ORIGIN)).toEqual({ status: 'success', code: 'LOCAL', domain: 'localhost' });
    expect(await regDomain({ host: 'casino.example', origin: 'http://casino.example' })).toEqual({
      status: 'success',
      code: 'CASINO',
      domain: 'casino.example',
    });
    expect(
      await regDomain({ host: 'www.casino.example', origin: 'http://www.casino.example' }),
    ).toMatchObject({ code: 'CASINO' });
    expect(
      await regDomain({ host: 'casino.example:8443', origin: 'http://casino.example:8443' }),
    ).toMatchObject({ code: 'CASINO' });
    expect(await regDomain({ host: 'CASINO.EXAMPLE', origin: 'HTTP://CASINO.EXAMPLE' })).toMatchObject({
      code: 'CASINO',
    });
    // A script without Origin: the Host header decides.
    expect(await regDomain({ host: 'casino.example' })).toMatchObject({ code: 'CASINO' });
    for (const host of ['a.example', 'b.example', 'www.b.example', 'c.example', 'd.example']) {
      expect(await regDomain({ host }), host).toMatchObject({ code: 'MULTI' });
    }
    // An allowed other origin (the portal served elsewhere) is the host that counts.
    expect(await regDomain({ host: 'api.example', origin: 'https://portal.example' })).toEqual({
      status: 'success',
      code: 'PORTAL',
      domain: 'https://portal.example/',
    });
  });

  it('cant_find_code for an unbound host, a disabled code, a look-alike or a code without a domain', async () => {
    for (const host of [
      'unknown.example',
      'off.example',
      'casino.example.evil.com',
      'evilcasino.example',
      'example',
      'nowhere.example',
    ]) {
      expect(await regDomain({ host }), host).toEqual({ status: 'cant_find_code' });
    }
  });

  it('refuses a foreign Origin like every POST', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/routes/get-reg-domain',
      headers: { 'content-type': 'application/json', host: 'localhost', origin: 'https://casino.example' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('get-banks', () => {
  it('answers the contract bank list', async () => {
    const response = await call(t, 'get-banks');
    expect(response.body).toEqual({
      status: 'success',
      banks: BANKS.map((b) => ({ code: b.code, nameKo: b.nameKo, nameEn: b.nameEn })),
    });
  });
});

describe('get-member-account', () => {
  it("answers the member's own withdrawal account", async () => {
    const response = await call(t, 'get-member-account', {}, { cookie: bobCookie });
    expect(response.body).toEqual({
      status: 'success',
      account: { userId: bob.userId, bankOwner: '홍길동', bankname: '004', banknum: bob.banknum },
    });
  });
});

describe('change-password', () => {
  it('success: the new password works, the old one not, and every other session is signed out', async () => {
    const member = await createMember(t, { signedIn: false });
    const current = await signIn(t, member, { ip: nextIp() });
    const other = await signIn(t, member, { ip: nextIp() });
    const newPassword = 'brand-new-secret';
    const response = await call(
      t,
      'change-password',
      { password: member.password, newPassword },
      { cookie: current },
    );
    expect(response.body).toEqual({ status: 'success' });
    expect((await call(t, 'user-health-check', {}, { cookie: other })).code).toBe(401);
    expect((await call(t, 'user-health-check', {}, { cookie: current })).code).toBe(200);
    const old = await call(
      t,
      'user-do-login',
      { userId: member.userId, password: member.password },
      { ip: nextIp() },
    );
    expect(old.body).toEqual({ status: 'fail' });
    const fresh = await call(
      t,
      'user-do-login',
      { userId: member.userId, password: newPassword },
      { ip: nextIp() },
    );
    expect(fresh.body).toMatchObject({ status: 'success' });
  });

  it('pass for a wrong current password; nothing changes and no session ends', async () => {
    const member = await createMember(t, { signedIn: false });
    const current = await signIn(t, member, { ip: nextIp() });
    const other = await signIn(t, member, { ip: nextIp() });
    const response = await call(
      t,
      'change-password',
      { password: 'not-my-password', newPassword: 'another-secret' },
      { cookie: current },
    );
    expect(response.body).toEqual({ status: 'pass' });
    expect((await call(t, 'user-health-check', {}, { cookie: other })).code).toBe(200);
    expect(
      (await call(t, 'user-do-login', { userId: member.userId, password: member.password }, { ip: nextIp() }))
        .body,
    ).toMatchObject({ status: 'success' });
  });

  it('400 for a new password that breaks a rule', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ newPassword: 'short' }, 'newPassword', 'length'],
      [{ newPassword: 'n'.repeat(65) }, 'newPassword', 'length'],
      [{ newPassword: 'iloveyou' }, 'newPassword', 'pattern'],
      [{ newPassword: 123456789 }, 'newPassword', 'type'],
      [{ newPassword: undefined }, 'newPassword', 'required'],
      [{ password: undefined }, 'password', 'required'],
      [{ password: '   ' }, 'password', 'required'],
    ];
    for (const [overrides, path, code] of cases) {
      const body = { password: bob.password, newPassword: 'valid-new-secret', ...overrides };
      const response = await call(t, 'change-password', body, { cookie: bobCookie });
      expect(response.code, JSON.stringify(overrides)).toBe(400);
      expect((response.body as Errors).errors).toContainEqual({ path, code });
    }
  });

  it('refuses a new password equal to the id (any case) with 400 newPassword pattern', async () => {
    const member = await createMember(t, {
      signedIn: false,
      userId: `idpass${Date.now().toString(36).slice(-4)}`,
    });
    const cookie = await signIn(t, member, { ip: nextIp() });
    const response = await call(
      t,
      'change-password',
      { password: member.password, newPassword: member.userId.toUpperCase() },
      { cookie },
    );
    expect(response.code).toBe(400);
    expect((response.body as Errors).errors).toContainEqual({ path: 'newPassword', code: 'pattern' });
  });
});

describe('change-exchange-password', () => {
  it('success with the login password: the new exchange password is stored as argon2id', async () => {
    const member = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, member, { ip: nextIp() });
    const response = await call(
      t,
      'change-exchange-password',
      { password: member.password, newExchangePassword: '9876' },
      { cookie },
    );
    expect(response.body).toEqual({ status: 'success' });
    const row = await t.db
      .selectFrom('members')
      .select('exchange_password_hash')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.exchange_password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(row.exchange_password_hash, '9876')).toBe(true);
  });

  it('pass for a wrong login password', async () => {
    const response = await call(
      t,
      'change-exchange-password',
      { password: 'wrong-password', newExchangePassword: '1111' },
      { cookie: bobCookie },
    );
    expect(response.body).toEqual({ status: 'pass' });
    const row = await t.db
      .selectFrom('members')
      .select('exchange_password_hash')
      .where('id', '=', bob.id)
      .executeTakeFirstOrThrow();
    expect(await verify(row.exchange_password_hash, bob.exchangePassword)).toBe(true);
  });

  it('400 for a bad new exchange password', async () => {
    for (const [value, code] of [
      ['123', 'length'],
      ['1234567', 'length'],
      ['12a4', 'pattern'],
      [1234, 'type'],
    ] as const) {
      const response = await call(
        t,
        'change-exchange-password',
        { password: bob.password, newExchangePassword: value },
        { cookie: bobCookie },
      );
      expectInvalid(response, 'newExchangePassword', code);
    }
  });
});

describe('password rules', () => {
  it('knows the common passwords regardless of case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord1')).toBe(true);
    expect(isCommonPassword('1q2w3e4r')).toBe(true);
    expect(isCommonPassword('pw-7f3a9c1e22')).toBe(false);
  });
});
