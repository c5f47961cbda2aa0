import { BANKS } from '@casino/contracts/banks';
import { normalizeHost, parseDomainField, domainMatches } from '@casino/contracts/host';
import type { TBankEntry, TMemberAccount, TUser, TUserRegisterRequest } from '@casino/contracts/members';
import type { TSessionUser } from '@casino/contracts/auth';
import type { Database } from '../../db/database.ts';
import type { MemberState } from '../../db/schema.ts';
import { invalid } from '../../lib/app-error.ts';
import type { MemberPrincipal } from '../../lib/calls.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { hashPassword, primeDummyHash, verifyDummy, verifyPassword } from '../auth/passwords.ts';
import type { CreatedSession, SessionService } from '../auth/session.service.ts';
import type { SignInLimiter } from '../auth/sign-in-limiter.ts';
import { createMembersRepository } from './members.repository.ts';
import { isAcceptableNewPassword } from './password-rules.ts';

/** Operators' setting: new members wait in state 'pending' until an operator approves them. */
export const REQUIRE_APPROVAL_KEY = 'members.requireApproval';

export interface MembersServiceDeps {
  db: Database;
  ledger: Pick<LedgerService, 'openMemberAccounts' | 'memberBalances'>;
  sessions: SessionService;
  signInLimiter: SignInLimiter;
  now: () => Date;
}

/** The outcome of a member sign-in; `too_many` is thrown (AppError) instead. */
export type SignInResult =
  | { status: 'success'; memberId: number; created: CreatedSession }
  | { status: 'fail' }
  | { status: 'blocked' };

export type RegisterResult =
  | { status: 'success'; memberId: number }
  | { status: 'alread_have_user'; field: 'userId' | 'nick' }
  | { status: 'alread'; field: 'phone' | 'banknum' }
  | { status: 'cant_find_code' };

/** A registration as the contract's schema leaves it (id lower-cased, nick NFC, digits only). */
export type NewMember = { [K in Exclude<keyof TUserRegisterRequest, 'agree18'>]: string };

// The unique indexes of `members` (0001_foundation) and what each means to the member.
const UNIQUE_VIOLATIONS: Record<string, Exclude<RegisterResult, { status: 'success' | 'cant_find_code' }>> = {
  members_user_id_key: { status: 'alread_have_user', field: 'userId' },
  members_nick_lower_key: { status: 'alread_have_user', field: 'nick' },
  members_phone_key: { status: 'alread', field: 'phone' },
  members_banknum_key: { status: 'alread', field: 'banknum' },
};

/**
 * The contract's normalizations (ZUserId, ZNick, ZPhone, ZBankNum...), applied again so that
 * callers other than the wire (seed, tests) store the same forms.
 */
function normalizeNewMember(input: NewMember): NewMember {
  const digits = (value: string) => value.replace(/[\s-]/g, '');
  return {
    ...input,
    userId: input.userId.trim().toLowerCase(),
    nick: input.nick.trim().normalize('NFC'),
    phone: digits(input.phone),
    banknum: digits(input.banknum),
    bankOwner: input.bankOwner.trim(),
    code: input.code.trim(),
  };
}

function pgError(error: unknown): { code?: string; constraint?: string; message?: string } {
  return error && typeof error === 'object'
    ? (error as { code?: string; constraint?: string; message?: string })
    : {};
}

/** What a unique or foreign-key violation during registration means, or undefined for anything else. */
function registrationConflict(error: unknown): RegisterResult | undefined {
  const e = pgError(error);
  if (e.code === '23503') return { status: 'cant_find_code' };
  if (e.code !== '23505') return undefined;
  const constraint = e.constraint ?? /unique constraint "([^"]+)"/.exec(e.message ?? '')?.[1];
  return constraint ? UNIQUE_VIOLATIONS[constraint] : undefined;
}

/**
 * Members: registration, sign-in, the member's own profile and counters, password changes, and
 * the session resolver of member calls.
 */
export function createMembersService(deps: MembersServiceDeps) {
  const { db, ledger, sessions, signInLimiter, now } = deps;
  const repo = createMembersRepository(db);
  void primeDummyHash();

  async function requiresApproval(): Promise<boolean> {
    return (await repo.getSetting(REQUIRE_APPROVAL_KEY)) === true;
  }

  /** Checks what can be checked before hashing, so a taken id costs no argon2 time. */
  async function precheck(input: NewMember): Promise<RegisterResult | undefined> {
    if (!(await repo.findEnabledRegCode(input.code))) return { status: 'cant_find_code' };
    if (await repo.userIdExists(input.userId)) return { status: 'alread_have_user', field: 'userId' };
    if (await repo.nickExists(input.nick)) return { status: 'alread_have_user', field: 'nick' };
    if (await repo.phoneExists(input.phone)) return { status: 'alread', field: 'phone' };
    if (await repo.banknumExists(input.banknum)) return { status: 'alread', field: 'banknum' };
    return undefined;
  }

  const service = {
    /**
     * Registers a member: the member row and its cash, comp and game accounts (at 0) in one
     * transaction. Outcomes are checked in this order: code, id, nick, phone, bank account.
     * Two registrations racing for the same id, nick, phone or account both pass the checks; the
     * unique indexes then decide, and the loser gets the same answer as if it had come second.
     * Throws AppError invalid (password) for a password that is the id or a common password.
     */
    async register(
      raw: NewMember,
      options: { ip?: string | null; state?: MemberState } = {},
    ): Promise<RegisterResult> {
      const input = normalizeNewMember(raw);
      if (!isAcceptableNewPassword(input.password, input.userId)) throw invalid('password', 'pattern');
      const early = await precheck(input);
      if (early) return early;

      const state = options.state ?? ((await requiresApproval()) ? 'pending' : 'active');
      const [passwordHash, exchangePasswordHash] = await Promise.all([
        hashPassword(input.password),
        hashPassword(input.exchangePassword),
      ]);
      try {
        const memberId = await db.transaction().execute(async (trx) => {
          const code = await repo.lockEnabledRegCode(input.code, trx);
          if (!code) return undefined;
          const id = await repo.insertMember(
            {
              userId: input.userId,
              nick: input.nick,
              passwordHash,
              exchangePasswordHash,
              phone: input.phone,
              bankname: input.bankname,
              bankOwner: input.bankOwner,
              banknum: input.banknum,
              state,
              regCode: code.code,
              regIp: options.ip ?? null,
              createdAt: now(),
            },
            trx,
          );
          await ledger.openMemberAccounts(id, trx);
          return id;
        });
        if (memberId === undefined) return { status: 'cant_find_code' };
        return { status: 'success', memberId };
      } catch (error) {
        const conflict = registrationConflict(error);
        if (conflict) return conflict;
        throw error;
      }
    },

    /**
     * First-start demo content: a registration code bound to `domain` and an active member
     * registered under it, in one transaction, only when there is no registration code at all.
     * Returns false (nothing written) when there is one, or when another instance seeded first.
     */
    /** The demo code and member of a fresh install; the new member's id, or null when a code already existed. */
    async seedDemoMember(input: { code: string; domain: string; member: NewMember }): Promise<number | null> {
      if (await repo.anyRegCodeExists()) return null;
      const member = normalizeNewMember(input.member);
      const [passwordHash, exchangePasswordHash] = await Promise.all([
        hashPassword(member.password),
        hashPassword(member.exchangePassword),
      ]);
      return db.transaction().execute(async (trx) => {
        if (!(await repo.insertRegCode({ code: input.code, domain: input.domain, memo: 'demo' }, trx)))
          return null;
        const id = await repo.insertMember(
          {
            userId: member.userId,
            nick: member.nick,
            passwordHash,
            exchangePasswordHash,
            phone: member.phone,
            bankname: member.bankname,
            bankOwner: member.bankOwner,
            banknum: member.banknum,
            state: 'active',
            regCode: input.code,
            regIp: null,
            createdAt: now(),
          },
          trx,
        );
        await ledger.openMemberAccounts(id, trx);
        return id;
      });
    },

    async isUserIdFree(userId: string): Promise<boolean> {
      return !(await repo.userIdExists(userId));
    },

    async isNickFree(nick: string): Promise<boolean> {
      return !(await repo.nickExists(nick));
    },

    /**
     * The registration code bound to a host: the first enabled code (oldest first) whose domain
     * field names the host. A code with an empty domain is bound to no host here (for notices an
     * empty domain means "everywhere", but pre-filling one code on every site would be wrong).
     */
    async regDomainFor(
      hostSource: string | undefined,
    ): Promise<{ code: string; domain: string } | undefined> {
      const host = normalizeHost(hostSource);
      if (host === '') return undefined;
      let candidates = await repo.enabledRegCodesMentioning(host);
      // An operator may have typed an internationalized domain in Unicode while browsers send
      // punycode, which the substring pre-filter cannot see.
      if (candidates.length === 0 && host.includes('xn--'))
        candidates = await repo.enabledRegCodesMentioning('');
      const match = candidates.find(
        (c) => parseDomainField(c.domain).length > 0 && domainMatches(c.domain, host),
      );
      return match ? { code: match.code, domain: match.domain } : undefined;
    },

    banks(): TBankEntry[] {
      return BANKS.map((b) => ({ code: b.code, nameKo: b.nameKo, nameEn: b.nameEn }));
    },

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

    /** The member as TUser: profile, balances from the ledger, unread notes and answered help posts. */
    async user(memberId: number): Promise<TUser | undefined> {
      const [profile, balances, counters] = await Promise.all([
        repo.findProfile(memberId),
        ledger.memberBalances(memberId),
        repo.counters(memberId),
      ]);
      if (!profile) return undefined;
      return {
        userId: profile.user_id,
        nick: profile.nick,
        phone: profile.phone,
        rolling: balances.comp ?? 0,
        balance: balances.cash ?? 0,
        in_balance: balances.game ?? 0,
        bankname: profile.bankname,
        bankOwner: profile.bank_owner,
        banknum: profile.banknum,
        level: profile.level,
        noteCount: counters.noteCount,
        helpCount: counters.helpCount,
      };
    },

    async account(memberId: number): Promise<TMemberAccount | undefined> {
      const profile = await repo.findProfile(memberId);
      return (
        profile && {
          userId: profile.user_id,
          bankOwner: profile.bank_owner ?? '',
          bankname: profile.bankname ?? '',
          banknum: profile.banknum ?? '',
        }
      );
    },

    /**
     * Changes the login password after checking the current one (`pass` when wrong, counted like a
     * failed sign-in, so a stolen session cannot guess it at leisure) and signs out every other
     * session of the member. Throws AppError invalid (newPassword) for the id or a common password.
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

  return service;
}

export type MembersService = ReturnType<typeof createMembersService>;
