import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, expect } from 'vitest';
import {
  BACKOFFICE_ROUTES,
  backofficePath,
  type TBackofficeAnswer,
  type TBackofficeBody,
  type TBackofficeParams,
  type TBackofficeQuery,
  type TBackofficeRouteName,
} from '@casino/contracts/backoffice-routes';
import type { TCallName, TCallResponse } from '@casino/contracts/calls';
import { addDays, siteDay, siteDayStart } from '@casino/contracts/site-time';
import type { THttpErrorResponse } from '@casino/contracts/errors';
import type { Database } from '../src/db/database.ts';
import type { MemberState, OperatorRole } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import type { LedgerService } from '../src/modules/ledger/ledger.service.ts';
import type { NewMember } from '../src/modules/members/members.types.ts';
import { createTestApp, SAME_ORIGIN, type TestApp } from './harness.ts';

/** The registration code every factory member is registered under (created on first use). */
export const TEST_REG_CODE = 'TESTCODE';

/** A member made by `createMember`: its credentials, and its session when signed in. */
export interface TestMember {
  id: number;
  userId: string;
  password: string;
  exchangePassword: string;
  nick: string;
  phone: string;
  banknum: string;
  bankOwner: string;
  /** The `Cookie` header of a live member session ('' when not signed in). */
  cookie: string;
}

export interface MemberOptions extends Partial<NewMember> {
  /** The member's state (default active); set after the sign-in, so a live session meets it at its next request. */
  state?: MemberState;
  /** Money put on the member's accounts after registration (cash in won, comp points, game wallet). */
  cash?: number;
  comp?: number;
  game?: number;
  /** Signed in through the credentials callback (default true). */
  signedIn?: boolean;
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

/** Funds a member's accounts through the ledger: cash and game from bank clearing, comp from comp expense. */
async function fund(
  ledger: LedgerService,
  memberId: number,
  funds: { cash?: number | undefined; comp?: number | undefined; game?: number | undefined },
): Promise<void> {
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
}

/**
 * The member factory: registers a member through the members service (the same path as
 * `user-register`), funds its accounts (`cash`, `comp`, `game`) through the ledger, signs it in
 * through the credentials callback unless `signedIn` is false, then applies `state`.
 */
export async function createMember(t: TestApp, options: MemberOptions = {}): Promise<TestMember> {
  const { state, cash, comp, game, signedIn, ...fields } = options;
  const input = uniqueMemberInput(fields);
  if (input.code === TEST_REG_CODE) await ensureRegCode(t);
  const result = await t.services.members.register(input);
  if (result.status !== 'success')
    throw new Error(`createMember: registration answered ${JSON.stringify(result)}`);
  const id = result.memberId;
  await fund(t.services.ledger, id, { cash, comp, game });
  const userId = input.userId.toLowerCase();
  const cookie = signedIn === false ? '' : await signIn(t, { userId, password: input.password });
  if (state && state !== 'active')
    await t.db.updateTable('members').set({ state }).where('id', '=', id).execute();
  return {
    id,
    userId,
    password: input.password,
    exchangePassword: input.exchangePassword,
    nick: input.nick,
    phone: input.phone,
    banknum: input.banknum,
    bankOwner: input.bankOwner,
    cookie,
  };
}

export interface InjectOptions {
  cookie?: string;
  headers?: Record<string, string>;
  /** The client's address (rate limits are per IP). */
  ip?: string;
}

/** A JSON body read without static types: what a test asserts of a route the contracts do not type. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = Record<string, any>;

type KeysOf<U> = U extends unknown ? keyof U : never;
type FieldOf<U, K extends PropertyKey> = U extends unknown ? (K extends keyof U ? U[K] : never) : never;
/**
 * A union of answers read as one object: every field any of its members has, typed as the union of
 * what they hold there. Tests assert which answer came (its `status`) and read its fields without
 * narrowing first; the assertion, not the type, says the field is there.
 */
export type AnyOf<U> = { [K in KeysOf<U>]: FieldOf<U, K> };

/** What a member call answers: its contract's response or one of the HTTP error shapes. */
export type CallAnswer<N extends string> = N extends TCallName
  ? AnyOf<TCallResponse<N> | THttpErrorResponse>
  : JsonBody;

/** An answer: its status code, its JSON body (read on first use), its headers and the raw response. */
export interface Answer<B = JsonBody> {
  code: number;
  body: B;
  headers: LightMyRequestResponse['headers'];
  /** The response as inject returned it (its text, cookies, raw payload). */
  raw: LightMyRequestResponse;
}

/** The answer of an injected request. */
export function answerOf<B = JsonBody>(raw: LightMyRequestResponse): Answer<B> {
  let body: { value: B } | undefined;
  return {
    code: raw.statusCode,
    headers: raw.headers,
    raw,
    get body(): B {
      body ??= { value: raw.json() };
      return body.value;
    },
  };
}

/** Collects a response's (or an answer's) Set-Cookie values as `name=value` pairs. */
export function cookiesOf(response: LightMyRequestResponse | Answer<unknown>): Record<string, string> {
  const raw = 'statusCode' in response ? response : response.raw;
  const out: Record<string, string> = {};
  for (const c of raw.cookies as { name: string; value: string }[]) out[c.name] = c.value;
  return out;
}

/**
 * A member call (`POST /api/routes/<name>`), as the portal makes it: same origin, JSON. The body may
 * be a string, sent as it is (malformed JSON); `options` is the cookie header, or the cookie, extra
 * headers and client address. The answer's body is typed by the call's contract (`CALLS`).
 */
export async function call<N extends string>(
  t: TestApp,
  name: N,
  body: unknown = {},
  options: string | InjectOptions = {},
): Promise<Answer<CallAnswer<N>>> {
  const { cookie, headers, ip } = typeof options === 'string' ? { cookie: options } : options;
  const raw = await t.app.inject({
    method: 'POST',
    url: `/api/routes/${name}`,
    headers: {
      ...SAME_ORIGIN,
      'content-type': 'application/json',
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(ip ? { remoteAddress: ip } : {}),
  });
  return answerOf(raw);
}

/** `apply-user-withdraw` of `amount` by the member, with its exchange password. */
export async function applyWithdraw(
  t: TestApp,
  member: Pick<TestMember, 'exchangePassword' | 'cookie'>,
  amount: number,
): Promise<Answer<CallAnswer<'apply-user-withdraw'>>> {
  return call(t, 'apply-user-withdraw', { amount, exchangePassword: member.exchangePassword }, member.cookie);
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

// --- the app of the cashier and back-office tests, operators, back-office requests ---

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

export interface TestOperator {
  id: number;
  operatorId: string;
  password: string;
  cookie: string;
}

let operatorHash: Promise<string> | undefined;

/** An operator of `role`, signed in through POST /api/backoffice/login unless `signedIn` is false. */
export async function createOperator(
  t: TestApp,
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

/** One signed-in operator of every role, for the tests of who may do what. */
/** The house's staff roles: a partner (docs/api/backoffice-partners.md) is made through `POST /partners` with its place in the tree. */
export type OperatorsOfEveryRole = Record<Exclude<OperatorRole, 'partner'>, TestOperator>;

export async function operatorsOfEveryRole(t: TestApp): Promise<OperatorsOfEveryRole> {
  return {
    owner: await createOperator(t, 'owner'),
    cashier: await createOperator(t, 'cashier'),
    support: await createOperator(t, 'support'),
    content: await createOperator(t, 'content'),
  };
}

/** The test app of a test file (as `createCashierTestApp`): made when the file loads, closed after its last test. */
export async function fileTestApp(
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[1] = {},
): Promise<CashierTestApp> {
  const t = await createCashierTestApp(env, options);
  afterAll(() => t.close());
  return t;
}

type AuditColumn = 'operator_id' | 'actor' | 'action' | 'target' | 'before' | 'after' | 'ip';
const AUDIT_ENTRY = ['actor', 'action', 'before', 'after'] as const;
/** The audit columns of who did it from where as well: operator row id, target and address. */
export const AUDIT_ORIGIN = ['operator_id', 'actor', 'action', 'target', 'before', 'after', 'ip'] as const;

/** The audit log of a target, oldest first: by default who did what, with the before and after. */
export async function auditOf<C extends AuditColumn = (typeof AUDIT_ENTRY)[number]>(
  t: TestApp,
  target: string,
  columns: readonly C[] = AUDIT_ENTRY as readonly AuditColumn[] as readonly C[],
) {
  return t.db.selectFrom('audit_log').select(columns).where('target', '=', target).orderBy('id').execute();
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a back-office route answers: its entry's response or one of the HTTP error shapes. */
export type BoAnswer<N extends TBackofficeRouteName> = AnyOf<TBackofficeAnswer<N> | THttpErrorResponse>;

type Given<K extends string, T> = [T] extends [undefined]
  ? { [P in K]?: never }
  : // eslint-disable-next-line @typescript-eslint/no-empty-object-type
    {} extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** A named route's params, query and body as its schemas accept them (`params` and `body` when it has them). */
export type BoInput<N extends TBackofficeRouteName> = Given<'params', TBackofficeParams<N>> & {
  query?: TBackofficeQuery<N>;
} & Given<'body', TBackofficeBody<N>>;

type BoOptions = InjectOptions & { body?: unknown; key?: string };

/**
 * A back-office request as the console sends it, in one of two forms. By route name, as `call` is
 * for member calls: `bo(t, 'promotions.updatePayback', { cookie, body })` reaches the path of its
 * `BACKOFFICE_ROUTES` entry with `params` filled in and `query` added, the body typed by the entry's
 * schema and the answer by its response. By method and URL (`/api/backoffice<url>`), for what the
 * table does not allow: a wrong type, a path outside it, a raw query. `key` is the Idempotency-Key,
 * `ip` the client's address, `headers` more headers.
 */
export async function bo<N extends TBackofficeRouteName>(
  t: TestApp,
  name: N,
  options: InjectOptions & BoInput<N> & { key?: string },
): Promise<Answer<BoAnswer<N>>>;
export async function bo(t: TestApp, method: HttpMethod, url: string, options?: BoOptions): Promise<Answer>;
export async function bo(
  t: TestApp,
  first: string,
  second?: unknown,
  third: BoOptions = {},
): Promise<Answer> {
  if (typeof second === 'string') return inject(t, first as HttpMethod, `/api/backoffice${second}`, third);
  const route = BACKOFFICE_ROUTES[first as TBackofficeRouteName];
  const options = (second ?? {}) as BoOptions & {
    params?: Record<string, unknown>;
    query?: Record<string, unknown>;
  };
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) search.set(key, String(value as string | number | boolean));
  const query = search.size > 0 ? `?${search.toString()}` : '';
  return inject(t, route.method, backofficePath(route.path, options.params) + query, options);
}

async function inject(t: TestApp, method: HttpMethod, url: string, options: BoOptions): Promise<Answer> {
  const headers: Record<string, string> = { ...SAME_ORIGIN, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  const raw = await t.app.inject({
    method,
    url,
    headers,
    ...(options.ip ? { remoteAddress: options.ip } : {}),
    ...(method !== 'GET' ? { payload: JSON.stringify(options.body ?? {}) } : {}),
  });
  return answerOf(raw);
}

/**
 * Moves the test clock to 00:30 of the site day `days` after today (site time zone); sessions end
 * as days pass, so the `members` sign in again (their cookies are replaced).
 */
export async function nextSiteDay(t: TestApp, members: TestMember[] = [], days = 1): Promise<void> {
  const zone = t.config.siteTimeZone;
  const target = siteDayStart(addDays(siteDay(t.clock.now(), zone), days), zone).getTime() + 30 * 60_000;
  t.clock.advance(target - t.clock.now().getTime());
  for (const m of members) m.cookie = await signIn(t, { userId: m.userId, password: m.password });
}

/** The promotions' settings (docs/api/promotions.md), set by a new owner; the answer must be 200. */
export async function setPromotion<
  N extends 'promotions.updateAttendance' | 'promotions.updateReferral' | 'promotions.updatePayback',
>(t: TestApp, name: N, body: TBackofficeBody<N>): Promise<BoAnswer<N>> {
  const owner = await createOperator(t, 'owner');
  const route = BACKOFFICE_ROUTES[name];
  const answer = await inject(t, route.method, route.path, { cookie: owner.cookie, body });
  if (answer.code !== 200) throw new Error(`${name}: ${answer.code} ${answer.raw.body}`);
  return answer.body as BoAnswer<N>;
}

// --- partners and the fraud settings ---

/** The password `createPartner` gives a partner's account. */
export const PARTNER_PASSWORD = 'partner-password-1';

type PartnerRates = TBackofficeBody<'partners.create'>['rates'];

/** A partner's commission rates, as `partners.create` takes them. */
export const partnerRates = (casino: number, slot: number, mini: number, losing: number): PartnerRates => ({
  casino,
  slot,
  mini,
  losing,
});

/**
 * `partners.create` by the operator of `cookie`: the partner's account with `PARTNER_PASSWORD` unless
 * `password` is given, named `총판 <partnerId>` unless `name` is; with `code`, that registration code
 * is given to it by the same operator once it is made (`partners.addCode`, its answer not checked:
 * a test of the code asks for it itself). The answer of `partners.create`.
 */
export async function createPartner(
  t: TestApp,
  cookie: string,
  partner: {
    partnerId: string;
    parentId: string | null;
    rates: PartnerRates;
    name?: string;
    password?: string;
    code?: string;
  },
) {
  const {
    partnerId,
    parentId,
    rates,
    name = `총판 ${partnerId}`,
    password = PARTNER_PASSWORD,
    code,
  } = partner;
  const made = await bo(t, 'partners.create', {
    cookie,
    body: { partnerId, password, name, parentId, rates },
  });
  if (code !== undefined && made.body.status === 'success')
    await bo(t, 'partners.addCode', { cookie, params: { partnerId }, body: { code } });
  return made;
}

/** A partner's session, signed in through the login route as a partner would (the answer must be success). */
export async function partnerLogin(
  t: TestApp,
  partnerId: string,
  password = PARTNER_PASSWORD,
): Promise<string> {
  const res = await bo(t, 'session.login', { body: { operatorId: partnerId, password } });
  expect(res.body, `login ${partnerId}`).toEqual({ status: 'success' });
  return `bo_sid=${cookiesOf(res).bo_sid}`;
}

/** The fraud settings the server starts with (docs/api/backoffice-fraud.md). */
export const FRAUD_DEFAULTS: TBackofficeBody<'fraud.settings.update'> = {
  registerAction: 'flag',
  signInAction: 'flag',
  linkThreshold: 1,
  ipLinks: false,
  ipLinkDays: 7,
  skipFlaggedPromotions: false,
  refuseOppositeBets: false,
};

/** `fraud.settings.update` by the operator of `cookie`: `FRAUD_DEFAULTS` with `patch` over them; its answer. */
export async function setFraudSettings(
  t: TestApp,
  cookie: string,
  patch: Partial<TBackofficeBody<'fraud.settings.update'>> = {},
) {
  return bo(t, 'fraud.settings.update', { cookie, body: { ...FRAUD_DEFAULTS, ...patch } });
}

/**
 * A deposit of `amount` asked by the member (`apply-user-deposit`) and approved by `operator` (a new
 * owner when none is given); the request's id.
 */
export async function approvedDeposit(
  t: TestApp,
  member: Pick<TestMember, 'id' | 'cookie'>,
  amount: number,
  operator?: TestOperator,
): Promise<number> {
  const asked = await call(t, 'apply-user-deposit', { amount }, member.cookie);
  if (asked.body.status !== 'success') throw new Error(`apply-user-deposit: ${asked.raw.body}`);
  const id = await latestRequestId(t, 'deposit', member.id);
  const approver = operator ?? (await createOperator(t, 'owner'));
  const approved = await bo(t, 'deposits.approve', { cookie: approver.cookie, params: { id } });
  if (approved.body.status !== 'success') throw new Error(`deposits.approve: ${approved.raw.body}`);
  return id;
}

/** The member's latest request id of a kind (straight from the table). */
export async function latestRequestId(
  t: TestApp,
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

/** The ids of a member's requests of a kind, oldest first (straight from the table). */
export async function requestIdsOf(
  t: TestApp,
  kind: 'deposit' | 'withdraw',
  memberId: number,
): Promise<number[]> {
  const table = kind === 'deposit' ? 'deposit_requests' : 'withdraw_requests';
  const rows = await t.db
    .selectFrom(table as 'deposit_requests')
    .select('id')
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The state of one deposit or withdrawal request (straight from the table). */
export async function requestState(t: TestApp, kind: 'deposit' | 'withdraw', id: number): Promise<string> {
  const table = kind === 'deposit' ? 'deposit_requests' : 'withdraw_requests';
  const row = await t.db
    .selectFrom(table as 'deposit_requests')
    .select('state')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.state;
}

/** The id of a system account (`bank_clearing`, `adjustment`, `house:<provider>`...), opened if it is not yet. */
export async function systemAccountId(t: TestApp, code: string): Promise<number> {
  await t.services.ledger.openSystemAccount({ system: code });
  const row = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('code', '=', code)
    .where('member_id', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of one of a member's own accounts (`cash`, `comp`...). */
export async function memberAccountId(t: TestApp, memberId: number, kind: string): Promise<number> {
  const row = await t.db
    .selectFrom('accounts')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function balances(t: TestApp, memberId: number) {
  return t.services.ledger.memberBalances(memberId);
}

// --- bare ledger members (the ledger's own tests, on a database without an app) ---

let ledgerSeq = 0;

/**
 * Inserts a bare member row (the ledger tests need only the foreign key target) and opens the
 * member's accounts, funded as `createMember` funds them.
 */
export async function createLedgerMember(
  db: Database,
  ledger: LedgerService,
  funds: { cash?: number; comp?: number; game?: number } = {},
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
  await fund(ledger, row.id, funds);
  return row.id;
}
