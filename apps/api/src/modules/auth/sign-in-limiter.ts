import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/** Who signs in: members and operators count separately. */
export type SignInScope = 'member' | 'operator';

export type SignInLimits = Pick<
  Config,
  'signInMaxFailuresPerId' | 'signInFailureWindowMs' | 'signInMaxAttemptsPerIp' | 'signInAttemptWindowMs'
>;

/**
 * The sign-in rate limits of API.md section 2, shared by the credentials callback,
 * `user-do-login` and the operator sign-in:
 * - more than `signInMaxAttemptsPerIp` attempts from one IP within `signInAttemptWindowMs`;
 * - an id that has failed `signInMaxFailuresPerId` times within `signInFailureWindowMs` (the next
 *   attempt would be failure number max + 1) until the window ends.
 * Both answer AppError `too_many` (429 with Retry-After). The id counter is reset by a successful
 * sign-in. Ids are keyed by a hash, so no raw input reaches the counter store.
 */
export function createSignInLimiter(deps: { rateLimiter: RateLimiter; limits: SignInLimits }) {
  const { rateLimiter, limits } = deps;

  const ipKey = (scope: SignInScope, ip: string) => `signin-ip:${scope}:${ip}`;
  const idKey = (scope: SignInScope, id: string) =>
    `signin-fail:${scope}:${createHash('sha256').update(id).digest('base64url').slice(0, 32)}`;

  return {
    /**
     * Counts one attempt from `ip` and refuses it when the IP or the id is over its limit. `id` is
     * the normalized id, or null when the input cannot be an id at all (only the IP counts then).
     */
    async beforeAttempt(scope: SignInScope, id: string | null, ip: string): Promise<void> {
      const attempts = await rateLimiter.hit(ipKey(scope, ip), limits.signInAttemptWindowMs);
      if (attempts.count > limits.signInMaxAttemptsPerIp) {
        throw new AppError('too_many', { retryAfterSec: attempts.retryAfterSec });
      }
      if (id === null) return;
      const failures = await rateLimiter.peek(idKey(scope, id));
      if (failures.count >= limits.signInMaxFailuresPerId) {
        throw new AppError('too_many', { retryAfterSec: failures.retryAfterSec });
      }
    },

    /** Counts a failed attempt (wrong password or unknown id) against the id. */
    async recordFailure(scope: SignInScope, id: string | null): Promise<void> {
      if (id === null) return;
      await rateLimiter.hit(idKey(scope, id), limits.signInFailureWindowMs);
    },

    /** Clears the id's failures after a successful sign-in. */
    async recordSuccess(scope: SignInScope, id: string): Promise<void> {
      await rateLimiter.reset(idKey(scope, id));
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
