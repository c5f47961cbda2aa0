import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { MemberState } from '../src/db/schema.ts';
import type { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import type { MembersService } from '../src/modules/members/members.service.ts';
import type { NewMember } from '../src/modules/members/members.types.ts';
import { SAME_ORIGIN, type TestApp } from './harness.ts';

/** The registration code every factory member is registered under (created on first use). */
export const TEST_REG_CODE = 'TESTCODE';

export interface TestMember {
  memberId: number;
  userId: string;
  password: string;
  exchangePassword: string;
  nick: string;
  phone: string;
  banknum: string;
}

export interface MemberOverrides extends Partial<NewMember> {
  /** The member's state after registration (default active). */
  state?: MemberState;
  /** Money put on the member's accounts after registration (cash in won, comp points, game wallet). */
  cash?: number;
  comp?: number;
  game?: number;
}

/** The members and ledger services of a test app: the app's own graph from `createServices`. */
export function servicesFor(t: TestApp): { members: MembersService; ledger: LedgerService } {
  return t.services;
}

let seq = 0;

/** Unique registration values: a short tag keeps ids (<= 16) and nicks (<= 10) within their limits. */
export function uniqueMemberInput(overrides: Partial<NewMember> = {}): NewMember {
  seq += 1;
  const tag = `${seq.toString(36)}${randomBytes(2).toString('hex')}`;
  const digits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('');
  return {
    userId: `m${tag}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    nick: `닉${tag}`.slice(0, 10),
    phone: `010${digits(8)}`,
    bankname: '004',
    bankOwner: '홍길동',
    banknum: `${digits(12)}`,
    exchangePassword: digits(6),
    code: TEST_REG_CODE,
    ...overrides,
  };
}

export async function ensureRegCode(
  t: TestApp,
  code = TEST_REG_CODE,
  domain = '',
  isEnabled = true,
): Promise<void> {
  await t.db
    .insertInto('reg_codes')
    .values({ code, domain, is_enabled: isEnabled })
    .onConflict((oc) => oc.column('code').doUpdateSet({ domain, is_enabled: isEnabled }))
    .execute();
}

/**
 * Registers a member through the members service (the same path as `user-register`) and returns
 * its credentials. `state` is applied afterwards; `cash`, `comp` and `game` fund its accounts
 * through the ledger.
 */
export async function createMember(t: TestApp, overrides: MemberOverrides = {}): Promise<TestMember> {
  const { state, cash, comp, game, ...fields } = overrides;
  const input = uniqueMemberInput(fields);
  if (input.code === TEST_REG_CODE) await ensureRegCode(t);
  const { members, ledger } = servicesFor(t);
  const result = await members.register(input);
  if (result.status !== 'success')
    throw new Error(`createMember: registration answered ${JSON.stringify(result)}`);
  const memberId = result.memberId;
  if (state && state !== 'active')
    await t.db.updateTable('members').set({ state }).where('id', '=', memberId).execute();
  const funds = { cash, comp, game };
  for (const kind of ['cash', 'comp', 'game'] as const) {
    const amount = funds[kind];
    if (amount) {
      await ledger.transfer({
        debit: { system: kind === 'comp' ? 'comp_expense' : 'bank_clearing' },
        credit: { memberId, kind },
        amount,
        code: kind === 'comp' ? 'comp' : 'deposit',
        idempotencyKey: `factory-${memberId}-${kind}`,
        source: 'test',
      });
    }
  }
  return {
    memberId,
    userId: input.userId.toLowerCase(),
    password: input.password,
    exchangePassword: input.exchangePassword,
    nick: input.nick,
    phone: input.phone,
    banknum: input.banknum,
  };
}

export interface InjectOptions {
  cookie?: string;
  headers?: Record<string, string>;
  /** The client's address (rate limits are per IP). */
  ip?: string;
}

/** Collects a response's Set-Cookie values as `name=value` pairs. */
export function cookiesOf(response: LightMyRequestResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of response.cookies as { name: string; value: string }[]) out[c.name] = c.value;
  return out;
}

/** A member call, as the portal makes it (same origin, JSON). */
export async function callRoute(
  t: TestApp,
  name: string,
  body: unknown = {},
  options: InjectOptions = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/routes/${name}`,
    headers: {
      ...SAME_ORIGIN,
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** `GET /api/auth/csrf`: the token and the cookie header that carries its binding. */
export async function fetchCsrf(
  t: TestApp,
  options: InjectOptions = {},
): Promise<{ token: string; cookie: string }> {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/auth/csrf',
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}) },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  const token = (response.json() as { csrfToken: string }).csrfToken;
  const cookie = cookiesOf(response).csrf;
  return { token, cookie: cookie ? `csrf=${cookie}` : (options.cookie ?? '') };
}

/** `POST /api/auth/callback/credentials` with a fresh CSRF token, as the portal does. */
export async function postCredentials(
  t: TestApp,
  fields: Record<string, string>,
  options: InjectOptions = {},
): Promise<LightMyRequestResponse> {
  const csrf = await fetchCsrf(t, options);
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/callback/credentials',
    headers: {
      ...SAME_ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
      cookie: [csrf.cookie, options.cookie].filter(Boolean).join('; '),
      ...options.headers,
    },
    payload: new URLSearchParams({ csrfToken: csrf.token, json: 'true', ...fields }).toString(),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

/** Signs a member in through the credentials callback and returns the `sid` cookie header. */
export async function signIn(
  t: TestApp,
  member: Pick<TestMember, 'userId' | 'password'>,
  options: InjectOptions = {},
): Promise<string> {
  const response = await postCredentials(t, { userId: member.userId, password: member.password }, options);
  if (response.statusCode !== 200) throw new Error(`signIn: ${response.statusCode} ${response.body}`);
  const sid = cookiesOf(response).sid;
  if (!sid) throw new Error('signIn: no sid cookie');
  return `sid=${sid}`;
}
