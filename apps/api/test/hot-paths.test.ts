import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallRegistry } from '../src/lib/calls.ts';
import { call, createCashierTestApp, createMember, signIn, type TestMember } from './factories.ts';
import type { TestApp } from './harness.ts';

// Issue 9: the member calls' hot path. The health poll reads the session and the member as TUser
// with one statement and writes nothing; every member call resolves its session with one
// statement; calls that arrive together share that statement (db/batched-lookup.ts) and each
// still gets only its own member.

let t: TestApp;
const statements: string[] = [];
let isCounting = false;

beforeAll(async () => {
  t = await createCashierTestApp(
    {},
    {
      onQuery: (sql) => {
        if (isCounting) statements.push(sql);
      },
    },
  );
});

afterAll(async () => {
  await t?.close();
});

/** The statements the app runs while `action` runs. */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  isCounting = true;
  try {
    await action();
  } finally {
    isCounting = false;
  }
  return [...statements];
}

const isRead = (sql: string) => /^\s*select\b/i.test(sql);

interface Health {
  status: string;
  noteCount: number;
  helpCount: number;
  user: { userId: string; balance: number; rolling: number; noteCount: number };
}

describe('the health poll', () => {
  it('is one statement that reads the session and the member, and writes nothing', async () => {
    const member = await createMember(t, { signedIn: false, cash: 7_000, comp: 300 });
    const cookie = await signIn(t, member);
    await t.services.community.sendNote(member.id, { title: 't', contents: 'c' });

    let response: Awaited<ReturnType<typeof call>> | undefined;
    const sql = await statementsOf(async () => {
      response = await call(t, 'user-health-check', {}, { cookie });
    });
    expect(response!.code).toBe(200);
    const body = response!.body as Health;
    expect([body.user.userId, body.user.balance, body.user.rolling, body.noteCount]).toEqual([
      member.userId,
      7_000,
      300,
      1,
    ]);
    expect(sql).toHaveLength(1);
    expect(isRead(sql[0]!)).toBe(true);
  });

  it('sees a change made just before it (no cache between polls)', async () => {
    const member = await createMember(t, { signedIn: false, cash: 1_000 });
    const cookie = await signIn(t, member);
    const before = (await call(t, 'user-health-check', {}, { cookie })).body as Health;
    await t.services.ledger.transfer({
      debit: { system: 'bank_clearing' },
      credit: { memberId: member.id, kind: 'cash' },
      amount: 2_500,
      code: 'deposit',
      idempotencyKey: `hot-${member.id}`,
      source: 'test',
    });
    await t.services.community.sendNote(member.id, { title: 't', contents: 'c' });
    const after = (await call(t, 'user-health-check', {}, { cookie })).body as Health;
    expect([before.user.balance, before.noteCount]).toEqual([1_000, 0]);
    expect([after.user.balance, after.noteCount]).toEqual([3_500, 1]);
  });
});

describe('every member call', () => {
  it('resolves its session with one statement before its own work', async () => {
    const member = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, member);
    // Activity is written at most once a minute; the sign-in has just marked it.
    const sql = await statementsOf(() => call(t, 'get-member-account', {}, { cookie }));
    expect(sql.filter((s) => /\bsessions\b/.test(s))).toHaveLength(1);
    expect(sql.every(isRead)).toBe(true);
  });
});

describe('calls that arrive together', () => {
  let members: (TestMember & { cookie: string })[];

  beforeAll(async () => {
    members = [];
    for (let i = 0; i < 40; i++) {
      const member = await createMember(t, { signedIn: false, cash: 1_000 + i });
      members.push({ ...member, cookie: await signIn(t, member) });
    }
  });

  it('share one statement, and each member gets only their own data', async () => {
    let responses: Awaited<ReturnType<typeof call>>[] = [];
    const sql = await statementsOf(async () => {
      responses = await Promise.all(
        members.map((m) => call(t, 'user-health-check', {}, { cookie: m.cookie })),
      );
    });
    responses.forEach((response, i) => {
      expect(response.code).toBe(200);
      const body = response.body as Health;
      expect([body.user.userId, body.user.balance]).toEqual([members[i]!.userId, 1_000 + i]);
    });
    // 40 polls in far fewer statements than 40 (light-my-request delivers them in a few turns).
    expect(sql.length).toBeLessThan(members.length / 2);
  });

  it('refuse the ones whose session has ended or whose member is blocked, and only those', async () => {
    const [ended, blocked, ...others] = members.slice(0, 12);
    await t.services.sessions.revokeAllFor('member', ended!.id);
    await t.db.updateTable('members').set({ state: 'blocked' }).where('id', '=', blocked!.id).execute();
    const calls = [ended!, blocked!, ...others].map((m) =>
      call(t, 'get-member-account', {}, { cookie: m.cookie }),
    );
    const responses = await Promise.all(calls);
    expect(responses.map((r) => r.code)).toEqual([401, 401, ...others.map(() => 200)]);
    responses.slice(2).forEach((response, i) => {
      expect((response.body as { account: { userId: string } }).account.userId).toBe(others[i]!.userId);
    });
    // A blocked member's sessions are gone, not just refused.
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('subject_kind', '=', 'member')
      .where('subject_id', '=', blocked!.id)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('with the same cookie twice in one batch, both are answered', async () => {
    const [member] = members.slice(20);
    const responses = await Promise.all(
      [1, 2, 3].map(() => call(t, 'user-health-check', {}, { cookie: member!.cookie })),
    );
    expect(responses.map((r) => (r.body as Health).user.userId)).toEqual([
      member!.userId,
      member!.userId,
      member!.userId,
    ]);
  });
});

describe('answers compressed per request', () => {
  it('a list from 1 KiB on goes out in the encoding asked for; a small answer never', async () => {
    const member = await createMember(t, { signedIn: false });
    const cookie = await signIn(t, member);
    // Twelve deposit requests, each cancelled so that the next may be made: a list over 1 KiB.
    for (let i = 0; i < 12; i++) {
      const applied = await call(t, 'apply-user-deposit', { amount: 10_000 + i * 1000 }, { cookie });
      expect(applied.body).toMatchObject({ status: 'success' });
      const list = (await call(t, 'get-deposit-list', {}, { cookie })).body as {
        list: { id: number }[];
      };
      await call(t, 'del-deposit', { id: list.list[0]!.id }, { cookie });
    }

    const plain = await call(t, 'get-deposit-list', {}, { cookie });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.body as { status: string; list: unknown[] };
    expect(answer.list.length).toBe(12);
    expect(plain.raw.rawPayload.length).toBeGreaterThan(1024);

    const accept = (encoding: string) => ({ cookie, headers: { 'accept-encoding': encoding } });
    const br = await call(t, 'get-deposit-list', {}, accept('gzip, br'));
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(br.raw.rawPayload.length).toBeLessThan(plain.raw.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.raw.rawPayload).toString())).toEqual(answer);
    const gzip = await call(t, 'get-deposit-list', {}, accept('gzip'));
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.raw.rawPayload).toString())).toEqual(answer);

    const small = await call(t, 'user-health-check', {}, { cookie, headers: { 'accept-encoding': 'br' } });
    expect(small.code).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
  });
});

describe('public answers kept for everyone', () => {
  it('get-banks: the same answer in every encoding, compressed once', async () => {
    const plain = await call(t, 'get-banks');
    expect(plain.code).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const answer = plain.body as { status: string; banks: { code: string }[] };
    expect(answer.status).toBe('success');
    expect(answer.banks.length).toBeGreaterThan(10);
    const br = await call(t, 'get-banks', {}, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.raw.rawPayload).toString())).toEqual(answer);
    const gzip = await call(t, 'get-banks', {}, { headers: { 'accept-encoding': 'gzip' } });
    expect(JSON.parse(gunzipSync(gzip.raw.rawPayload).toString())).toEqual(answer);
    // Still a call like any other: its body is checked, a member's cookie changes nothing.
    expect((await call(t, 'get-banks', { extra: 1 })).code).toBe(400);
    const sql = await statementsOf(() => call(t, 'get-banks'));
    expect(sql).toEqual([]);
  });

  it('only a public call can be kept for everyone', () => {
    const registry = new CallRegistry({ now: () => new Date() });
    expect(() =>
      registry.register('get-member-account', async () => ({ status: 'success' }) as never, {
        cacheForMs: 1000,
      }),
    ).toThrow(/only a public call/);
  });
});
