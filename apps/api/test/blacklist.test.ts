import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { describe, expect, it } from 'vitest';
import {
  BLACKLIST_IMPORT_MAX_BYTES,
  BLACKLIST_IMPORT_MAX_ROWS,
  parseBlacklistCsv,
} from '@casino/contracts/backoffice-blacklist';
import { BODY_LIMIT_BYTES } from '../src/app.ts';
import {
  auditOf,
  balances,
  bo,
  call,
  createMember,
  ensureRegCode,
  fileTestApp,
  operatorsOfEveryRole,
  requestIdsOf,
  TEST_REG_CODE,
  uniqueMemberInput,
} from './factories.ts';

// The blacklist of issue 28 (docs/api/backoffice-blacklist.md): addresses and ranges, phones and
// bank accounts, refused with a neutral answer at registration, sign-in, deposit and withdrawal,
// each hit recorded for the operator; the owner's list, add, remove, CSV import and export.

const t = await fileTestApp();
const { owner, cashier, support } = await operatorsOfEveryRole(t);

async function add(kind: TBackofficeBody<'blacklist.add'>['kind'], value: string, reason = 'test') {
  return bo(t, 'blacklist.add', { cookie: owner.cookie, body: { kind, value, reason } });
}

async function entryCount(): Promise<number> {
  const row = await t.db
    .selectFrom('blacklist_entries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function hitsOf(context: 'register' | 'sign_in' | 'deposit' | 'withdraw') {
  return t.db.selectFrom('blacklist_hits').selectAll().where('context', '=', context).execute();
}

async function signInFrom(member: { userId: string; password: string }, ip: string) {
  const { postCredentials } = await import('./factories.ts');
  const response = await postCredentials(t, { userId: member.userId, password: member.password }, { ip });
  return response.json() as { url?: string; error?: string; status?: string };
}

describe('blacklist entries', () => {
  it('normalizes each kind, keeps one of 40 parallel adds and audits the add', async () => {
    const made = await add('ip', '198.51.100.77/24', 'fraud ring');
    expect(made.body).toMatchObject({ status: 'success' });
    const again = await Promise.all(Array.from({ length: 40 }, () => add('ip', '198.51.100.0/24')));
    expect(again.every((a) => a.code === 200 && a.body.status === 'already')).toBe(true);
    const rows = await t.db.selectFrom('blacklist_entries').selectAll().where('kind', '=', 'ip').execute();
    expect(rows.filter((r) => r.value === '198.51.100.0/24')).toHaveLength(1);

    const parallel = await Promise.all(Array.from({ length: 40 }, () => add('phone', '010-9999-0028')));
    expect(parallel.filter((a) => a.body.status === 'success')).toHaveLength(1);
    expect(parallel.filter((a) => a.body.status === 'already')).toHaveLength(39);

    const v6 = await add('ip', '2001:DB8:0028:0001:ffff::1/64');
    expect(v6.body.status).toBe('success');
    const list = await bo(t, 'blacklist.list', {
      cookie: owner.cookie,
      query: { kind: 'ip', search: '2001' },
    });
    expect(list.body.list.map((e: { value: string }) => e.value)).toEqual(['2001:db8:28:1::/64']);
    const audit = await auditOf(t, `blacklist:${made.body.id}`);
    expect(audit).toEqual([
      expect.objectContaining({
        actor: owner.operatorId,
        action: 'blacklist.add',
        after: { kind: 'ip', value: '198.51.100.0/24', reason: 'fraud ring' },
      }),
    ]);
  });

  it('answers bad input 400 and stores nothing', async () => {
    const before = await entryCount();
    const bad = [
      { kind: 'ip', value: '300.1.1.1', reason: 'x' },
      { kind: 'ip', value: '10.0.0.0/4', reason: 'x' },
      { kind: 'ip', value: '2001:db8::/16', reason: 'x' },
      { kind: 'ip', value: '10.0.0.1/33', reason: 'x' },
      { kind: 'ip', value: '010.1.1.1', reason: 'x' },
      { kind: 'phone', value: 'abc', reason: 'x' },
      { kind: 'bank', value: '12-34', reason: 'x' },
      { kind: 'device', value: 'abc123', reason: 'x' },
      { kind: 'bank', value: '1234567890', reason: '' },
      { kind: 'bank', value: 1234567890, reason: 'x' },
      { kind: 'bank', value: '1234567890', reason: 'x', extra: 1 },
    ];
    for (const body of bad) {
      // Some of the wrong type (a number, an unknown field), which the entry's type refuses.
      const answer = await bo(t, 'POST', '/blacklist', { cookie: owner.cookie, body });
      expect(answer.code, JSON.stringify(body)).toBe(400);
    }
    expect(await entryCount()).toBe(before);
  });

  it('is the owner’s: other roles get 403', async () => {
    for (const op of [cashier, support]) {
      expect((await bo(t, 'blacklist.list', { cookie: op.cookie })).code).toBe(403);
      expect(
        (
          await bo(t, 'blacklist.add', {
            cookie: op.cookie,
            body: { kind: 'phone', value: '01012341234', reason: 'x' },
          })
        ).code,
      ).toBe(403);
      expect((await bo(t, 'blacklist.csv', { cookie: op.cookie })).code).toBe(403);
    }
  });

  it('removes an entry, audited with what it was', async () => {
    const made = await add('bank', '5550-0028-0001', 'chargeback');
    const id = made.body.id as number;
    expect((await bo(t, 'blacklist.delete', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'success',
    });
    expect((await bo(t, 'blacklist.delete', { cookie: owner.cookie, params: { id } })).body).toEqual({
      status: 'not_found',
    });
    const audit = await auditOf(t, `blacklist:${id}`);
    expect(audit.map((a) => a.action)).toEqual(['blacklist.add', 'blacklist.remove']);
    expect(audit[1]!.before).toMatchObject({ kind: 'bank', value: '555000280001', reason: 'chargeback' });
  });
});

describe('the checks', () => {
  it('refuses a withdrawal to a banned bank account with the balance unchanged', async () => {
    const member = await createMember(t, { cash: 100_000 });
    const before = await balances(t, member.id);
    await add('bank', member.banknum, 'stolen account');
    const answer = await call(
      t,
      'apply-user-withdraw',
      { amount: 10_000, exchangePassword: member.exchangePassword },
      member.cookie,
    );
    expect(answer.body).toEqual({ status: 'blocked' });
    expect(await balances(t, member.id)).toEqual(before);
    const requests = await requestIdsOf(t, 'withdraw', member.id);
    expect(requests).toEqual([]);
    expect((await hitsOf('withdraw')).some((h) => h.member_id === member.id && h.kind === 'bank')).toBe(true);
    // The same account refuses a deposit request too; nothing is stored.
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, member.cookie)).body).toEqual({
      status: 'blocked',
    });
    const deposits = await requestIdsOf(t, 'deposit', member.id);
    expect(deposits).toEqual([]);
    expect((await hitsOf('deposit')).some((h) => h.member_id === member.id && h.kind === 'bank')).toBe(true);
  });

  it('an IPv6 /64 refuses an address inside it (sign-in, deposit) and not one outside', async () => {
    const member = await createMember(t);
    await add('ip', '2001:db8:28:2::/64');
    const inside = await signInFrom(member, '2001:db8:28:2:abcd::9');
    const wrong = await signInFrom({ ...member, password: 'wrong-password-1' }, '2001:db8:28:3::8');
    const outside = await signInFrom(member, '2001:db8:28:3::9');
    expect(inside).toEqual(wrong);
    expect(outside).not.toEqual(inside);
    expect(
      (await hitsOf('sign_in')).some((h) => h.ip === '2001:db8:28:2:abcd::9' && h.user_id === member.userId),
    ).toBe(true);
    expect((await hitsOf('sign_in')).some((h) => h.ip === '2001:db8:28:3::9')).toBe(false);

    const deposit = await call(
      t,
      'apply-user-deposit',
      { amount: 10_000 },
      { cookie: member.cookie, ip: '2001:db8:28:2::77' },
    );
    expect(deposit.body).toEqual({ status: 'blocked' });
    const elsewhere = await call(
      t,
      'apply-user-deposit',
      { amount: 10_000 },
      { cookie: member.cookie, ip: '2001:db8:28:3::77' },
    );
    expect(elsewhere.body).toEqual({ status: 'success' });
  });

  it('an IPv4 /24 refuses sign-in from inside it, the same as a wrong password', async () => {
    const member = await createMember(t);
    await add('ip', '203.0.113.0/24');
    const inside = await signInFrom(member, '203.0.113.200');
    const wrong = await signInFrom({ ...member, password: 'wrong-password-1' }, '192.0.2.10');
    const outside = await signInFrom(member, '203.0.114.1');
    expect(inside).toEqual(wrong);
    expect(outside).not.toEqual(inside);
    // An IPv4-mapped IPv6 client address is the IPv4 address.
    expect(await signInFrom(member, '::ffff:203.0.113.5')).toEqual(wrong);
  });

  it('refuses a registration with a banned phone with the neutral `fail`, nothing stored', async () => {
    await ensureRegCode(t);
    const input = uniqueMemberInput({ code: TEST_REG_CODE });
    await add('phone', input.phone, 'known abuser');
    const answer = await call(t, 'user-register', { ...input, agree18: true });
    expect(answer.body).toEqual({ status: 'fail' });
    const stored = await t.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', input.userId)
      .execute();
    expect(stored).toEqual([]);
    expect((await hitsOf('register')).some((h) => h.user_id === input.userId && h.kind === 'phone')).toBe(
      true,
    );
    const hits = await bo(t, 'blacklist.hits', { cookie: owner.cookie });
    expect(hits.body.list.some((h) => h.context === 'register' && h.userId === input.userId)).toBe(true);

    const clean = uniqueMemberInput({ code: TEST_REG_CODE });
    expect((await call(t, 'user-register', { ...clean, agree18: true })).body).toMatchObject({
      status: 'success',
    });
  });
});

describe('CSV import and export', () => {
  it('round-trips, formula cells escaped; a bad row imports nothing and is named', async () => {
    const before = await entryCount();
    const bad = await bo(t, 'blacklist.import', {
      cookie: owner.cookie,
      body: { csv: 'kind,value,reason\nphone,01077770028,ok\nip,999.1.1.1,bad\nfax,1,x\nbank,12345678\n' },
    });
    expect(bad.body).toEqual({
      status: 'invalid',
      rows: [
        { line: 3, reason: 'value' },
        { line: 4, reason: 'kind' },
        { line: 5, reason: 'columns' },
      ],
    });
    expect(await entryCount()).toBe(before);

    const good = await bo(t, 'blacklist.import', {
      cookie: owner.cookie,
      body: {
        csv: 'phone,010-7777-0028,"=HYPERLINK(""http://x"")"\r\nip,192.0.2.128/25,"range, imported"\r\n',
      },
    });
    expect(good.body).toEqual({ status: 'success', added: 2, already: 0 });

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/blacklist.csv',
      headers: { cookie: owner.cookie },
    });
    expect(exported.statusCode).toBe(200);
    const text = exported.body;
    expect(text).toContain(`phone,01077770028,"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain('ip,192.0.2.128/25,"range, imported"');

    // The export imports as it is: every entry is listed already.
    const again = await bo(t, 'blacklist.import', { cookie: owner.cookie, body: { csv: text } });
    expect(again.body).toEqual({ status: 'success', added: 0, already: await entryCount() });
    const formula = await t.db
      .selectFrom('blacklist_entries')
      .select('reason')
      .where('value', '=', '01077770028')
      .executeTakeFirstOrThrow();
    expect(formula.reason).toBe('=HYPERLINK("http://x")');
  });
});

/** `count` distinct rows of every kind, from `from` on (`kind,value,reason`; some reasons quoted). */
function csvRows(count: number, from = 0): string[] {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const kind = (['ip', 'phone', 'bank', 'device'] as const)[n % 4]!;
    const value =
      kind === 'ip'
        ? `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
        : kind === 'device'
          ? `dev${String(n).padStart(19, '0')}`
          : `0${kind === 'phone' ? 10 : 99}${String(n).padStart(8, '0')}`;
    const reason = n % 3 === 0 ? `"ring ${n}, by ""import"""` : `bulk ${n} 사기`;
    return `${kind},${value},${reason}`;
  });
}

async function auditCount(): Promise<number> {
  const row = await t.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a large import (the route’s own body limit)', () => {
  it('imports 5,000 rows in one request over 64 KiB, audited, and exports the same entries', async () => {
    const before = await entryCount();
    const audits = await auditCount();
    const csv = ['kind,value,reason', ...csvRows(5_000)].join('\r\n');
    expect(JSON.stringify({ csv }).length).toBeGreaterThan(BODY_LIMIT_BYTES * 2);
    const imported = await bo(t, 'blacklist.import', { cookie: owner.cookie, body: { csv } });
    expect([imported.code, imported.body]).toEqual([200, { status: 'success', added: 5_000, already: 0 }]);
    expect(await entryCount()).toBe(before + 5_000);
    expect(await auditCount()).toBe(audits + 5_000);

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/backoffice/blacklist.csv',
      headers: { cookie: owner.cookie },
    });
    const sent = parseBlacklistCsv(csv);
    const back = parseBlacklistCsv(exported.body);
    if (sent.status !== 'success' || back.status !== 'success') throw new Error('not parsed');
    const key = (e: { kind: string; value: string; reason: string }) => `${e.kind} ${e.value} ${e.reason}`;
    const exportedKeys = new Set(back.entries.map(key));
    expect(sent.entries.filter((e) => !exportedKeys.has(key(e)))).toEqual([]);
    expect(back.entries.length).toBe(before + 5_000);
    // Imported again as exported: every entry is listed already, nothing added or audited.
    const again = await bo(t, 'blacklist.import', { cookie: owner.cookie, body: { csv: exported.body } });
    expect(again.body).toEqual({ status: 'success', added: 0, already: before + 5_000 });
    expect(await auditCount()).toBe(audits + 5_000);
  }, 120_000);

  it('a body over the route’s limit answers 413 too_large and changes nothing; 401 and 403 come first', async () => {
    const before = await entryCount();
    const audits = await auditCount();
    const csv = `${csvRows(1).join('\n')}\n${' '.repeat(BLACKLIST_IMPORT_MAX_BYTES)}`;
    const huge = await bo(t, 'blacklist.import', { cookie: owner.cookie, body: { csv } });
    expect([huge.code, huge.body]).toEqual([413, { status: 'too_large' }]);
    // Checked before the body is read: no session is 401, a role without the permission 403.
    const stranger = await bo(t, 'blacklist.import', { body: { csv } });
    expect([stranger.code, stranger.body]).toEqual([401, { status: 'unauthenticated' }]);
    const other = await bo(t, 'blacklist.import', { cookie: cashier.cookie, body: { csv } });
    expect([other.code, other.body]).toEqual([403, { status: 'denied' }]);
    expect(await entryCount()).toBe(before);
    expect(await auditCount()).toBe(audits);
  });

  it('more rows than the cap answer too_many_rows and import nothing', async () => {
    const before = await entryCount();
    const csv = ['kind,value,reason', ...csvRows(BLACKLIST_IMPORT_MAX_ROWS + 1, 100_000)].join('\n');
    const answer = await bo(t, 'blacklist.import', { cookie: owner.cookie, body: { csv } });
    expect([answer.code, answer.body]).toEqual([
      200,
      { status: 'too_many_rows', rows: BLACKLIST_IMPORT_MAX_ROWS + 1, maxRows: BLACKLIST_IMPORT_MAX_ROWS },
    ]);
    expect(await entryCount()).toBe(before);
  });

  it('every other route still refuses a body over 64 KiB', async () => {
    const before = await entryCount();
    const huge = await bo(t, 'blacklist.add', {
      cookie: owner.cookie,
      body: { kind: 'phone', value: '01012340000', reason: 'x'.repeat(BODY_LIMIT_BYTES) },
    });
    expect([huge.code, huge.body]).toEqual([413, { status: 'too_large' }]);
    expect(await entryCount()).toBe(before);
  });
});
