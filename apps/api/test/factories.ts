import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import type { Database } from '../src/db/database.ts';
import type { MemberState, OperatorRole } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import type { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import type { MembersService } from '../src/modules/members/members.service.ts';
import type { NewMember } from '../src/modules/members/members.types.ts';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

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

// --- members with money, operators and request helpers (cashier and back office) ---

/**
 * Test helpers of the cashier and the back office: an app on a fresh database, members (registered
 * and signed in through the factories above) with money, operators, and request helpers
 * that send what a same-origin browser sends.
 */
export interface CashierTestApp extends TestApp {
  ledger: LedgerService;
}

/**
 * The test app. Every member of a test file signs in from the same address, so the per-IP sign-in
 * limit is lifted unless a test sets it.
 */
export async function createCashierTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<CashierTestApp> {
  const t = await createTestApp({ SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000', ...env }, options);
  return Object.assign(t, { ledger: t.services.ledger });
}

export const OPERATOR_PASSWORD = 'operator-password-1';

let operatorSeq = 0;
function tag(): string {
  operatorSeq += 1;
  return `${operatorSeq.toString(36)}${randomBytes(3).toString('hex')}`;
}

export interface MoneyMember {
  id: number;
  userId: string;
  bankOwner: string;
  exchangePassword: string;
  /** The `Cookie` header of a live member session ('' when not signed in). */
  cookie: string;
}

/**
 * A registered member with money (cash from bank clearing, comp from comp expense), signed in
 * through the credentials callback. A `state` other than active is set after the sign-in: the
 * member's live session meets the new state at its next request.
 */
export async function newMember(
  t: CashierTestApp,
  overrides: {
    cash?: number;
    comp?: number;
    game?: number;
    state?: MemberState;
    bankOwner?: string;
    signedIn?: boolean;
  } = {},
): Promise<MoneyMember> {
  const { state, signedIn, ...rest } = overrides;
  const member = await createMember(t, rest);
  const cookie = signedIn === false ? '' : await signIn(t, member);
  if (state && state !== 'active')
    await t.db.updateTable('members').set({ state }).where('id', '=', member.memberId).execute();
  return {
    id: member.memberId,
    userId: member.userId,
    bankOwner: overrides.bankOwner ?? '홍길동',
    exchangePassword: member.exchangePassword,
    cookie,
  };
}

export interface TestOperator {
  id: number;
  operatorId: string;
  password: string;
  cookie: string;
}

let operatorHash: Promise<string> | undefined;

/** An operator of `role`, signed in through POST /api/backoffice/login unless `signedIn` is false. */
export async function createOperator(
  t: CashierTestApp,
  role: OperatorRole,
  overrides: { totpSecret?: string; signedIn?: boolean; operatorId?: string } = {},
): Promise<TestOperator> {
  operatorHash ??= hashPassword(OPERATOR_PASSWORD);
  const operatorId = overrides.operatorId ?? `${role}${tag()}`;
  const row = await t.db
    .insertInto('operators')
    .values({
      operator_id: operatorId,
      password_hash: await operatorHash,
      role,
      totp_secret: overrides.totpSecret ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let cookie = '';
  // Signed in the way the login route signs in (its own tests cover the route itself).
  if (overrides.signedIn !== false && !overrides.totpSecret) {
    const { token } = await t.services.sessions.create('operator', row.id);
    cookie = `bo_sid=${token}`;
  }
  return { id: row.id, operatorId, password: OPERATOR_PASSWORD, cookie };
}

/** A JSON answer: its shape is what the tests assert, so it is read without static types. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = Record<string, any>;

export interface Answer {
  code: number;
  body: JsonBody;
  headers: Record<string, unknown>;
}

/** A member call, as the portal sends it. */
export async function call(
  t: CashierTestApp,
  name: string,
  body: unknown = {},
  cookie = '',
): Promise<Answer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/routes/${name}`,
    headers: { ...SAME_ORIGIN, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(body),
  });
  return { code: res.statusCode, body: res.json(), headers: res.headers };
}

/** A back-office request. */
export async function bo(
  t: CashierTestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { cookie?: string; body?: unknown; key?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...SAME_ORIGIN };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const res = await t.app.inject({
    method,
    url: `/api/backoffice${url}`,
    headers,
    ...(method !== 'GET' ? { payload: JSON.stringify(options.body ?? {}) } : {}),
  });
  return { code: res.statusCode, body: res.json(), headers: res.headers };
}

/** The member's latest request id of a kind (straight from the table). */
export async function latestRequestId(
  t: CashierTestApp,
  kind: 'deposit' | 'withdraw',
  memberId: number,
): Promise<number> {
  const table = kind === 'deposit' ? 'deposit_requests' : 'withdraw_requests';
  const row = await t.db
    .selectFrom(table as 'deposit_requests')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function balances(t: CashierTestApp, memberId: number) {
  return t.ledger.memberBalances(memberId);
}

// --- bare ledger members (the ledger's own tests) ---

let ledgerSeq = 0;

/**
 * Inserts a bare member row (the ledger tests need only the foreign key target) and opens the
 * member's accounts, funded from bank_clearing when `cash` or `comp` is given.
 */
export async function createLedgerMember(
  db: Database,
  ledger: LedgerService,
  overrides: { cash?: number; comp?: number; game?: number } = {},
): Promise<number> {
  ledgerSeq += 1;
  const tag = `${ledgerSeq.toString(36)}${randomBytes(3).toString('hex')}`;
  const digits = String(Number.parseInt(randomBytes(4).toString('hex'), 16))
    .padStart(9, '0')
    .slice(0, 9);
  const row = await db
    .insertInto('members')
    .values({
      user_id: `l${tag}`,
      nick: `n${tag}`,
      password_hash: 'x',
      exchange_password_hash: 'x',
      phone: `010${digits}${ledgerSeq}`,
      bankname: 'KB',
      bank_owner: 'owner',
      banknum: `${digits}${ledgerSeq}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ledger.openMemberAccounts(row.id);
  for (const kind of ['cash', 'comp', 'game'] as const) {
    const amount = overrides[kind];
    if (amount) {
      await ledger.transfer({
        debit: { system: kind === 'comp' ? 'comp_expense' : 'bank_clearing' },
        credit: { memberId: row.id, kind },
        amount,
        code: kind === 'comp' ? 'comp' : 'deposit',
        idempotencyKey: `fund-${row.id}-${kind}`,
        source: 'test',
      });
    }
  }
  return row.id;
}
