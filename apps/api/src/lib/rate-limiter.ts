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
  /**
   * Counts one hit and returns the window's count, in one atomic step: parallel hits (on this
   * instance or another) each see a different count, so a limit checked on the returned count holds
   * under any concurrency. Limits that guard a secret call it BEFORE checking the secret.
   */
  hit(key: string, windowMs: number): Promise<RateLimitResult>;
  /** Gives one hit back (never below zero): an attempt that turned out not to count. */
  giveBack(key: string): Promise<void>;
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
    async giveBack(key) {
      await db
        .updateTable('rate_limits')
        .set({ count: sql`greatest(rate_limits.count - 1, 0)` })
        .where('key', '=', key)
        .where('reset_at', '>', now())
        .execute();
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

/** INCR and, for a new counter, PEXPIRE in one atomic step; answers the count and the PTTL. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** DECR only while the counter exists and is positive, so giving back never creates or underflows one. */
const GIVE_BACK_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export function createRedisRateLimiter(redis: Redis, prefix = 'rl:'): RateLimiter {
  return {
    async hit(key, windowMs) {
      // One script, so the count and its expiry are set together: no instance can see a counter
      // without an expiry, and a crash between two commands cannot leave one behind.
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, retryAfterSec: Math.max(1, Math.ceil(ttl / 1000)) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key);
    },
    async peek(key) {
      const k = prefix + key;
      const [[, value], [, ttl]] = (await redis.multi().get(k).pttl(k).exec()) as [
        [null, string | null],
        [null, number],
      ];
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
