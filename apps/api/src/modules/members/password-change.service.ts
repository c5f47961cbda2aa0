import { invalid } from '../../lib/app-error.ts';
import type { MemberPrincipal } from '../../lib/calls.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { isAcceptableNewPassword } from './password-rules.ts';
import type { MembersParts } from './members.types.ts';

/** A member's own password changes: the login password and the exchange (withdrawal) password. */
export function createPasswordChange({ deps, repo }: MembersParts) {
  const { db, sessions, signInLimiter, now } = deps;

  async function checkCurrentPassword(
    principal: MemberPrincipal,
    password: string,
    ip: string,
  ): Promise<boolean> {
    // The same reserve-first count as the sign-in: a stolen session must not guess the password.
    await signInLimiter.reserve('member', principal.userId, ip);
    const member = await repo.findCredentialsById(principal.memberId);
    if (!member || !(await verifyPassword(member.password_hash, password))) return false;
    await signInLimiter.giveBack('member', principal.userId);
    return true;
  }

  return {
    /**
     * Whether `password` is the member's login password: argon2id, counted like a failed sign-in
     * when wrong (429 under the same limits), as `change-password` checks it (take-break uses it).
     */
    checkPassword: checkCurrentPassword,

    /**
     * Changes the login password after checking the current one (`pass` when wrong, counted like a
     * failed sign-in, so a stolen session cannot guess it at leisure) and signs out every other
     * session of the member. Throws AppError invalid (newPassword) for the id or a common password.
     * It also ends a forced change after an operator's reset (`must_change_password` cleared).
     */
    async changePassword(
      principal: MemberPrincipal,
      input: { password: string; newPassword: string },
      ip: string,
    ): Promise<'success' | 'pass'> {
      if (!isAcceptableNewPassword(input.newPassword, principal.userId))
        throw invalid('newPassword', 'pattern');
      if (!(await checkCurrentPassword(principal, input.password, ip))) return 'pass';
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction().execute(async (trx) => {
        await repo.setPasswordHash(principal.memberId, passwordHash, now(), trx);
        await sessions.revokeAllFor(
          'member',
          principal.memberId,
          { exceptSessionId: principal.sessionId },
          trx,
        );
      });
      return 'success';
    },

    /** Changes the exchange (withdrawal) password after checking the login password. */
    async changeExchangePassword(
      principal: MemberPrincipal,
      input: { password: string; newExchangePassword: string },
      ip: string,
    ): Promise<'success' | 'pass'> {
      if (!(await checkCurrentPassword(principal, input.password, ip))) return 'pass';
      const exchangeHash = await hashPassword(input.newExchangePassword);
      await repo.setExchangePasswordHash(principal.memberId, exchangeHash, now());
      return 'success';
    },
  };
}
