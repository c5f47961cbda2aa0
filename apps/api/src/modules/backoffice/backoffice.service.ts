import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import type { TDashboardResponse } from '@casino/contracts/backoffice-reports';
import type { TCashierSettingsPatch, TMaintenancePatch } from '@casino/contracts/backoffice-settings';
import type { TBackofficeSessionsResponse } from '@casino/contracts/backoffice-operators';
import type {
  TBackofficeMembersQuery,
  TBackofficeMembersResponse,
  TBackofficeAdjustRequest,
} from '@casino/contracts/backoffice-members';
import type { TMaintenanceSettings } from '@casino/contracts/site';
import { AppError, invalid } from '../../lib/app-error.ts';
import { checkIdempotencyKey, type Idempotency } from '../../lib/idempotency.ts';
import { actorOf, type OperatorPrincipal } from '../../lib/operator-principal.ts';
import { hashPassword, verifyDummy, verifyPassword } from '../auth/passwords.ts';
import { isLedgerError, type LedgerService } from '../ledger/ledger.service.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { CashierService, RequestKind } from '../cashier/cashier.service.ts';
import type { DepositBonusService } from '../cashier/deposit-bonus.service.ts';
import type { CashierSettings, CompRates, SettingsService } from '../settings/settings.service.ts';
import { createBackofficeRepository, type OperatorRow } from './backoffice.repository.ts';
import { createOperatorsRepository } from './operators.repository.ts';
import type { MembersService } from '../members/members.service.ts';
import type { MemberStateAction } from '../members/member-admin.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import { verifyTotp } from './totp.ts';
import { openTotpSecret } from './totp-at-rest.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { createOperatorsService, type OperatorsDeps } from './operators.service.ts';
import { siteDay, siteDayStart, siteMonth, siteMonthStart } from '@casino/contracts/site-time';

/** The starts of the site's calendar day and month that `at` falls in, in the site's time zone `zone`. */
export function sitePeriodStarts(at: Date, zone: string): { today: Date; month: Date } {
  return { today: siteDayStart(siteDay(at, zone), zone), month: siteMonthStart(siteMonth(at, zone), zone) };
}

export function normalizeOperatorId(operatorId: string): string {
  return operatorId.trim().toLowerCase();
}

export interface BackofficeDeps {
  db: Database;
  ledger: LedgerService;
  audit: AuditService;
  cashier: CashierService;
  settings: SettingsService;
  /** The members module owns the `members` table; the back office reads and changes members through it. */
  members: Pick<
    MembersService,
    | 'detailByUserId'
    | 'searchMembers'
    | 'changeState'
    | 'changeLevel'
    | 'resetExchangePassword'
    | 'recommenderOf'
  >;
  /** Blocking or signing a member out ends the member's sessions in the change's transaction. */
  sessions: Pick<SessionService, 'revokeAllFor' | 'listLive'>;
  /** The deposit bonus in play's rollover, shown on the member detail (docs/api/levels.md). */
  bonuses?: Pick<DepositBonusService, 'rolloverForMember'> | undefined;
  /** The box sealing operators' TOTP secrets at rest (totp-at-rest.ts; the one of createServices). */
  secrets: SecretBox;
  /** The site's time zone (config SITE_TIME_ZONE): the dashboard's today and month. */
  zone: string;
  now: () => Date;
  /** Deactivating a partner's operator account disables the partner (operators.service.ts). */
  partnerSwitch?: OperatorsDeps['partnerSwitch'];
}

/** Where a back-office action comes from: the operator, its address and its Idempotency-Key. */
export interface ActionOrigin {
  operator: Pick<OperatorPrincipal, 'id' | 'operatorId'>;
  ip: string | null;
  idempotency: Idempotency;
}

/** A back-office answer with its HTTP code; `replayed` when it is the stored first answer of its key. */
export interface ActionAnswer<B> {
  code: number;
  body: B;
  replayed: boolean;
}

export function createBackofficeService(deps: BackofficeDeps) {
  const { db, ledger, audit, cashier, settings, members, sessions, secrets, zone, now } = deps;
  const repo = createBackofficeRepository(db);
  // The operators' rows are written by operators.repository.ts alone (sign-in and the first owner too).
  const operatorRows = createOperatorsRepository(db);
  // Operator accounts: own account, owners' management, IP allow-list (operators.service.ts).
  const operators = createOperatorsService({
    db,
    audit,
    settings,
    sessions,
    secrets,
    now,
    partnerSwitch: deps.partnerSwitch,
  });

  return {
    operators,

    /** Operator ids by row id (the cashier's lists name the first of two approvers). */
    operatorNames(ids: readonly number[]): Promise<Map<number, string>> {
      return repo.operatorNames(ids);
    },

    operatorById(id: number, trx?: Database): Promise<OperatorRow | undefined> {
      return repo.operatorById(id, trx);
    },

    operatorByOperatorId(operatorId: string, trx?: Database): Promise<OperatorRow | undefined> {
      return repo.operatorByOperatorId(normalizeOperatorId(operatorId), trx);
    },

    /**
     * Checks an operator's credentials (and TOTP code when the operator has a secret). The caller
     * applies the sign-in rate limits around it and opens the session.
     */
    async verifyCredentials(input: {
      operatorId: string;
      password: string;
      totp?: string | undefined;
    }): Promise<
      | { status: 'success'; operator: OperatorRow }
      | { status: 'fail' | 'totp_required' | 'totp_setup_required'; unreadableTotpSecret?: true }
    > {
      const operator = await repo.operatorByOperatorId(normalizeOperatorId(input.operatorId));
      // An unknown id takes as long as a wrong password: no oracle for which ids exist.
      const passwordOk = operator
        ? await verifyPassword(operator.password_hash, input.password)
        : await verifyDummy(input.password);
      if (!operator || !operator.is_active || !passwordOk) return { status: 'fail' };
      if (operator.totp_secret) {
        if (!input.totp) return { status: 'totp_required' };
        // Sealed under another SECRETS_KEY (or damaged): refused as a wrong code would be (fail
        // closed); the route logs it without the secret, and an owner resets the operator's TOTP.
        const opened = openTotpSecret(secrets, operator.totp_secret);
        if (!opened) return { status: 'fail', unreadableTotpSecret: true };
        const step = verifyTotp(opened.secret, input.totp, now().getTime());
        if (step === null || !(await operatorRows.acceptTotpStep(operator.id, step)))
          return { status: 'fail' };
        // A row from before secrets were sealed: sealed now that it has been used.
        if (opened.legacy)
          await operatorRows.replaceTotpSecret(
            operator.id,
            operator.totp_secret,
            secrets.seal(opened.secret),
          );
      } else if (operator.role === 'owner' && (await operators.ownerTotpRequired())) {
        // Owners must have TOTP once one has it: an owner without it is refused (a stolen password
        // alone must not be enough to enrol a new second factor); another owner sets one up.
        return { status: 'totp_setup_required' };
      }
      await operatorRows.touchLastLogin(operator.id, now());
      return { status: 'success', operator };
    },

    /**
     * The first-start owner (docs/api/backoffice.md): created only when there is no operator at all.
     * Returns the password when it was generated (the caller prints it once), or null when nothing
     * was created.
     */
    async ensureBootstrapOwner(input: {
      operatorId: string;
      password: string | undefined;
    }): Promise<
      { created: false } | { created: true; operatorId: string; generatedPassword: string | null }
    > {
      if (await repo.hasOperators()) return { created: false };
      const operatorId = normalizeOperatorId(input.operatorId);
      const password = input.password ?? randomBytes(18).toString('base64url');
      const passwordHash = await hashPassword(password);
      const created = await db.transaction().execute(async (trx) => {
        // Two instances starting together: the second insert does nothing (same id), or finds
        // the first one's operator once it has committed.
        if (await repo.hasOperators(trx)) return false;
        const id = await operatorRows.insert(
          { operatorId, passwordHash, role: 'owner', totpSecret: null, mustChangePassword: false },
          trx,
        );
        if (id === undefined) return false;
        await audit.record(
          { operatorId: null, actor: 'system', ip: null },
          {
            action: 'operator.bootstrap',
            target: `operator:${operatorId}`,
            after: { operatorId, role: 'owner' },
          },
          trx,
        );
        return true;
      });
      if (!created) return { created: false };
      return { created: true, operatorId, generatedPassword: input.password ? null : password };
    },

    /** A member's detail: account, state, balances and the latest ledger entries. */
    async memberDetail(
      userId: string,
      options: {
        showBank: boolean;
        entries: number;
        partnerNames?: (ids: readonly (number | null)[]) => Promise<Map<number, string>>;
      },
    ) {
      const member = await members.detailByUserId(userId);
      if (!member) return { status: 'not_found' as const };
      const [balances, entries, recommender, rollover] = await Promise.all([
        ledger.memberBalances(member.id),
        ledger.memberEntries(member.id, { limit: options.entries }),
        members.recommenderOf(member.id),
        deps.bonuses?.rolloverForMember(member.id),
      ]);
      return {
        status: 'success' as const,
        /** The member's partner row id, for the viewer's scope (not part of the answer). */
        partnerRowId: member.partner_id,
        member: {
          id: member.id,
          userId: member.user_id,
          nick: member.nick,
          phone: member.phone,
          level: member.level,
          state: member.state,
          balance: balances.cash,
          rolling: balances.comp,
          in_balance: balances.game,
          bankname: member.bankname,
          bankOwner: member.bank_owner,
          banknum: options.showBank ? member.banknum : null,
          regCode: member.reg_code,
          regDate: member.created_at.toISOString(),
          lastLoginDate: member.last_login_at ? member.last_login_at.toISOString() : null,
          mustChangePassword: member.must_change_password,
          partnerId:
            member.partner_id === null
              ? null
              : ((await options.partnerNames?.([member.partner_id]))?.get(member.partner_id) ?? null),
          // Who recommended the member at registration (docs/api/promotions.md), or null.
          recommender,
          rollover: rollover ?? { required: 0, done: 0 },
        },
        ledger: entries.map((e) => ({
          id: e.transferId,
          kind: e.kind,
          code: e.code,
          amount: e.amount,
          balanceAfter: e.balanceAfter ?? null,
          regDate: e.createdAt.toISOString(),
        })),
      };
    },

    /** The dashboard: the queues, and today's and this month's totals (the site's calendar). */
    async dashboard(): Promise<Omit<TDashboardResponse, 'days'>> {
      const since = sitePeriodStarts(now(), zone);
      const r = await repo.dashboard(since);
      const period = (from: Date, p: 'today' | 'month') => ({
        from: from.toISOString(),
        deposits: r[`${p}_deposits`],
        withdrawals: r[`${p}_withdrawals`],
        bets: r[`${p}_bets`],
        wins: r[`${p}_wins`],
        ggr: r[`${p}_bets`] - r[`${p}_wins`],
      });
      return {
        status: 'success',
        pending: {
          deposits: r.pending_deposits,
          withdrawals: r.pending_withdrawals,
          helps: r.pending_helps,
          guestHelps: r.pending_guest_helps,
          accountInquiries: r.pending_account_inquiries,
        },
        today: period(since.today, 'today'),
        month: period(since.month, 'month'),
      };
    },

    /** The member list; bank numbers only when `showBank` (roles with `bankDetails`). */
    async listMembers(
      query: TBackofficeMembersQuery,
      options: {
        showBank: boolean;
        /** Members of these partners only (a partner's scope, docs/api/backoffice-partners.md). */
        partnerIds?: number[] | undefined;
        partnerNames?: (ids: readonly (number | null)[]) => Promise<Map<number, string>>;
      },
    ): Promise<TBackofficeMembersResponse> {
      const { page, pageSize, ...filter } = query;
      const { rows, total } = await members.searchMembers(
        { ...filter, partnerIds: options.partnerIds },
        { offset: (page - 1) * pageSize, limit: pageSize },
      );
      const partnerNames =
        (await options.partnerNames?.(rows.map((m) => m.partner_id))) ?? new Map<number, string>();
      return {
        status: 'success',
        maxCount: total,
        list: rows.map((m) => ({
          userId: m.user_id,
          nick: m.nick,
          phone: m.phone,
          level: m.level,
          state: m.state,
          balance: m.cash,
          rolling: m.comp,
          bankname: m.bankname,
          bankOwner: m.bank_owner,
          banknum: options.showBank ? m.banknum : null,
          regCode: m.reg_code,
          regDomain: m.reg_domain,
          partnerId: m.partner_id === null ? null : (partnerNames.get(m.partner_id) ?? null),
          regDate: m.created_at.toISOString(),
          lastLoginDate: m.last_login_at ? m.last_login_at.toISOString() : null,
        })),
      };
    },

    /**
     * Approves, blocks or unblocks a member with its audit record in one transaction; blocking also
     * ends every session of the member (and its game launch tokens) in that transaction.
     */
    async changeMemberState(userId: string, action: MemberStateAction, who: AuditActor) {
      return db.transaction().execute(async (trx) => {
        const result = await members.changeState(userId, action, trx);
        if (result.status !== 'success') return { status: result.status };
        const revoked =
          action === 'block' ? await sessions.revokeAllFor('member', result.memberId, {}, trx) : undefined;
        await audit.record(
          who,
          {
            action: `member.${action}`,
            target: `member:${userId}`,
            before: result.before,
            after: revoked === undefined ? result.after : { ...result.after, sessionsEnded: revoked },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /** Sets a member's level with its audit record. */
    async changeMemberLevel(userId: string, level: number, who: AuditActor) {
      return db.transaction().execute(async (trx) => {
        const result = await members.changeLevel(userId, level, trx);
        if (result.status !== 'success') return { status: result.status };
        await audit.record(
          who,
          { action: 'member.level', target: `member:${userId}`, before: result.before, after: result.after },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /** Ends every session of a member (signed out everywhere), audited. */
    async signOutMember(userId: string, who: AuditActor) {
      return db.transaction().execute(async (trx) => {
        const member = await members.detailByUserId(userId, trx);
        if (!member) return { status: 'not_found' as const };
        const revoked = await sessions.revokeAllFor('member', member.id, {}, trx);
        await audit.record(
          who,
          { action: 'member.signout', target: `member:${userId}`, after: { sessionsEnded: revoked } },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /** A new random exchange password, returned once; the audit record never holds it. */
    async resetMemberExchangePassword(userId: string, who: AuditActor) {
      return db.transaction().execute(async (trx) => {
        const result = await members.resetExchangePassword(userId, trx);
        if (result.status !== 'success') return { status: result.status };
        await audit.record(
          who,
          {
            action: 'member.reset_exchange_password',
            target: `member:${userId}`,
            after: { exchangePassword: 'reset' },
          },
          trx,
        );
        return { status: 'success' as const, exchangePassword: result.exchangePassword };
      });
    },

    /** The operator's own live sessions, the current one marked. */
    async operatorSessions(
      operator: Pick<OperatorPrincipal, 'id' | 'sessionId'>,
    ): Promise<TBackofficeSessionsResponse> {
      const rows = await sessions.listLive('operator', operator.id);
      return {
        status: 'success',
        list: rows.map((r) => ({
          id: r.id,
          current: r.id === operator.sessionId,
          ip: r.ip,
          userAgent: r.user_agent,
          regDate: r.created_at.toISOString(),
          lastSeenDate: r.last_active_at.toISOString(),
        })),
      };
    },

    /** Ends every session of the operator but the current one, audited. */
    async revokeOtherOperatorSessions(
      operator: Pick<OperatorPrincipal, 'id' | 'operatorId' | 'sessionId'>,
      ip: string | null,
    ): Promise<{ status: 'success'; revoked: number }> {
      return db.transaction().execute(async (trx) => {
        const revoked = await sessions.revokeAllFor(
          'operator',
          operator.id,
          { exceptSessionId: operator.sessionId },
          trx,
        );
        await audit.record(
          actorOf(operator, ip),
          {
            action: 'operator.revoke_other_sessions',
            target: `operator:${operator.operatorId}`,
            after: { sessionsEnded: revoked },
          },
          trx,
        );
        return { status: 'success' as const, revoked };
      });
    },

    /**
     * A signed adjustment of a member's cash (`kind` cash) or comp points (`point`) against the
     * `adjustment` system account, inside the caller's transaction. A negative adjustment beyond
     * the balance answers `balance` and moves nothing.
     */
    async adjust(
      userId: string,
      input: { amount: number; reason: string; kind: 'cash' | 'point' },
      operator: Pick<OperatorPrincipal, 'id' | 'operatorId'>,
      idempotencyKey: string | undefined,
      trx: Database,
    ) {
      if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw invalid('amount', 'min');
      const member = await members.detailByUserId(userId, trx);
      if (!member) return { status: 'not_found' as const };
      const kind = input.kind === 'point' ? 'comp' : 'cash';
      const memberAccount = { memberId: member.id, kind } as const;
      const before = await ledger.memberBalances(member.id, trx);
      try {
        await ledger.transfer(
          {
            debit: input.amount > 0 ? { system: 'adjustment' } : memberAccount,
            credit: input.amount > 0 ? memberAccount : { system: 'adjustment' },
            amount: Math.abs(input.amount),
            code: 'adjustment',
            idempotencyKey: `adjust:${operator.id}:${idempotencyKey ?? randomUUID()}`,
            source: 'backoffice',
            meta: { operator: operator.operatorId, reason: input.reason },
          },
          trx,
        );
      } catch (error) {
        if (isLedgerError(error, 'balance')) return { status: 'balance' as const };
        // The member's balance would pass the largest amount the platform stores (docs/ledger.md).
        if (isLedgerError(error, 'limit')) throw invalid('amount', 'max');
        throw error;
      }
      const after = await ledger.memberBalances(member.id, trx);
      return {
        status: 'success' as const,
        memberId: member.id,
        before: { [input.kind]: before[kind] },
        after: { [input.kind]: after[kind] },
      };
    },

    /**
     * Runs a back-office money action once per Idempotency-Key (docs/api/backoffice.md): the first
     * request's answer is stored in the action's own transaction; the same key with the same
     * request replays it and moves nothing; the same key with another request is refused (400).
     * Without a key the action simply runs in a transaction.
     */
    async idempotent<B>(
      operatorId: number,
      idempotency: Idempotency,
      run: (trx: Database) => Promise<{ code: number; body: B }>,
    ): Promise<ActionAnswer<B>> {
      const { key, hash } = idempotency;
      if (key === undefined) {
        const result = await db.transaction().execute(run);
        return { ...result, replayed: false };
      }
      checkIdempotencyKey(key);
      return db.transaction().execute(async (trx) => {
        if (!(await repo.claimKey(operatorId, key, hash, trx))) {
          const stored = await repo.storedResponse(operatorId, key, trx);
          if (!stored || stored.status_code === null)
            throw new AppError('error', { message: `idempotency key ${key} has no answer` });
          if (stored.request_hash !== hash) throw invalid('idempotencyKey', 'pattern');
          return { code: stored.status_code, body: stored.response as B, replayed: true };
        }
        const result = await run(trx);
        await repo.storeResponse(operatorId, key, result.code, result.body, trx);
        return { code: result.code, body: result.body, replayed: false };
      });
    },

    /**
     * Takes (`reg`), approves or rejects a queued deposit or withdrawal: the cashier's change, its
     * audit record and the stored answer of the Idempotency-Key commit in one transaction.
     */
    decide(
      kind: RequestKind,
      action: 'reg' | 'approve' | 'reject',
      id: number,
      reason: string | null,
      origin: ActionOrigin,
    ) {
      const { operator, ip } = origin;
      const ref = { id: operator.id, operatorId: operator.operatorId };
      return this.idempotent(operator.id, origin.idempotency, async (trx) => {
        const result =
          action === 'reg'
            ? await cashier.take(kind, id, ref, trx)
            : action === 'approve'
              ? await cashier.approve(kind, id, ref, trx)
              : await cashier.reject(kind, id, ref, reason, trx);
        if (result.status === 'success' || result.status === 'first_approved') {
          // The second of two approvals names the first approver in its record.
          const first =
            result.firstApproverId !== undefined
              ? await repo.operatorById(result.firstApproverId, trx)
              : null;
          await audit.record(
            actorOf(operator, ip),
            {
              action: result.auditAction ?? `${kind}.${action}`,
              target: `${kind}:${id}`,
              before: first ? { ...result.before, firstApprovedBy: first.operator_id } : result.before,
              after: first
                ? {
                    ...result.after,
                    firstApprovedBy: first.operator_id,
                    secondApprovedBy: operator.operatorId,
                  }
                : result.after,
            },
            trx,
          );
        }
        return { code: 200, body: { status: result.status } };
      });
    },

    /**
     * A signed adjustment (`adjust`) with its audit record and the stored answer of the
     * Idempotency-Key in one transaction. An amount beyond the cashier's maximum is refused (400)
     * before anything runs.
     */
    async adjustMember(userId: string, input: TBackofficeAdjustRequest, origin: ActionOrigin) {
      const { operator, ip } = origin;
      const limits = await settings.cashier();
      if (Math.abs(input.amount) > limits.maxAmount) throw invalid('amount', 'max');
      return this.idempotent(operator.id, origin.idempotency, async (trx) => {
        const result = await this.adjust(
          userId,
          { amount: input.amount, reason: input.reason, kind: input.kind ?? 'cash' },
          operator,
          origin.idempotency.key,
          trx,
        );
        if (result.status === 'success') {
          await audit.record(
            actorOf(operator, ip),
            {
              action: 'member.adjust',
              target: `member:${userId}`,
              before: result.before,
              after: { ...result.after, amount: input.amount, reason: input.reason },
            },
            trx,
          );
        }
        return { code: 200, body: { status: result.status } };
      });
    },

    /**
     * Switches the site's maintenance on or off (or changes its message or expected end) and audits
     * the change in one transaction. This instance applies it at once, the others within a few
     * seconds. An expected end must lie ahead (400 `until` `min`).
     */
    async updateMaintenance(patch: TMaintenancePatch, who: AuditActor): Promise<TMaintenanceSettings> {
      if (patch.until && Date.parse(patch.until) <= now().getTime()) throw invalid('until', 'min');
      const after = await db.transaction().execute(async (trx) => {
        const change = await settings.updateMaintenance(patch, trx);
        await audit.record(
          who,
          {
            action: 'settings.maintenance',
            target: 'settings:maintenance',
            before: change.before,
            after: change.after,
          },
          trx,
        );
        return change.after;
      });
      settings.maintenanceChanged();
      return after;
    },

    /** Changes the comp rates of bets by provider kind and audits the change in one transaction. */
    async updateCompRates(patch: Partial<CompRates>, who: AuditActor): Promise<CompRates> {
      return db.transaction().execute(async (trx) => {
        const { before, after } = await settings.updateCompRates(patch, trx);
        await audit.record(
          who,
          { action: 'settings.comp_rates', target: 'settings:comp-rates', before, after },
          trx,
        );
        return after;
      });
    },

    /** Changes the cashier settings and audits the change in one transaction (400 on a bad combination). */
    async updateCashierSettings(patch: TCashierSettingsPatch, who: AuditActor): Promise<CashierSettings> {
      return db.transaction().execute(async (trx) => {
        const { before, after, problems } = await settings.updateCashier(patch, trx);
        if (problems.length > 0) throw new AppError('invalid', { errors: problems });
        await audit.record(
          who,
          { action: 'settings.cashier', target: 'settings:cashier', before, after },
          trx,
        );
        return after;
      });
    },
  };
}

export type BackofficeService = ReturnType<typeof createBackofficeService>;
