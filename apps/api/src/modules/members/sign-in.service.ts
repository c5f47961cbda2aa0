import type { TSessionUser } from '@casino/contracts/auth';
import type { MemberPrincipal } from '../../lib/calls.ts';
import { verifyDummy, verifyPassword } from '../auth/passwords.ts';
import type { MembersParts, SignInResult } from './members.types.ts';

/** Sign-in and the member sessions: the credentials check, the session resolver, the session view. */
export function createSignIn({ deps, repo }: MembersParts) {
  const { sessions, signInLimiter, now } = deps;
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
    }): Promise<SignInResult> {
      const userId = input.userId.trim().toLowerCase();
      // Reserved before the password is checked, so parallel guesses cannot outrun the count; a
      // wrong password keeps its reservation as the failure.
      await signInLimiter.reserve('member', userId, input.ip);
      const member = await repo.findCredentialsByUserId(userId);
      const isMatch = member
        ? await verifyPassword(member.password_hash, input.password)
        : await verifyDummy(input.password);
      if (!member || !isMatch) return { status: 'fail' };
      if (member.state !== 'active') {
        await signInLimiter.giveBack('member', userId);
        return { status: 'blocked' };
      }
      await signInLimiter.succeeded('member', userId);
      const created = await sessions.create('member', member.id, {
        ip: input.ip,
        userAgent: input.userAgent ?? null,
      });
      await repo.setLastLogin(member.id, now());
      return { status: 'success', memberId: member.id, created };
    },

    /**
     * The member behind a session token, or null. A member who is no longer active (blocked,
     * self-excluded) loses every session here too, should an operator action have missed one.
     */
    async resolve(token: string | undefined, options: { touch: boolean }): Promise<MemberPrincipal | null> {
      const session = await sessions.resolve('member', token, options);
      if (!session) return null;
      const member = await repo.findPrincipal(session.subjectId);
      if (!member || member.state !== 'active') {
        await sessions.revokeAllFor('member', session.subjectId);
        return null;
      }
      return { memberId: session.subjectId, userId: member.user_id, sessionId: session.id };
    },

    /**
     * What `GET /api/auth/session` shows: the member and when the session ends without further
     * activity. Reading it is not activity.
     */
    async sessionView(
      token: string | undefined,
    ): Promise<{ user: TSessionUser; expires: string } | undefined> {
      const session = await sessions.resolve('member', token, { touch: false });
      if (!session) return undefined;
      const profile = await repo.findProfile(session.subjectId);
      if (!profile || profile.state !== 'active') {
        await sessions.revokeAllFor('member', session.subjectId);
        return undefined;
      }
      return {
        user: { userId: profile.user_id, nick: profile.nick, level: profile.level },
        expires: session.expiresAt.toISOString(),
      };
    },
  };
}
