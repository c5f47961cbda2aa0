import { BANKS } from '@casino/contracts/banks';
import { normalizeHost, parseDomainField, domainMatches } from '@casino/contracts/host';
import type { TBankEntry } from '@casino/contracts/members';
import { LEGAL_KINDS, type TLegalKind } from '@casino/contracts/site';
import type { Database } from '../../db/database.ts';
import type { MemberState, ReferralFlag } from '../../db/schema.ts';
import { invalid } from '../../lib/app-error.ts';
import type { ClientDevice } from '../auth/device.ts';
import { hashPassword } from '../auth/passwords.ts';
import { isAcceptableNewPassword } from './password-rules.ts';
import type { MembersParts, NewMember, RegisterResult } from './members.types.ts';
import { createRegCodesRepository } from './reg-codes.repository.ts';

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
    ...(input.recommender !== undefined ? { recommender: input.recommender.trim().toLowerCase() } : {}),
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
 * A loopback address says nothing of who the client is (a proxy without TRUST_PROXY, the server's
 * own host): a shared one does not flag a referral link.
 */
function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/** Registration: new members, the demo member of a fresh install, and the checks of the sign-up form. */
export function createRegistration({ deps, repo }: MembersParts) {
  const { db, ledger, now } = deps;
  const regCodes = createRegCodesRepository(db);

  async function requiresApproval(): Promise<boolean> {
    return deps.settings.memberApprovalRequired();
  }

  /**
   * The acceptance a registration makes of the versions in force (none before the first is
   * published), recorded in the legal module with the time of the member's row and its address.
   */
  async function recordRegistrationAcceptance(
    memberId: number,
    accepted: Record<TLegalKind, number | null>,
    meta: { at: Date; ip: string | null; userAgent: string | null },
    trx: Database,
  ): Promise<void> {
    const versions = LEGAL_KINDS.flatMap((kind) => {
      const version = accepted[kind];
      return version === null ? [] : [{ kind, version }];
    });
    await deps.legal.recordAcceptances(memberId, versions, { ...meta, context: 'registration' }, trx);
  }

  /**
   * The new member's link to its recommender (docs/promotions.md "Referral"). The registration
   * succeeds either way; the link is flagged for the operator, and never paid, when the member named
   * themselves (`self`), when the recommender registered or signed in from the new member's address
   * (`ip`; a loopback address is no one's) or holds the same bank account (`bank`). The platform
   * keeps no device id, so `device` is never set here.
   */
  async function linkRecommender(
    memberId: number,
    recommender: { id: number; reg_ip: string | null; banknum: string } | undefined,
    newMember: { ip: string | null; banknum: string; sharesDevice: boolean },
    trx: Database,
  ): Promise<void> {
    if (!recommender) {
      await repo.setRecommender(memberId, memberId, 'self', trx);
      return;
    }
    let flag: ReferralFlag | null = null;
    if (recommender.banknum === newMember.banknum) flag = 'bank';
    // The recommender told the new member's device cookie (docs/security.md "Abuse signals").
    else if (newMember.sharesDevice) flag = 'device';
    else if (
      newMember.ip !== null &&
      !isLoopback(newMember.ip) &&
      (await repo.usedAddress(recommender.id, newMember.ip, trx))
    )
      flag = 'ip';
    await repo.setRecommender(memberId, recommender.id, flag, trx);
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

  return {
    /**
     * Registers a member: the member row and its cash, comp and game accounts (at 0) in one
     * transaction. Outcomes are checked in this order: code, id, nick, phone, bank account.
     * Two registrations racing for the same id, nick, phone or account both pass the checks; the
     * unique indexes then decide, and the loser gets the same answer as if it had come second.
     * Throws AppError invalid (password) for a password that is the id or a common password.
     */
    async register(
      raw: NewMember,
      options: {
        ip?: string | null;
        userAgent?: string | undefined;
        /** The request's device (modules/auth/device.ts): a signal, checked against the blacklist. */
        device?: ClientDevice | undefined;
        state?: MemberState;
        /** The partner of the site the member joins on (its operator id), when its code names none. */
        sitePartnerId?: string | null | undefined;
      } = {},
    ): Promise<RegisterResult> {
      const input = normalizeNewMember(raw);
      if (!isAcceptableNewPassword(input.password, input.userId)) throw invalid('password', 'pattern');
      const early = await precheck(input);
      if (early) return early;
      // A listed address, phone or bank account (docs/api/backoffice-blacklist.md): the neutral
      // `fail` (the member is not told why); the hit is recorded for the operator.
      if (
        deps.blacklist &&
        (await deps.blacklist.refuses({
          context: 'register',
          ip: options.ip ?? null,
          device: options.device?.id,
          phone: input.phone,
          bank: input.banknum,
          userId: input.userId,
        }))
      )
        return { status: 'fail' };
      // A registration linked to other members (their device, phone, bank account; their address
      // when IP links are on) as the operator's setting says: refused with the same neutral `fail`
      // (a review entry recorded), flagged, or let through (docs/security.md "Abuse signals").
      const probe = {
        ip: options.ip ?? null,
        device: options.device,
        phone: input.phone,
        bank: input.banknum,
      };
      const verdict = deps.fraud ? await deps.fraud.admitRegistration(probe, input.userId) : undefined;
      if (verdict?.refused) return { status: 'fail' };
      // A recommender must be a member, or the new member's own id (a self-link, flagged below).
      const recommender =
        input.recommender === undefined || input.recommender === input.userId
          ? undefined
          : await repo.recommenderByUserId(input.recommender);
      if (input.recommender !== undefined && input.recommender !== input.userId && !recommender)
        throw invalid('recommender', 'pattern');

      // Read before the transaction (the embedded database has one connection).
      const sharesDevice =
        recommender && deps.fraud && options.device
          ? await deps.fraud.sharesDevice(recommender.id, { device: options.device })
          : false;
      const state = options.state ?? ((await requiresApproval()) ? 'pending' : 'active');
      const [passwordHash, exchangePasswordHash] = await Promise.all([
        hashPassword(input.password),
        hashPassword(input.exchangePassword),
      ]);
      try {
        const memberId = await db.transaction().execute(async (trx) => {
          const code = await repo.lockEnabledRegCode(input.code, trx);
          if (!code) return undefined;
          // The terms and privacy versions in force as the member agrees: the ones the register
          // form named and linked to (docs/api/member-calls.md, user-register).
          const accepted = await deps.legal.currentVersions(trx);
          const createdAt = now();
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
              createdAt,
              termsVersion: accepted.terms,
              privacyVersion: accepted.privacy,
            },
            trx,
          );
          await recordRegistrationAcceptance(
            id,
            accepted,
            { at: createdAt, ip: options.ip ?? null, userAgent: options.userAgent?.slice(0, 512) ?? null },
            trx,
          );
          await ledger.openMemberAccounts(id, trx);
          if (options.sitePartnerId) await repo.joinSitePartner(id, options.sitePartnerId, trx);
          if (input.recommender !== undefined)
            await linkRecommender(
              id,
              recommender,
              { ip: options.ip ?? null, banknum: input.banknum, sharesDevice },
              trx,
            );
          return id;
        });
        if (memberId === undefined) return { status: 'cant_find_code' };
        if (deps.fraud && verdict) await deps.fraud.registered(memberId, probe, verdict, recommender?.id);
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
      if (await regCodes.anyExists()) return null;
      const member = normalizeNewMember(input.member);
      const [passwordHash, exchangePasswordHash] = await Promise.all([
        hashPassword(member.password),
        hashPassword(member.exchangePassword),
      ]);
      return db.transaction().execute(async (trx) => {
        const code = { code: input.code, domain: input.domain, memo: 'demo', enabled: true };
        if (!(await regCodes.insert(code, trx))) return null;
        // Registered like any member: it accepts the versions in force (version 1, published first).
        const accepted = await deps.legal.currentVersions(trx);
        const createdAt = now();
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
            createdAt,
            termsVersion: accepted.terms,
            privacyVersion: accepted.privacy,
          },
          trx,
        );
        await recordRegistrationAcceptance(id, accepted, { at: createdAt, ip: null, userAgent: null }, trx);
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
  };
}
