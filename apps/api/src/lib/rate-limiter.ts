import { sql } from 'kysely';
import type { Redis } from 'ioredis';
import type { Database } from '../db/database.ts';

export interface RateLimitResult {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (at least 1). */
  retryAfterSec: number;
}

/**
 * Fixed-window counters shared by every instance: in PostgreSQL by default, in Redis when
 * REDIS_URL is set (cheaper under a flood). Keys name what is limited, e.g. `signin-ip:1.2.3.4`.
 */
export interface RateLimiter {
  /** Counts one hit and returns the window's count. */
  hit(key: string, windowMs: number): Promise<RateLimitResult>;
  /** The current count without counting. */
  peek(key: string): Promise<RateLimitResult>;
  reset(key: string): Promise<void>;
}

export function createPgRateLimiter(db: Database, now: () => Date = () => new Date()): RateLimiter {
  return {
    async hit(key, windowMs) {
      const at = now();
      const resetAt = new Date(at.getTime() + windowMs);
      const row = await db
        .insertInto('rate_limits')
        .values({ key, count: 1, reset_at: resetAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql`case when rate_limits.reset_at <= ${at} then 1 else rate_limits.count + 1 end`,
            reset_at: sql`case when rate_limits.reset_at <= ${at} then ${resetAt} else rate_limits.reset_at end`,
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: row.count, retryAfterSec: secondsUntil(row.reset_at, at) };
    },
    async peek(key) {
      const at = now();
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      if (!row || row.reset_at <= at) return { count: 0, retryAfterSec: 1 };
      return { count: row.count, retryAfterSec: secondsUntil(row.reset_at, at) };
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('key', '=', key).execute();
    },
  };
}

export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis
        .multi()
        .incr(k)
        .pttl(k)
        .exec()) as [[null, number], [null, number]];
      let ttlMs = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowMs);
        ttlMs = windowMs;
      }
      return { count, retryAfterSec: Math.max(1, Math.ceil(ttlMs / 1000)) };
    },
    async peek(key) {
      const k = prefix + key;
      const [[, value], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [[null, string | null], [null, number]];
      return { count: value ? Number(value) : 0, retryAfterSec: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
  };
}

function secondsUntil(when: Date, at: Date): number {
  return Math.max(1, Math.ceil((when.getTime() - at.getTime()) / 1000));
}
