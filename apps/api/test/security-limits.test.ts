import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_PASSWORD_MAX_FAILURES } from '../src/modules/cashier/cashier.service.ts';
import {
  bo,
  call,
  createCashierTestApp,
  createMember,
  createOperator,
  OPERATOR_PASSWORD,
  signIn,
  type CashierTestApp,
} from './factories.ts';
import { SAME_ORIGIN } from './harness.ts';

/**
 * Issue 8, defects 3 and 4: the per-id limits must hold under parallel requests. Each attempt is
 * reserved (counted atomically) before the secret is checked, so of N parallel guesses at most the
 * limit reach the check; the others answer 429. The suite runs on the database counters (PGlite,
 * or PostgreSQL when DATABASE_URL is set) and again on Redis when one answers at REDIS_URL or
 * 127.0.0.1:6379.
 */

const PARALLEL = 40;
const MAX_FAILURES = 10;

async function reachableRedis(): Promise<Redis | undefined> {
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    return undefined;
  }
}

/** A test app whose limiter counts in the database, or in Redis when `redis` is given. */
function createLimitApp(redis?: Redis): Promise<CashierTestApp> {
  // The per-IP limit is lifted: the per-id counters are under test (each call comes from its own address anyway).
  return createCashierTestApp({ SIGNIN_MAX_FAILURES_PER_ID: String(MAX_FAILURES) }, redis ? { redis } : {});
}

function tally(codes: (string | number)[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const c of codes) out[String(c)] = (out[String(c)] ?? 0) + 1;
  return out;
}

const redis = await reachableRedis();
afterAll(async () => {
  // The counters this file leaves in Redis belong to random ids and expire with their window.
  await redis?.quit();
});

for (const backend of ['database', 'redis'] as const) {
  describe.skipIf(backend === 'redis' && !redis)(
    `per-id limits under parallel requests (${backend} counters)`,
    () => {
      let t: CashierTestApp;
      let ip = 0;
      const nextIp = () => {
        ip += 1;
        return `10.${backend === 'redis' ? 71 : 70}.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
      };

      beforeAll(async () => {
        t = await createLimitApp(backend === 'redis' ? redis : undefined);
      });
      afterAll(async () => {
        await t?.close();
      });

      async function memberLogin(userId: string, password: string) {
        const res = await call(t, 'user-do-login', { userId, password }, { ip: nextIp() });
        return res.code === 429 ? 429 : (res.body as { status: string }).status;
      }

      it('member sign-in: 40 parallel wrong passwords, at most the limit reach the check', async () => {
        const m = await createMember(t, { signedIn: false });
        const results = await Promise.all(
          Array.from({ length: PARALLEL }, (_, i) => memberLogin(m.userId, `wrong-${i}`)),
        );
        const counts = tally(results);
        expect(counts.fail ?? 0).toBeLessThanOrEqual(MAX_FAILURES);
        expect((counts.fail ?? 0) + (counts['429'] ?? 0)).toBe(PARALLEL);
        // The right password is now refused too, until the window ends.
        expect(await memberLogin(m.userId, m.password)).toBe(429);
      });

      it('member sign-in: 29 wrong and the right one in parallel, the wrong ones stay within the limit', async () => {
        const m = await createMember(t, { signedIn: false });
        const attempts = Array.from({ length: 29 }, (_, i) => `wrong-${i}`);
        attempts.splice(Math.floor(Math.random() * 30), 0, m.password);
        const counts = tally(await Promise.all(attempts.map((p) => memberLogin(m.userId, p))));
        // Before the right one is checked at most MAX_FAILURES attempts hold a reservation; its success
        // clears the id's failures (a success always did), after which at most MAX_FAILURES more can
        // be checked. Without the reservation all 29 wrong ones are checked.
        if (counts.success) expect(counts.fail ?? 0).toBeLessThanOrEqual(2 * MAX_FAILURES - 1);
        else expect(counts.fail ?? 0).toBeLessThanOrEqual(MAX_FAILURES);
        expect((counts.fail ?? 0) + (counts['429'] ?? 0) + (counts.success ?? 0)).toBe(30);
      });

      it('operator sign-in: 40 parallel wrong passwords, at most the limit reach the check', async () => {
        const op = await createOperator(t, 'cashier', { signedIn: false });
        const results = await Promise.all(
          Array.from({ length: PARALLEL }, async (_, i) => {
            const res = await t.app.inject({
              method: 'POST',
              url: '/api/backoffice/login',
              headers: { ...SAME_ORIGIN, 'content-type': 'application/json' },
              payload: JSON.stringify({ operatorId: op.operatorId, password: `wrong-password-${i}` }),
              remoteAddress: nextIp(),
            });
            return res.statusCode === 429 ? 429 : (res.json() as { status: string }).status;
          }),
        );
        const counts = tally(results);
        expect(counts.fail ?? 0).toBeLessThanOrEqual(MAX_FAILURES);
        expect((counts.fail ?? 0) + (counts['429'] ?? 0)).toBe(PARALLEL);
        const right = await bo(t, 'session.login', {
          body: { operatorId: op.operatorId, password: OPERATOR_PASSWORD },
        });
        expect(right.code).toBe(429);
      });

      it('current password (change-exchange-password): 29 wrong and the right one in parallel', async () => {
        const m = await createMember(t, { signedIn: false });
        const cookie = await signIn(t, m, { ip: nextIp() });
        const attempts = Array.from({ length: 29 }, (_, i) => `wrong-${i}`);
        attempts.splice(Math.floor(Math.random() * 30), 0, m.password);
        const results = await Promise.all(
          attempts.map(async (password) => {
            const res = await call(
              t,
              'change-exchange-password',
              { password, newExchangePassword: '135790' },
              { cookie, ip: nextIp() },
            );
            return res.code === 429 ? 429 : (res.body as { status: string }).status;
          }),
        );
        const counts = tally(results);
        // A right current password gives back only its own reservation: the wrong ones never exceed the limit.
        expect(counts.pass ?? 0).toBeLessThanOrEqual(MAX_FAILURES);
        expect((counts.pass ?? 0) + (counts.success ?? 0)).toBeLessThanOrEqual(MAX_FAILURES + 1);
        expect((counts.pass ?? 0) + (counts['429'] ?? 0) + (counts.success ?? 0)).toBe(30);
      });

      it('current password (change-password): 40 parallel wrong ones, at most the limit reach the check', async () => {
        const m = await createMember(t, { signedIn: false });
        const cookie = await signIn(t, m, { ip: nextIp() });
        const results = await Promise.all(
          Array.from({ length: PARALLEL }, async (_, i) => {
            const res = await call(
              t,
              'change-password',
              { password: `wrong-${i}`, newPassword: 'new-password-1' },
              { cookie, ip: nextIp() },
            );
            return res.code === 429 ? 429 : (res.body as { status: string }).status;
          }),
        );
        const counts = tally(results);
        expect(counts.pass ?? 0).toBeLessThanOrEqual(MAX_FAILURES);
        expect((counts.pass ?? 0) + (counts['429'] ?? 0)).toBe(PARALLEL);
      });

      it('exchange password (apply-user-withdraw): 40 parallel wrong guesses, at most five reach the check', async () => {
        const m = await createMember(t, { signedIn: false, cash: 500_000 });
        const cookie = await signIn(t, m, { ip: nextIp() });
        const results = await Promise.all(
          Array.from({ length: PARALLEL }, async (_, i) => {
            const guess = String(100000 + i);
            const res = await call(
              t,
              'apply-user-withdraw',
              { amount: 10_000, exchangePassword: guess === m.exchangePassword ? '000000' : guess },
              { cookie },
            );
            return res.code === 429 ? 429 : (res.body as { status: string }).status;
          }),
        );
        const counts = tally(results);
        expect(counts.pass ?? 0).toBeLessThanOrEqual(EXCHANGE_PASSWORD_MAX_FAILURES);
        expect((counts.pass ?? 0) + (counts['429'] ?? 0)).toBe(PARALLEL);
      });

      it('exchange password: 29 wrong and the right one in parallel never create a withdrawal beyond the limit', async () => {
        const m = await createMember(t, { signedIn: false, cash: 500_000 });
        const cookie = await signIn(t, m, { ip: nextIp() });
        const guesses = Array.from({ length: 29 }, (_, i) => String(200000 + i)).map((g) =>
          g === m.exchangePassword ? '000000' : g,
        );
        guesses.splice(Math.floor(Math.random() * 30), 0, m.exchangePassword);
        const results = await Promise.all(
          guesses.map(async (exchangePassword) => {
            const res = await call(
              t,
              'apply-user-withdraw',
              { amount: 10_000, exchangePassword },
              { cookie },
            );
            return res.code === 429 ? 429 : (res.body as { status: string }).status;
          }),
        );
        const counts = tally(results);
        expect(counts.pass ?? 0).toBeLessThanOrEqual(EXCHANGE_PASSWORD_MAX_FAILURES);
        // The right guess gives back its own reservation only: wrong ones plus the right one fit in the limit + 1.
        expect((counts.pass ?? 0) + (counts.success ?? 0)).toBeLessThanOrEqual(
          EXCHANGE_PASSWORD_MAX_FAILURES + 1,
        );
        const withdrawals = await t.db
          .selectFrom('withdraw_requests')
          .select('id')
          .where('member_id', '=', m.id)
          .execute();
        expect(withdrawals.length).toBe(counts.success ?? 0);
      });
    },
  );
}
