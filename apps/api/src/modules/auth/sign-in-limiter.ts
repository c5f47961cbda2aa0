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
 * The sign-in rate limits of docs/api/auth.md, shared by the credentials callback,
 * `user-do-login`, the operator sign-in and the current-password checks of `change-password` and
 * `change-exchange-password`:
 * - more than `signInMaxAttemptsPerIp` attempts from one IP within `signInAttemptWindowMs`;
 * - more than `signInMaxFailuresPerId` failed (or still running) attempts on one id within
 *   `signInFailureWindowMs`, until the window ends.
 * Both answer AppError `too_many` (429 with Retry-After).
 *
 * The id's attempt is RESERVED before the password is checked: `reserve` counts it atomically and
 * refuses it when the count is over the limit, so forty parallel guesses cannot all pass a check
 * that none of them has counted yet (issue 8). A wrong password simply keeps its reservation; a
 * right one calls `succeeded` (clears the id's failures, as a sign-in always did) or `giveBack`
 * (returns only its own reservation, where earlier failures must keep counting). A refused attempt
 * returns its reservation itself. Ids are keyed by a
 * hash, so no raw input reaches the counter store.
 */
export function createSignInLimiter(deps: { rateLimiter: RateLimiter; limits: SignInLimits }) {
  const { rateLimiter, limits } = deps;

  const ipKey = (scope: SignInScope, ip: string) => `signin-ip:${scope}:${ip}`;
  const idKey = (scope: SignInScope, id: string) =>
    `signin-fail:${scope}:${createHash('sha256').update(id).digest('base64url').slice(0, 32)}`;

  return {
    /**
     * Counts one attempt from `ip` and one on the id, and refuses it when either is over its limit.
     * `id` is the normalized id, or null when the input cannot be an id at all (only the IP counts
     * then). Call it before checking the secret.
     */
    async reserve(scope: SignInScope, id: string | null, ip: string): Promise<void> {
      const attempts = await rateLimiter.hit(ipKey(scope, ip), limits.signInAttemptWindowMs);
      if (attempts.count > limits.signInMaxAttemptsPerIp) {
        throw new AppError('too_many', { retryAfterSec: attempts.retryAfterSec });
      }
      if (id === null) return;
      const failures = await rateLimiter.hit(idKey(scope, id), limits.signInFailureWindowMs);
      if (failures.count > limits.signInMaxFailuresPerId) {
        // A refused attempt checked nothing: its reservation goes back, so only real guesses (and
        // attempts still running) hold the id's count.
        await rateLimiter.giveBack(idKey(scope, id));
        throw new AppError('too_many', { retryAfterSec: failures.retryAfterSec });
      }
    },

    /** A successful sign-in: clears the id's failures (its own reservation included). */
    async succeeded(scope: SignInScope, id: string): Promise<void> {
      await rateLimiter.reset(idKey(scope, id));
    },

    /**
     * Returns this attempt's reservation only: the secret was right but the earlier failures keep
     * counting (a current-password check, or an operator's right password still missing its code).
     */
    async giveBack(scope: SignInScope, id: string): Promise<void> {
      await rateLimiter.giveBack(idKey(scope, id));
    },
  };
}

export type SignInLimiter = ReturnType<typeof createSignInLimiter>;
