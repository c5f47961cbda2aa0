import { describe, expect, it } from 'vitest';
import { DEVICE_COOKIE } from '../src/modules/auth/device.ts';
import { createFraudService } from '../src/modules/fraud/fraud.service.ts';
import { IP_REPUTATION_TIMEOUT_MS } from '../src/modules/fraud/ip-reputation.ts';
import {
  auditOf,
  balances,
  bo,
  call,
  cookiesOf,
  createMember,
  ensureRegCode,
  fileTestApp,
  FRAUD_DEFAULTS,
  latestRequestId,
  operatorsOfEveryRole,
  postCredentials,
  setFraudSettings,
  uniqueMemberInput,
} from './factories.ts';

// Abuse signals and linked accounts of issue 28 (docs/security.md "Abuse signals",
// docs/api/backoffice-fraud.md): the signals recorded at registration, sign-in and the cashier's
// requests, the device cookie, links by device, phone and bank account (by address only when the
// operator turns IP links on), the operator's setting for a linked registration or sign-in, the
// rings, the review entries, the device blacklist and the retention job.

const t = await fileTestApp();
const { owner, cashier, support, content } = await operatorsOfEveryRole(t);
await ensureRegCode(t);

async function setSettings(patch: Partial<typeof FRAUD_DEFAULTS>) {
  const answer = await setFraudSettings(t, owner.cookie, patch);
  expect(answer.code).toBe(200);
  return answer;
}

/** A device id as the `did` cookie carries it (22 base64url characters). */
function deviceId(tag: string): string {
  return `${tag}${'x'.repeat(22)}`.slice(0, 22).replace(/[^A-Za-z0-9_-]/g, 'y');
}

async function memberIdOf(userId: string): Promise<number> {
  const row = await t.db
    .selectFrom('members')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function registerFrom(
  device: string,
  ip: string,
  overrides: Parameters<typeof uniqueMemberInput>[0] = {},
) {
  const input = uniqueMemberInput(overrides);
  const answer = await call(
    t,
    'user-register',
    { ...input, agree18: true },
    { cookie: `${DEVICE_COOKIE}=${device}`, ip },
  );
  return { input, answer };
}

async function signInWith(member: { userId: string; password: string }, ip: string, device?: string) {
  const response = await postCredentials(
    t,
    { userId: member.userId, password: member.password },
    { ip, ...(device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {}) },
  );
  return {
    code: response.statusCode,
    body: response.json() as { url: string },
    cookies: cookiesOf(response),
  };
}

async function signalsOf(memberId: number) {
  return t.db
    .selectFrom('member_signals')
    .select(['kind', 'value', 'seen'])
    .where('member_id', '=', memberId)
    .orderBy('kind')
    .orderBy('value')
    .execute();
}

describe('signals', () => {
  it('gives a browser a lasting HttpOnly device cookie and records address, range, device and browser at sign-in', async () => {
    const m = await createMember(t, { signedIn: false });
    const first = await signInWith(m, '198.51.100.23');
    expect(first.code).toBe(200);
    const did = first.cookies[DEVICE_COOKIE];
    expect(did).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const raw = await postCredentials(t, { userId: m.userId, password: m.password }, { ip: '198.51.100.23' });
    const cookie = raw.cookies.find((c) => c.name === DEVICE_COOKIE) as {
      httpOnly?: boolean;
      maxAge?: number;
      sameSite?: string;
    };
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBe(400 * 24 * 60 * 60);

    // The same cookie again: no new one set, the same device's count raised.
    const again = await signInWith(m, '198.51.100.23', did);
    expect(again.cookies[DEVICE_COOKIE]).toBeUndefined();
    const signals = await signalsOf(m.id);
    expect(signals.filter((s) => s.kind === 'ip')).toEqual([{ kind: 'ip', value: '198.51.100.23', seen: 3 }]);
    expect(signals.filter((s) => s.kind === 'range')).toEqual([
      { kind: 'range', value: '198.51.100.0/24', seen: 3 },
    ]);
    expect(signals.find((s) => s.kind === 'device' && s.value === did)?.seen).toBe(2);
    expect(signals.filter((s) => s.kind === 'browser')).toHaveLength(1);
  });

  it('records an IPv6 address with its /64 and ignores a malformed device cookie', async () => {
    const m = await createMember(t, { signedIn: false });
    const answer = await signInWith(m, '2001:db8:28:1:aaaa::5', 'not a device id');
    expect(answer.code).toBe(200);
    expect(answer.cookies[DEVICE_COOKIE]).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const signals = await signalsOf(m.id);
    expect(signals.find((s) => s.kind === 'range')?.value).toBe('2001:db8:28:1::/64');
    expect(signals.some((s) => s.value === 'not a device id')).toBe(false);
  });

  it('records the device, bank account and depositor of deposit and withdrawal requests', async () => {
    const m = await createMember(t, { cash: 50_000 });
    const device = deviceId('cashier');
    const deposit = await call(
      t,
      'apply-user-deposit',
      { amount: 10_000, depositor: ' 김  입금 ' },
      { cookie: `${m.cookie}; ${DEVICE_COOKIE}=${device}`, ip: '192.0.2.44' },
    );
    expect(deposit.body.status).toBe('success');
    const signals = await signalsOf(m.id);
    expect(signals).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'device', value: device }),
        expect.objectContaining({ kind: 'depositor', value: '김 입금' }),
        expect.objectContaining({ kind: 'bank', value: m.banknum }),
        expect.objectContaining({ kind: 'ip', value: '192.0.2.44' }),
      ]),
    );
  });
});

describe('linked accounts', () => {
  it('links ten accounts of one device and refuses the tenth registration when the setting says so', async () => {
    await setSettings({ registerAction: 'refuse', linkThreshold: 9 });
    const device = deviceId('ring10');
    const made: string[] = [];
    for (let i = 0; i < 9; i += 1) {
      const { input, answer } = await registerFrom(device, `10.28.${i}.1`);
      expect(answer.body, `registration ${i + 1}`).toEqual({ status: 'success' });
      made.push(input.userId);
    }
    const tenth = await registerFrom(device, '10.28.99.1');
    // The neutral answer of a refused registration: nothing said of why, no member written.
    expect(tenth.answer.body).toEqual({ status: 'fail' });
    expect(
      await t.db
        .selectFrom('members')
        .select('id')
        .where('user_id', '=', tenth.input.userId)
        .executeTakeFirst(),
    ).toBeUndefined();

    const firstId = await memberIdOf(made[0]!);
    const links = await bo(t, 'fraud.links', { cookie: support.cookie, params: { id: firstId } });
    expect(links.code).toBe(200);
    expect(links.body.links).toHaveLength(8);
    expect(
      links.body.links.every((l: { by: { kind: string }[] }) => l.by.some((b) => b.kind === 'device')),
    ).toBe(true);
    expect(links.body.score).toBe(100);

    const rings = await bo(t, 'fraud.rings', { cookie: support.cookie, query: { kind: 'device' } });
    const ring = rings.body.list.find((r) => r.value === device)!;
    expect(ring.count).toBe(9);
    expect(ring.members.map((m) => m.userId).sort()).toEqual([...made].sort());

    const flags = await bo(t, 'fraud.flags', { cookie: support.cookie, query: { kind: 'linked_register' } });
    const refused = flags.body.list.find((f) => f.details.userId === tenth.input.userId)!;
    expect(refused).toMatchObject({ action: 'refuse', memberId: null, state: 'open' });
    expect(refused.details.linked).toBe(9);
    // Before the threshold the registrations were flagged, not refused: none of the nine has an entry.
    expect(flags.body.list.filter((f: { memberId: number | null }) => f.memberId === firstId)).toHaveLength(
      0,
    );
    await setSettings({});
  });

  it('flags a linked registration when the setting is flag, and lets it through silently on allow', async () => {
    const device = deviceId('flagged');
    const a = await registerFrom(device, '10.29.0.1');
    expect(a.answer.body).toEqual({ status: 'success' });
    const b = await registerFrom(device, '10.29.0.2');
    expect(b.answer.body).toEqual({ status: 'success' });
    const bId = await memberIdOf(b.input.userId);
    const flagged = await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', bId).execute();
    expect(flagged).toEqual([
      expect.objectContaining({ kind: 'linked_register', action: 'flag', state: 'open' }),
    ]);

    await setSettings({ registerAction: 'allow' });
    const c = await registerFrom(device, '10.29.0.3');
    expect(c.answer.body).toEqual({ status: 'success' });
    const cId = await memberIdOf(c.input.userId);
    expect(await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', cId).execute()).toEqual(
      [],
    );
    await setSettings({});
  });

  it('does not link unrelated members behind one carrier range unless the operator turns IP links on', async () => {
    await setSettings({ signInAction: 'refuse', linkThreshold: 1 });
    // Two strangers on one mobile carrier's shared address (carrier-grade NAT): same address, same /24.
    const a = await createMember(t, { signedIn: false });
    const b = await createMember(t, { signedIn: false });
    expect((await signInWith(a, '100.64.28.7', deviceId('phoneA'))).code).toBe(200);
    expect((await signInWith(b, '100.64.28.7', deviceId('phoneB'))).code).toBe(200);
    expect((await signInWith(a, '100.64.28.9', deviceId('phoneA'))).code).toBe(200);
    const links = await bo(t, 'fraud.links', { cookie: owner.cookie, params: { id: a.id } });
    expect(links.body).toMatchObject({ status: 'success', links: [], score: 0 });
    const rings = await bo(t, 'fraud.rings', { cookie: owner.cookie });
    expect(rings.body.list.some((r: { value: string }) => r.value.startsWith('100.64.28.'))).toBe(false);
    expect(
      await t.db.selectFrom('fraud_flags').selectAll().where('member_id', 'in', [a.id, b.id]).execute(),
    ).toEqual([]);

    // The operator asks for IP links: now the shared address links them, and the setting refuses.
    await setSettings({ signInAction: 'refuse', linkThreshold: 1, ipLinks: true });
    const linked = await bo(t, 'fraud.links', { cookie: owner.cookie, params: { id: a.id } });
    expect(linked.body.links).toEqual([
      expect.objectContaining({
        memberId: b.id,
        score: 30,
        by: expect.arrayContaining([
          expect.objectContaining({ kind: 'ip', value: '100.64.28.7' }),
          expect.objectContaining({ kind: 'range', value: '100.64.28.0/24' }),
        ]),
      }),
    ]);
    const refused = await signInWith(a, '100.64.28.7', deviceId('phoneA'));
    expect(refused.code).toBe(401);
    expect(refused.body.url).toContain('CredentialsSignin');
    expect(refused.cookies.sid).toBeUndefined();
    const entries = await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', a.id).execute();
    expect(entries).toEqual([expect.objectContaining({ kind: 'linked_sign_in', action: 'refuse' })]);
    // A second refused sign-in adds no second open entry.
    await signInWith(a, '100.64.28.7', deviceId('phoneA'));
    expect(
      await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', a.id).execute(),
    ).toHaveLength(1);

    // An address seen longer ago than the days of IP links does not link.
    await t.db
      .updateTable('member_signals')
      .set({ last_seen: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where('member_id', '=', b.id)
      .execute();
    expect((await signInWith(a, '100.64.28.7', deviceId('phoneA'))).code).toBe(200);
    await setSettings({});
  });

  it('flags a referral from a member who used the same device (the referral rule)', async () => {
    const device = deviceId('referrer');
    const r = await createMember(t, { signedIn: false });
    expect((await signInWith(r, '10.30.0.1', device)).code).toBe(200);
    const { input, answer } = await registerFrom(device, '10.30.0.2', { recommender: r.userId });
    expect(answer.body).toEqual({ status: 'success' });
    const row = await t.db
      .selectFrom('members')
      .select(['recommender_id', 'referral_flag'])
      .where('user_id', '=', input.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ recommender_id: r.id, referral_flag: 'device' });
  });
});

describe('device blacklist', () => {
  it('refuses a listed device at registration, sign-in and deposit', async () => {
    const device = deviceId('banned');
    const m = await createMember(t, { signedIn: false });
    expect((await signInWith(m, '10.31.0.1', device)).code).toBe(200);
    const added = await bo(t, 'blacklist.add', {
      cookie: owner.cookie,
      body: { kind: 'device', value: ` ${device} `, reason: 'ring of ten' },
    });
    expect(added.body.status).toBe('success');
    expect((await signInWith(m, '10.31.0.1', device)).code).toBe(401);
    expect((await registerFrom(device, '10.31.0.2')).answer.body).toEqual({ status: 'fail' });
    const other = await createMember(t);
    const deposit = await call(
      t,
      'apply-user-deposit',
      { amount: 10_000 },
      { cookie: `${other.cookie}; ${DEVICE_COOKIE}=${device}`, ip: '10.31.0.3' },
    );
    expect(deposit.body.status).toBe('blocked');
    const hits = await t.db.selectFrom('blacklist_hits').selectAll().where('kind', '=', 'device').execute();
    expect(hits.map((h) => h.context).sort()).toEqual(['deposit', 'register', 'sign_in']);
    // A value that is no device id is refused at its field.
    const bad = await bo(t, 'blacklist.add', {
      cookie: owner.cookie,
      body: { kind: 'device', value: 'short', reason: 'x' },
    });
    expect(bad.code).toBe(400);
  });
});

describe('settings and review entries', () => {
  it('keeps the settings to the owner, checks them and audits the change', async () => {
    const read = await bo(t, 'fraud.settings', { cookie: cashier.cookie });
    expect(read.body.settings).toEqual(FRAUD_DEFAULTS);
    expect(
      (await bo(t, 'fraud.settings.update', { cookie: cashier.cookie, body: FRAUD_DEFAULTS })).code,
    ).toBe(403);
    for (const body of [
      { ...FRAUD_DEFAULTS, registerAction: 'ban' },
      { ...FRAUD_DEFAULTS, linkThreshold: 0 },
      { ...FRAUD_DEFAULTS, ipLinkDays: 91 },
      { ...FRAUD_DEFAULTS, ipLinks: 'yes' },
      { ...FRAUD_DEFAULTS, extra: 1 },
    ]) {
      // Some of the wrong type (an unknown action, a string flag, an unknown field), which the entry's type refuses.
      const bad = await bo(t, 'PUT', '/fraud/settings', { cookie: owner.cookie, body });
      expect(bad.code, JSON.stringify(body)).toBe(400);
    }
    const changed = await setSettings({ linkThreshold: 3 });
    expect(changed.body.settings.linkThreshold).toBe(3);
    expect(changed.body.updatedBy).toBe(owner.operatorId);
    const audit = await auditOf(t, 'fraud_settings');
    expect(audit.at(-1)).toMatchObject({
      action: 'settings.fraud',
      before: expect.objectContaining({ linkThreshold: 1 }),
      after: expect.objectContaining({ linkThreshold: 3 }),
    });
    await setSettings({});
  });

  it('closes a review entry once with the operator note, out of 40 parallel closes', async () => {
    const device = deviceId('closing');
    await registerFrom(device, '10.32.0.1');
    const { input } = await registerFrom(device, '10.32.0.2');
    const id = await memberIdOf(input.userId);
    const flag = await t.db
      .selectFrom('fraud_flags')
      .select('id')
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(
      (
        await bo(t, 'fraud.flags.close', {
          cookie: support.cookie,
          params: { id: flag.id },
          body: { note: 'x\u0000' },
        })
      ).code,
    ).toBe(400);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        bo(t, 'fraud.flags.close', {
          cookie: support.cookie,
          params: { id: flag.id },
          body: { note: '가족 PC 확인' },
        }),
      ),
    );
    expect(answers.filter((a) => a.body.status === 'success')).toHaveLength(1);
    expect(answers.filter((a) => a.body.status === 'already')).toHaveLength(39);
    expect(await auditOf(t, `fraud_flag:${flag.id}`)).toEqual([
      expect.objectContaining({ action: 'fraud.close', after: { state: 'closed', note: '가족 PC 확인' } }),
    ]);
    expect(
      (
        await bo(t, 'fraud.flags.close', {
          cookie: support.cookie,
          params: { id: 999999999 },
          body: { note: 'x' },
        })
      ).body,
    ).toEqual({
      status: 'not_found',
    });
    expect((await bo(t, 'fraud.links', { cookie: support.cookie, params: { id: 999999999 } })).body).toEqual({
      status: 'not_found',
    });
  });
});

describe('bonus hunting', () => {
  it('flags linked members each taking a first-deposit bonus, and skips flagged members when set', async () => {
    const level = await bo(t, 'settings.updateLevel', {
      cookie: owner.cookie,
      params: { level: 1 },
      body: { depositBonus: [{ kind: 'first', percent: 10, cap: 50_000, rollover: 3 }] },
    });
    expect(level.body.status).toBe('success');
    await bo(t, 'depositBonus.set', { cookie: owner.cookie, body: { enabled: true } });
    const device = deviceId('hunter');
    const takeFirstBonus = async (m: { id: number; cookie: string }) => {
      const options = await call(t, 'get-deposit-bonus', {}, m.cookie);
      const first = options.body.options.find((o: { kind: string }) => o.kind === 'first');
      if (!first) return 'none';
      const asked = await call(
        t,
        'apply-user-deposit',
        { amount: 100_000, bonusId: first.id },
        { cookie: `${m.cookie}; ${DEVICE_COOKIE}=${device}`, ip: '10.34.0.1' },
      );
      expect(asked.body.status).toBe('success');
      const request = await latestRequestId(t, 'deposit', m.id);
      const approved = await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id: request } });
      expect(approved.body.status).toBe('success');
      return 'taken';
    };
    const a = await createMember(t);
    const b = await createMember(t);
    const c = await createMember(t);
    expect(await takeFirstBonus(a)).toBe('taken');
    expect(await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', a.id).execute()).toEqual(
      [],
    );
    expect(await takeFirstBonus(b)).toBe('taken');
    const hunts = await t.db
      .selectFrom('fraud_flags')
      .selectAll()
      .where('member_id', '=', b.id)
      .where('kind', '=', 'bonus_hunt')
      .execute();
    expect(hunts).toHaveLength(1);
    expect(hunts[0]!.details).toMatchObject({ bonus: 'first', with: [a.id] });

    // The operator voids an unpaid bonus: its deposit, approved, pays none (audited).
    const options = await call(t, 'get-deposit-bonus', {}, c.cookie);
    const firstOption = options.body.options.find((o: { kind: string }) => o.kind === 'first');
    expect(
      (await call(t, 'apply-user-deposit', { amount: 100_000, bonusId: firstOption!.id }, c.cookie)).body
        .status,
    ).toBe('success');
    expect((await bo(t, 'fraud.voidBonus', { cookie: support.cookie, params: { id: c.id } })).code).toBe(403);
    const voided = await bo(t, 'fraud.voidBonus', { cookie: cashier.cookie, params: { id: c.id } });
    expect(voided.body).toEqual({ status: 'success', voided: 1 });
    expect((await bo(t, 'fraud.voidBonus', { cookie: cashier.cookie, params: { id: c.id } })).body).toEqual({
      status: 'success',
      voided: 0,
    });
    const cashBefore = (await balances(t, c.id)).cash;
    const pendingRequest = await latestRequestId(t, 'deposit', c.id);
    expect(
      (await bo(t, 'deposits.approve', { cookie: owner.cookie, params: { id: pendingRequest } })).body.status,
    ).toBe('success');
    expect((await balances(t, c.id)).cash).toBe(cashBefore + 100_000);
    expect(
      (await auditOf(t, `member:${c.id}`)).some((e: { action: string }) => e.action === 'deposit_bonus.void'),
    ).toBe(true);

    // With the setting, a flagged member is offered no bonus; an unflagged one still is.
    await setSettings({ skipFlaggedPromotions: true });
    expect((await call(t, 'get-deposit-bonus', {}, b.cookie)).body.options).toEqual([]);
    const d = await createMember(t);
    expect(
      (await call(t, 'get-deposit-bonus', {}, d.cookie)).body.options.some(
        (o: { kind: string }) => o.kind === 'first',
      ),
    ).toBe(true);
    await setSettings({});
  });
});

describe('IP reputation hook', () => {
  it("flags a sign-in from an address the operator's service calls risky, and waits no longer than its timeout", async () => {
    const asked: string[] = [];
    const fraud = createFraudService({
      db: t.db,
      audit: t.services.audit,
      now: () => new Date(),
      ipReputation: {
        check: async (ip) => {
          asked.push(ip);
          if (ip === '203.0.113.66') return 'risky';
          if (ip === '203.0.113.67') return new Promise(() => {});
          return 'ok';
        },
      },
    });
    const m = await createMember(t, { signedIn: false });
    expect(await fraud.admitSignIn(m.id, { ip: '::ffff:203.0.113.66' })).toBe(true);
    expect(asked).toEqual(['203.0.113.66']);
    const entries = await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', m.id).execute();
    expect(entries).toEqual([
      expect.objectContaining({
        kind: 'linked_sign_in',
        action: 'flag',
        details: { reputation: 'risky', ip: '203.0.113.66' },
      }),
    ]);
    const started = Date.now();
    const other = await createMember(t, { signedIn: false });
    expect(await fraud.admitSignIn(other.id, { ip: '203.0.113.67' })).toBe(true);
    expect(Date.now() - started).toBeLessThan(IP_REPUTATION_TIMEOUT_MS + 1500);
    expect(
      await t.db.selectFrom('fraud_flags').selectAll().where('member_id', '=', other.id).execute(),
    ).toEqual([]);
  });
});

describe('dashboard summary', () => {
  it("counts the site day's review entries by kind, the refusals, the blacklist hits and the open entries", async () => {
    const before = await bo(t, 'fraud.summary', { cookie: support.cookie });
    expect(before.code).toBe(200);
    await setSettings({ registerAction: 'refuse', linkThreshold: 1 });
    const device = deviceId('summary');
    expect((await registerFrom(device, '10.35.0.1')).answer.body).toEqual({ status: 'success' });
    expect((await registerFrom(device, '10.35.0.2')).answer.body).toEqual({ status: 'fail' });
    await setSettings({});
    const after = await bo(t, 'fraud.summary', { cookie: support.cookie });
    expect(after.body.entries.linked_register).toBe(before.body.entries.linked_register + 1);
    expect(after.body.refused).toBe(before.body.refused + 1);
    expect(after.body.open).toBe(before.body.open + 1);
    expect(after.body.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await bo(t, 'fraud.summary', { cookie: content.cookie })).code).toBe(403);
  });
});

describe('retention', () => {
  it('prunes signals and blacklist hits past their retention and keeps the rest', async () => {
    const m = await createMember(t, { signedIn: false });
    await signInWith(m, '10.33.0.1', deviceId('prune'));
    const old = new Date(Date.now() - 366 * 24 * 60 * 60 * 1000);
    await t.db
      .updateTable('member_signals')
      .set({ last_seen: old, first_seen: old })
      .where('member_id', '=', m.id)
      .where('kind', '=', 'ip')
      .execute();
    await t.db.updateTable('blacklist_hits').set({ at: old }).where('kind', '=', 'device').execute();
    await t.services.jobs.runNow('fraud-prune');
    const kinds = (await signalsOf(m.id)).map((s) => s.kind);
    expect(kinds).not.toContain('ip');
    expect(kinds).toContain('device');
    expect(
      await t.db.selectFrom('blacklist_hits').selectAll().where('kind', '=', 'device').execute(),
    ).toEqual([]);
  });
});
