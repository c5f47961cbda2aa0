import type { ClientDevice } from './device.ts';
import type { TSessionUser } from '@casino/contracts/auth';
import type { CreatedSession } from './session.service.ts';

/** The outcome of a member sign-in; `too_many` is thrown (AppError) instead. */
export type SignInResult =
  | { status: 'success'; memberId: number; created: CreatedSession }
  | { status: 'fail' }
  /** `until` when a time-out or self-exclusion refused it (null: permanent); absent for an account state. */
  | { status: 'blocked'; until?: Date | null };

/**
 * What the `/api/auth/*` routes ask of the members module, which checks the credentials and owns
 * the members. Members sits above auth (it uses auth's sessions, passwords and cookies), so auth
 * names what it needs here and the members service provides it.
 */
export interface MemberSignIn {
  signIn(input: {
    userId: string;
    password: string;
    ip: string;
    userAgent?: string | undefined;
    /** The request's device (device.ts): recorded as the member's signal, checked against the blacklist. */
    device?: ClientDevice | undefined;
  }): Promise<SignInResult>;
  /** The member and the session's end for `GET /api/auth/session`; undefined when not signed in. */
  sessionView(token: string | undefined): Promise<{ user: TSessionUser; expires: string } | undefined>;
}
