import type { TSessionUser } from '@casino/contracts/auth';
import type { MemberPrincipal } from '../../lib/calls.ts';
import type { SignInResult } from '../auth/auth.types.ts';
import type { ClientDevice } from '../auth/device.ts';
import { verifyDummy, verifyPassword } from '../auth/passwords.ts';
import type { BreakColumns } from './members.repository.ts';
import type { MembersParts } from './members.types.ts';
import { userFromView } from './profile.service.ts';
import { requirementsOf } from './requirements.ts';

/**
 * Whether the member of a session row is on a break at `at`: the hot statements read the ends of the
 * member's breaks with the session (members.repository.ts), so a session that survived a break's
 * start (a sign-in racing take-break) is refused and ended at its next request, at no extra cost.
 */
function isOnBreak(row: BreakColumns, at: Date): boolean {
  return row.break_permanent === true || (row.break_until !== null && row.break_until > at);
}

/** Sign-in and the member sessions: the credentials check, the session resolver, the session view. */
export function createSignIn({ deps, repo }: MembersParts) {
  const { sessions, signInLimiter, breaks, blacklist, fraud, now } = deps;
  return {
    /**
     * Signs a member in (the credentials callback and `user-do-login`). Rate limits come first
     * (AppError too_many); an unknown id is verified against a dummy hash so that it takes as long
     * as a known one; a member who is not active learns it only with the right password.
     */
    async signIn(input: {
      userId: string;
      password: string;
      ip: string;
      userAgent?: string | undefined;
      device?: ClientDevice | undefined;
    }): Promise<SignInResult> {
      const userId = input.userId.trim().toLowerCase();
      // Reserved before the password is checked, so parallel guesses cannot outrun the count; a
      // wrong password keeps its reservation as the failure.
      await signInLimiter.reserve('member', userId, input.ip);
      // A listed address or device (docs/api/backoffice-blacklist.md) is answered as a wrong
      // password, after the same password work, so the answer and its time say nothing of the list.
      if (
        blacklist &&
        (await blacklist.refuses({ context: 'sign_in', ip: input.ip, device: input.device?.id, userId }))
      ) {
        await verifyDummy(input.password);
        return { status: 'fail' };
      }
      const member = await repo.findCredentialsByUserId(userId);
      const isMatch = member
        ? await verifyPassword(member.password_hash, input.password)
        : await verifyDummy(input.password);
      if (!member) return { status: 'fail' };
      // Every attempt on a known id goes into the member's sign-in history (an unknown id has none).
      const attempt = {
        memberId: member.id,
        ip: input.ip,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      };
      if (!isMatch) {
        await repo.insertSignIn({ ...attempt, at: now(), outcome: 'password' });
        return { status: 'fail' };
      }
      if (member.state !== 'active') {
        await signInLimiter.giveBack('member', userId);
        await repo.insertSignIn({ ...attempt, at: now(), outcome: 'blocked' });
        return { status: 'blocked' };
      }
      // A time-out or self-exclusion (docs/protection.md): refused like a blocked account, with its end.
      const onBreak = await breaks.activeBreak(member.id);
      if (onBreak) {
        await signInLimiter.giveBack('member', userId);
        await repo.insertSignIn({ ...attempt, at: now(), outcome: 'blocked' });
        return { status: 'blocked', until: onBreak.until };
      }
      // The request's signals recorded, and a member linked to others as the operator's setting says
      // (docs/security.md "Abuse signals"): refused as wrong credentials, with a review entry.
      if (fraud && !(await fraud.admitSignIn(member.id, { ip: input.ip, device: input.device }))) {
        await repo.insertSignIn({ ...attempt, at: now(), outcome: 'blocked' });
        return { status: 'fail' };
      }
      await signInLimiter.succeeded('member', userId);
      const created = await sessions.create('member', member.id, {
        ip: input.ip,
        userAgent: input.userAgent ?? null,
      });
      const at = now();
      await repo.setLastLogin(member.id, at);
      await repo.insertSignIn({ ...attempt, at, outcome: 'success' });
      return { status: 'success', memberId: member.id, created };
    },

    /**
     * The member behind a session token, or null, read with the session in one statement. A
     * member who is no longer active (blocked, self-excluded) loses every session here too, should
     * an operator action have missed one. `withUser` reads the member as TUser in the same
     * statement (the health poll answers with it).
     */
    async resolve(
      token: string | undefined,
      options: { touch: boolean; withUser?: boolean },
    ): Promise<MemberPrincipal | null> {
      const tokenHash = sessions.tokenHashOf(token);
      if (!tokenHash) return null;
      const view = options.withUser ? await repo.viewBySession(tokenHash) : undefined;
      const row = view ?? (options.withUser ? undefined : await repo.principalBySession(tokenHash));
      if (!row || !(await sessions.admit(row, { touch: options.touch }))) return null;
      if (row.state !== 'active' || isOnBreak(row, now())) {
        await sessions.revokeAllFor('member', row.subject_id);
        return null;
      }
      return {
        memberId: row.subject_id,
        userId: row.user_id,
        sessionId: row.id,
        requires: requirementsOf(row),
        ...(view ? { user: userFromView(view) } : {}),
      };
    },

    /**
     * The sign-in before the session that began at `sessionCreatedAt` (get-sessions' `lastLogin`):
     * the member's latest successful sign-in before it, or undefined on a first sign-in.
     */
    previousSignIn(memberId: number, sessionCreatedAt: Date) {
      return repo.successfulSignInBefore(memberId, sessionCreatedAt);
    },

    /**
     * What `GET /api/auth/session` shows: the member and when the session ends without further
     * activity. Reading it is not activity.
     */
    async sessionView(
      token: string | undefined,
    ): Promise<{ user: TSessionUser; expires: string } | undefined> {
      const tokenHash = sessions.tokenHashOf(token);
      const row = tokenHash ? await repo.principalBySession(tokenHash) : undefined;
      const session = row && (await sessions.admit(row, { touch: false }));
      if (!row || !session) return undefined;
      if (row.state !== 'active' || isOnBreak(row, now())) {
        await sessions.revokeAllFor('member', row.subject_id);
        return undefined;
      }
      return {
        user: { userId: row.user_id, nick: row.nick, level: row.level },
        expires: session.expiresAt.toISOString(),
      };
    },
  };
}
