import type { TBackofficeBody } from '@casino/contracts/backoffice-routes';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { MAINTENANCE_CACHE_MS } from '../src/modules/settings/maintenance.ts';
import { createServices } from '../src/services.ts';
import {
  bo,
  call,
  createMember,
  createOperator,
  fileTestApp,
  postCredentials,
  requestIdsOf,
  type TestMember,
} from './factories.ts';
import { createTestProvider, type TestProvider } from './game-provider.ts';
import { SAME_ORIGIN, TestClock } from './harness.ts';

// The site-wide maintenance switch (issue 12, docs/operations.md): the back office turns it on,
// member calls and pages answer 503, and what must keep working keeps working.

const t = await fileTestApp();
const owner = await createOperator(t, 'owner');
let member: TestMember;
let slot: TestProvider;

beforeAll(async () => {
  member = await createMember(t, { cash: 100_000 });
  slot = await createTestProvider(t, owner, { games: ['fruit'] });
});

const siteStatus = (locale?: string) => call(t, 'get-site-status', locale ? { locale } : {});
const put = (body: TBackofficeBody<'settings.updateMaintenance'>, cookie = owner.cookie) =>
  bo(t, 'settings.updateMaintenance', { cookie, body });

async function switchOff(): Promise<void> {
  expect((await put({ enabled: false })).code).toBe(200);
}

describe('the switch in the back office', () => {
  it('is off by default', async () => {
    expect((await siteStatus()).body).toEqual({
      status: 'success',
      maintenance: { enabled: false, message: null, until: null },
      site: { name: expect.any(String), theme: expect.any(Object) },
    });
    expect((await bo(t, 'settings.maintenance', { cookie: owner.cookie })).body).toEqual({
      status: 'success',
      maintenance: { enabled: false, message: '', until: null },
    });
  });

  it('is the owner’s alone: other roles get 403 denied, no session 401', async () => {
    for (const role of ['cashier', 'support', 'content'] as const) {
      const other = await createOperator(t, role);
      expect((await bo(t, 'settings.maintenance', { cookie: other.cookie })).code).toBe(403);
      const refused = await put({ enabled: true }, other.cookie);
      expect(refused.code).toBe(403);
      expect(refused.body).toEqual({ status: 'denied' });
    }
    expect((await bo(t, 'settings.maintenance', {})).code).toBe(401);
    expect((await put({ enabled: true }, '')).code).toBe(401);
    expect((await siteStatus()).body.maintenance.enabled).toBe(false);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const cases: Array<[unknown, { path: string; code: string }]> = [
      [{}, { path: '', code: 'required' }],
      [{ enabled: 'yes' }, { path: 'enabled', code: 'type' }],
      [
        { enabled: true, until: '2020-01-01T00:00:00Z' },
        { path: 'until', code: 'min' },
      ],
      [
        { enabled: true, until: 'tomorrow' },
        { path: 'until', code: 'pattern' },
      ],
      [
        { enabled: true, message: 'x'.repeat(1001) },
        { path: 'message', code: 'length' },
      ],
      [
        { enabled: true, message: { de: 'Wartung' } },
        { path: 'message', code: 'unknown' },
      ],
      [
        { enabled: true, force: true },
        { path: 'force', code: 'unknown' },
      ],
    ];
    for (const [body, error] of cases) {
      // Unknown fields among them, which the entry's type refuses.
      const answer = await bo(t, 'PUT', '/settings/maintenance', { cookie: owner.cookie, body });
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.body.errors, JSON.stringify(body)).toContainEqual(error);
    }
    expect((await bo(t, 'settings.maintenance', { cookie: owner.cookie })).body.maintenance).toEqual({
      enabled: false,
      message: '',
      until: null,
    });
  });

  it('is audited with before and after', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const on = await put({
      enabled: true,
      message: { ko: '서버 점검 중입니다.', en: 'Scheduled maintenance.' },
      until,
    });
    expect(on.code).toBe(200);
    expect(on.body.maintenance).toEqual({
      enabled: true,
      message: { ko: '서버 점검 중입니다.', en: 'Scheduled maintenance.' },
      until,
    });
    await switchOff();
    const audit = await bo(t, 'audit.list', {
      cookie: owner.cookie,
      query: { target: 'settings:maintenance' },
    });
    const [off, first] = audit.body.list;
    expect(first).toMatchObject({
      operatorId: owner.operatorId,
      action: 'settings.maintenance',
      before: { enabled: false },
      after: { enabled: true, until },
    });
    expect(off).toMatchObject({ before: { enabled: true }, after: { enabled: false, until } });
  });
});

describe('while the site is in maintenance', () => {
  let token: string;
  const until = new Date(Date.now() + 2 * 3_600_000).toISOString();

  beforeAll(async () => {
    // A round opened before the maintenance starts must settle during it.
    token = await slot.launch(member, 'fruit');
    const on = await put({
      enabled: true,
      message: { ko: '점검 중입니다.', en: 'We are upgrading.' },
      until,
    });
    expect(on.code).toBe(200);
  });

  afterAll(switchOff);

  it('answers member calls 503 {status:"maintenance"} with Retry-After, whoever calls', async () => {
    for (const [name, body, cookie] of [
      ['get-banks', {}, ''],
      ['get-jackpot', {}, ''],
      ['user-health-check', {}, member.cookie],
      ['apply-user-deposit', { amount: 10_000 }, member.cookie],
      ['user-register', {}, ''],
      ['user-do-login', { userId: member.userId, password: 'whatever-1' }, ''],
      ['no-such-call', {}, ''],
    ] as const) {
      const answer = await call(t, name, body, cookie);
      expect(answer.code, name).toBe(503);
      expect(answer.body, name).toEqual({ status: 'maintenance' });
      const retryAfter = Number(answer.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(3_600);
      expect(retryAfter).toBeLessThanOrEqual(2 * 3_600);
    }
    // Nothing ran: no deposit request was written.
    const requests = await requestIdsOf(t, 'deposit', member.id);
    expect(requests).toEqual([]);
  });

  it('refuses a member sign-in with 503 too', async () => {
    const answer = await postCredentials(t, { userId: member.userId, password: 'whatever-1' });
    expect(answer.statusCode).toBe(503);
    expect(answer.json()).toEqual({ status: 'maintenance' });
  });

  it('still tells the portal about it, in the caller’s locale (Korean when the locale has no message)', async () => {
    expect((await siteStatus('en')).body).toEqual({
      status: 'success',
      maintenance: { enabled: true, message: 'We are upgrading.', until },
      site: { name: expect.any(String), theme: expect.any(Object) },
    });
    expect((await siteStatus('jp')).body.maintenance.message).toBe('점검 중입니다.');
    expect((await siteStatus()).body.maintenance.message).toBe('점검 중입니다.');
  });

  it('keeps the back office, the provider wallet, the auth reads and the health probe working', async () => {
    expect((await bo(t, 'settings.maintenance', { cookie: owner.cookie })).code).toBe(200);
    expect((await bo(t, 'audit.list', { cookie: owner.cookie })).code).toBe(200);

    const roundId = `round-${randomBytes(3).toString('hex')}`;
    const base = { userId: member.userId, roundId, gameCode: 'fruit' };
    const bet = await slot.wallet('bet', { ...base, token, transactionId: `${roundId}-bet`, amount: 10_000 });
    expect(bet.code).toBe(200);
    expect(bet.body).toMatchObject({ status: 'RS_OK', balance: 90_000 });
    const win = await slot.wallet('win', {
      ...base,
      transactionId: `${roundId}-win`,
      amount: 30_000,
      roundClosed: true,
    });
    expect(win.body).toMatchObject({ status: 'RS_OK', balance: 120_000 });

    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: member.cookie },
    });
    expect(session.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/csrf' })).statusCode).toBe(200);
  });

  it('takes effect on every instance within MAINTENANCE_CACHE_MS', async () => {
    // A second instance over the same database, with its own clock and its own cache.
    const clock = new TestClock();
    const services = createServices({
      secretsKey: randomBytes(32),
      config: t.config,
      db: t.db,
      dbKind: t.kind,
      now: clock.now,
    });
    const other = await buildApp({ services });
    await other.ready();
    const otherCall = (name: string) =>
      other.inject({
        method: 'POST',
        url: `/api/routes/${name}`,
        headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
        payload: '{}',
      });
    try {
      expect((await otherCall('get-banks')).statusCode).toBe(503);
      // The operator switches it off on the first instance: that instance opens at once ...
      expect((await put({ enabled: false })).code).toBe(200);
      expect((await call(t, 'get-banks')).code).toBe(200);
      // ... the other one keeps what it read for at most MAINTENANCE_CACHE_MS.
      expect((await otherCall('get-banks')).statusCode).toBe(503);
      clock.advance(MAINTENANCE_CACHE_MS);
      expect((await otherCall('get-banks')).statusCode).toBe(200);
      // And on again, the same way round.
      expect((await put({ enabled: true })).code).toBe(200);
      expect((await otherCall('get-banks')).statusCode).toBe(200);
      clock.advance(MAINTENANCE_CACHE_MS);
      expect((await otherCall('get-banks')).statusCode).toBe(503);
    } finally {
      await other.close();
    }
  });
});

describe('after the maintenance', () => {
  it('serves member calls again', async () => {
    await switchOff();
    expect((await call(t, 'get-banks')).code).toBe(200);
    expect((await call(t, 'user-health-check', {}, member.cookie)).code).toBe(200);
    expect((await siteStatus()).body.maintenance).toMatchObject({ enabled: false });
  });
});
