import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { createRedisRateLimiter } from '../../lib/rate-limiter.ts';
import { createSignInLimiter } from './sign-in-limiter.ts';

// The sign-in limiter on the Redis counters (REDIS_URL). Skipped when no Redis answers at
// REDIS_URL or 127.0.0.1:6379; the database counters are covered by apps/api/test/auth.test.ts.
const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let redis: Redis | undefined;

beforeAll(async () => {
  const client = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 500,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    redis = client;
  } catch {
    client.disconnect();
  }
});

afterAll(async () => {
  await redis?.quit();
});

async function tooMany(promise: Promise<unknown>): Promise<number | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    if (error instanceof AppError && error.code === 'too_many') return error.retryAfterSec;
    throw error;
  }
}

describe('sign-in limiter on Redis', () => {
  it('limits ids by failures and IPs by attempts, with Retry-After', async (context) => {
    if (!redis) return context.skip();
    const prefix = `test:${randomBytes(4).toString('hex')}:`;
    const limiter = createSignInLimiter({
      rateLimiter: createRedisRateLimiter(redis, prefix),
      limits: {
        signInMaxFailuresPerId: 2,
        signInFailureWindowMs: 60_000,
        signInMaxAttemptsPerIp: 4,
        signInAttemptWindowMs: 60_000,
      },
    });
    // Two wrong passwords: each keeps its reservation.
    await limiter.reserve('member', 'victim', '10.9.0.1');
    await limiter.reserve('member', 'victim', '10.9.0.2');
    const idRetry = await tooMany(limiter.reserve('member', 'victim', '10.9.0.3'));
    expect(idRetry).toBeGreaterThan(0);
    expect(idRetry).toBeLessThanOrEqual(60);
    // Operators count apart from members.
    expect(await tooMany(limiter.reserve('operator', 'victim', '10.9.0.3'))).toBeUndefined();

    for (let i = 0; i < 4; i += 1) await limiter.reserve('member', `other${i}`, '10.9.0.9');
    const ipRetry = await tooMany(limiter.reserve('member', 'other9', '10.9.0.9'));
    expect(ipRetry).toBeGreaterThan(0);

    await limiter.succeeded('member', 'victim');
    expect(await tooMany(limiter.reserve('member', 'victim', '10.9.0.4'))).toBeUndefined();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  });
});
