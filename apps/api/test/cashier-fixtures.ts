import { randomBytes } from 'node:crypto';
import type { MemberState, OperatorRole } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import type { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import { createMember as registerMember, signIn } from './factories.ts';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

/**
 * Test helpers of the cashier and the back office: an app on a fresh database, members (registered
 * and signed in through the auth engineer's factories) with money, operators, and request helpers
 * that send what a same-origin browser sends.
 */
export interface CashierTestApp extends TestApp {
  ledger: LedgerService;
}

export const onPostgres = Boolean(process.env.DATABASE_URL);

/**
 * The test app. Every member of a test file signs in from the same address, so the per-IP sign-in
 * limit is lifted unless a test sets it.
 */
export async function createCashierTestApp(env: Record<string, string> = {}): Promise<CashierTestApp> {
  const t = await createTestApp({ SIGNIN_MAX_ATTEMPTS_PER_IP: '1000000', ...env });
  return Object.assign(t, { ledger: t.services.ledger });
}

export const OPERATOR_PASSWORD = 'operator-password-1';

let seq = 0;
function tag(): string {
  seq += 1;
  return `${seq.toString(36)}${randomBytes(3).toString('hex')}`;
}

export interface TestMember {
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
export async function createMember(
  t: CashierTestApp,
  overrides: { cash?: number; comp?: number; game?: number; state?: MemberState; bankOwner?: string; signedIn?: boolean } = {},
): Promise<TestMember> {
  const { state, signedIn, ...rest } = overrides;
  const member = await registerMember(t, rest);
  const cookie = signedIn === false ? '' : await signIn(t, member);
  if (state && state !== 'active') await t.db.updateTable('members').set({ state }).where('id', '=', member.memberId).execute();
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
    .values({ operator_id: operatorId, password_hash: await operatorHash, role, totp_secret: overrides.totpSecret ?? null })
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
export async function call(t: CashierTestApp, name: string, body: unknown = {}, cookie = ''): Promise<Answer> {
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
  method: 'GET' | 'POST' | 'PUT',
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
export async function latestRequestId(t: CashierTestApp, kind: 'deposit' | 'withdraw', memberId: number): Promise<number> {
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
