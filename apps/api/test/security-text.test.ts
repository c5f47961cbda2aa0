import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@casino/contracts/calls';
import {
  balances,
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  type TestMember,
} from './factories.ts';
import { ensureRegCode, TEST_REG_CODE, uniqueMemberInput } from './factories.ts';

/**
 * Issue 8, defect 1: text PostgreSQL cannot store as sent (U+0000; a lone surrogate, which would
 * become U+FFFD) answered 500 or was silently changed. Every input of every route is now refused
 * with the contract's 400 naming the field, before any handler runs.
 */

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
let m: TestMember;

beforeAll(async () => {
  m = await createMember(t, { cash: 100_000 });
});

/** A string with one character PostgreSQL text cannot hold as sent, somewhere inside ordinary text. */
const badText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
    fc.string({ maxLength: 12 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

const invalidField = (path: string) => ({ status: 'invalid', errors: [{ path, code: 'pattern' }] });

describe('bad text in member calls', () => {
  it('every field of every call, bare or nested, answers 400 naming the field', async () => {
    const cases = Object.entries(CALLS).flatMap(([name, c]) =>
      fieldsOf(c.request).map((field) => ({ name, field })),
    );
    expect(cases.length).toBeGreaterThan(20);
    for (const { name, field } of cases) {
      await fc.assert(
        fc.asyncProperty(badText, fc.boolean(), async (text, nested) => {
          const value = nested ? { inner: [1, text] } : text;
          const res = await call(t, name, { [field]: value }, m.cookie);
          expect(res.code).toBe(400);
          expect(res.body).toEqual(invalidField(field));
        }),
        { numRuns: 3 },
      );
    }
  });

  it('a bad key answers 400 without echoing the key', async () => {
    const res = await call(t, 'apply-user-deposit', { amount: 10_000, 'dep\u0000ositor': 'x' }, m.cookie);
    expect(res).toMatchObject({ code: 400, body: invalidField('') });
  });

  it('user-register with a NUL in bankOwner is refused and registers nobody (signed out)', async () => {
    await ensureRegCode(t);
    const input = { ...uniqueMemberInput({ bankOwner: 'ab\u0000cd' }), code: TEST_REG_CODE, agree18: true };
    const res = await call(t, 'user-register', input);
    expect(res).toMatchObject({ code: 400, body: invalidField('bankOwner') });
    const found = await t.db
      .selectFrom('members')
      .select('id')
      .where('user_id', '=', input.userId.toLowerCase())
      .execute();
    expect(found).toEqual([]);
  });

  it('apply-user-deposit with a NUL or a lone surrogate in depositor is refused, nothing stored', async () => {
    for (const depositor of ['ab\u0000cd', 'ab\ud800cd']) {
      const res = await call(t, 'apply-user-deposit', { amount: 10_000, depositor }, m.cookie);
      expect(res).toMatchObject({ code: 400, body: invalidField('depositor') });
    }
    const rows = await t.db
      .selectFrom('deposit_requests')
      .select('id')
      .where('member_id', '=', m.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('a percent-encoded NUL in a form body (the credentials callback)', async () => {
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/auth/callback/credentials',
      headers: {
        origin: 'http://localhost:80',
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'userId=ab%00cd&password=whatever-1&csrfToken=x',
    });
    expect(raw.statusCode).toBe(400);
    expect(raw.json()).toEqual(invalidField('userId'));
  });
});

describe('bad text in the back office', () => {
  it('the operator sign-in id', async () => {
    for (const operatorId of ['ab\u0000cd', 'ab\udc00cd']) {
      const res = await bo(t, 'session.login', { body: { operatorId, password: 'operator-password-1' } });
      expect(res).toMatchObject({ code: 400, body: invalidField('operatorId') });
    }
  });

  it('an adjust reason with a NUL or a lone surrogate moves no money', async () => {
    const before = await balances(t, m.id);
    let n = 0;
    for (const reason of ['bonus\u0000', 'bonus\ud800']) {
      n += 1;
      const res = await bo(t, 'members.adjust', {
        cookie: owner.cookie,
        params: { userId: m.userId },
        body: { amount: 1000, reason },
        key: `text-guard-adjust-${n}`,
      });
      expect(res).toMatchObject({ code: 400, body: invalidField('reason') });
    }
    expect(await balances(t, m.id)).toEqual(before);
  });

  it('a reject reason', async () => {
    expect((await call(t, 'apply-user-deposit', { amount: 10_000 }, m.cookie)).body).toEqual({
      status: 'success',
    });
    const row = await t.db
      .selectFrom('deposit_requests')
      .select(['id', 'state'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    for (const reason of ['no\u0000', 'no\udfff']) {
      const res = await bo(t, 'deposits.reject', {
        cookie: owner.cookie,
        params: { id: row.id },
        body: { reason },
        key: `text-guard-reject-${reason.length}-${reason.charCodeAt(2)}`,
      });
      expect(res).toMatchObject({ code: 400, body: invalidField('reason') });
    }
    const after = await t.db
      .selectFrom('deposit_requests')
      .select('state')
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after.state).toBe(row.state);
  });

  it('query strings and path parameters', async () => {
    // Raw percent-encoded queries and paths, sent as they are.
    expect(await bo(t, 'GET', '/audit?target=%00', { cookie: owner.cookie })).toMatchObject({
      code: 400,
      body: invalidField('target'),
    });
    expect(await bo(t, 'GET', '/deposits?state=wait&x%00=1', { cookie: owner.cookie })).toMatchObject({
      code: 400,
      body: invalidField(''),
    });
    expect(await bo(t, 'GET', '/members/ab%00cd', { cookie: owner.cookie })).toMatchObject({
      code: 400,
      body: invalidField('userId'),
    });
  });
});
