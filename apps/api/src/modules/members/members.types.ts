import type { Selectable } from 'kysely';
import type { TUserRegisterRequest } from '@casino/contracts/members';
import type { Database } from '../../db/database.ts';
import type { MembersTable } from '../../db/schema.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { SignInLimiter } from '../auth/sign-in-limiter.ts';
import type { LegalService } from '../legal/legal.service.ts';
import type { BlacklistCheck } from '../blacklist/blacklist.service.ts';
import type { FraudService } from '../fraud/fraud.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { MembersRepository } from './members.repository.ts';

// The types the members module's parts share (registration, sign-in, profile, password changes),
// kept apart from members.service.ts so that the parts and the service never import each other.

export interface MembersServiceDeps {
  db: Database;
  ledger: Pick<LedgerService, 'openMemberAccounts'>;
  sessions: SessionService;
  signInLimiter: SignInLimiter;
  /** The settings module owns the `settings` table; members only asks it. */
  settings: Pick<SettingsService, 'memberApprovalRequired'>;
  /**
   * The legal module: the terms and privacy versions in force, accepted at registration and, when a
   * newer one is published, with `accept-terms`; it records each acceptance.
   */
  legal: Pick<LegalService, 'currentVersions' | 'recordAcceptances'>;
  /**
   * The protection module's breaks (time-outs, self-exclusion): a member on one may not sign in.
   * Protection sits above members (it asks members for passwords and details), so members names
   * only what it reads here and protection's break reader provides it.
   */
  breaks: MemberBreaks;
  /**
   * The blacklist (docs/api/backoffice-blacklist.md): a registration from a listed address, phone or
   * bank account, or a sign-in from a listed address, is refused with a neutral answer.
   */
  blacklist?: BlacklistCheck | undefined;
  /**
   * Abuse signals (docs/security.md "Abuse signals"): recorded at registration and sign-in, and the
   * operator's setting for a linked member applied (allow, flag, refuse with the neutral answer).
   */
  fraud?: Pick<FraudService, 'admitRegistration' | 'registered' | 'admitSignIn' | 'sharesDevice'> | undefined;
  now: () => Date;
}

/** What sign-in asks of the member's breaks: the one in force now, if any (`until` null: permanent). */
export interface MemberBreaks {
  activeBreak(memberId: number): Promise<{ until: Date | null } | null>;
}

export type RegisterResult =
  | { status: 'success'; memberId: number }
  | { status: 'alread_have_user'; field: 'userId' | 'nick' }
  | { status: 'alread'; field: 'phone' | 'banknum' }
  | { status: 'cant_find_code' }
  /** Refused without a reason given (the blacklist: docs/api/backoffice-blacklist.md). */
  | { status: 'fail' };

/** A registration as the contract's schema leaves it (id lower-cased, nick NFC, digits only). */
export type NewMember = { [K in Exclude<keyof TUserRegisterRequest, 'agree18' | 'recommender'>]: string } & {
  /** The recommender's user id (docs/promotions.md "Referral"). */
  recommender?: string | undefined;
};

/** What the cashier needs to know about a member (the members module owns the table). */
export type CashierMember = Pick<
  Selectable<MembersTable>,
  'id' | 'user_id' | 'state' | 'bankname' | 'bank_owner' | 'banknum' | 'exchange_password_hash'
>;

/** A member as the back office shows it. */
export type MemberDetail = Pick<
  Selectable<MembersTable>,
  | 'id'
  | 'user_id'
  | 'nick'
  | 'phone'
  | 'bankname'
  | 'bank_owner'
  | 'banknum'
  | 'level'
  | 'state'
  | 'reg_code'
  | 'created_at'
  | 'last_login_at'
  | 'must_change_password'
  | 'partner_id'
>;

/** What every part of the members service works with: the deps and the one repository. */
export interface MembersParts {
  deps: MembersServiceDeps;
  repo: MembersRepository;
}
