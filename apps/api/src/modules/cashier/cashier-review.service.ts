import type { TCashierHistoryFilter } from '@casino/contracts/backoffice-cashier';
import { addDays, siteDay, siteDayStart } from '@casino/contracts/site-time';
import type { Database } from '../../db/database.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import type { RequestKind } from './cashier.repository.ts';
import {
  createCashierReviewRepository,
  type HistoryRow,
  type HistoryWhere,
} from './cashier-review.repository.ts';

/** How many of the member's latest requests of each kind a review shows. */
export const REVIEW_RECENT = 10;
/** How many latest deposits are compared with the withdrawal's bank owner. */
export const REVIEW_DEPOSITORS = 5;

export interface CashierReviewDeps {
  db: Database;
  ledger: Pick<LedgerService, 'memberBalances' | 'memberBetsAfter'>;
  members: Pick<
    MembersService,
    'userIdsOf' | 'detailByUserId' | 'reviewAddresses' | 'membersOnAddresses' | 'membersWithBanknum'
  >;
  sessions: Pick<SessionService, 'memberIps' | 'membersOnIps'>;
  settings: Pick<SettingsService, 'cashier'>;
  /** Operator ids by row id (the back office owns the operators), for the first of two approvals. */
  operatorNames: (ids: readonly number[]) => Promise<Map<number, string>>;
  /** The site's time zone (config SITE_TIME_ZONE): the history's `from`/`to` days, the export's day. */
  zone: string;
  now: () => Date;
}

/** A name as compared: without spaces, lower-cased (a depositor typed "홍 길동" is 홍길동). */
export function sameName(a: string, b: string): boolean {
  const norm = (s: string) => s.normalize('NFC').replace(/\s+/g, '').toLowerCase();
  return norm(a) === norm(b);
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The back office's view of the cashier's requests (docs/api/backoffice-cashier.md): the review of
 * one request (the member's balances and recent requests; a withdrawal's safety checks) and the
 * history with filters and totals. A fixed number of statements per call, whatever the data.
 */
export function createCashierReview(deps: CashierReviewDeps) {
  const { ledger, members, sessions, settings, zone, now } = deps;
  const repo = createCashierReviewRepository(deps.db);

  async function withdrawChecks(
    memberId: number,
    withdrawal: { bank_owner: string; banknum: string },
    deposits: { id: number; amount: number; state: string; depositor: string | null; created_at: Date }[],
  ) {
    const [last, addresses, sessionIps] = await Promise.all([
      repo.lastApprovedDeposit(memberId),
      members.reviewAddresses(memberId),
      sessions.memberIps(memberId),
    ]);
    const ips = [
      ...new Set([addresses.regIp, ...addresses.signInIps, ...sessionIps].filter((ip): ip is string => !!ip)),
    ];
    const [bets, onAddresses, onSessions, sameBankMember, sameBankWithdraws] = await Promise.all([
      last ? ledger.memberBetsAfter(memberId, last.transfer_id ?? 0) : Promise.resolve(0),
      members.membersOnAddresses(ips, memberId),
      sessions.membersOnIps(ips, memberId),
      members.membersWithBanknum(withdrawal.banknum, memberId),
      repo.othersWithdrawingTo(withdrawal.banknum, memberId, 20),
    ]);
    const userIds = await members.userIdsOf([...onSessions.map((s) => s.memberId), ...sameBankWithdraws]);

    const sharedMembers = [
      ...onAddresses.map((m) => ({ userId: m.userId, ip: m.ip, source: m.source })),
      ...onSessions.map((s) => ({
        userId: userIds.get(s.memberId) ?? '',
        ip: s.ip,
        source: 'session' as const,
      })),
    ];
    const seen = new Set<string>();
    const shared = sharedMembers.filter((m) => {
      const key = `${m.userId}|${m.ip}|${m.source}`;
      if (!m.userId || seen.has(key)) return false;
      seen.add(key);
      return true;
    });

    const bankMembers = [
      ...sameBankMember.map((m) => ({ userId: m.user_id, source: 'member' as const })),
      ...sameBankWithdraws.map((id) => ({ userId: userIds.get(id) ?? '', source: 'withdraw' as const })),
    ].filter((m) => m.userId);

    const mismatches = deposits
      .filter(
        (d) => d.state !== 'cansel' && d.depositor !== null && !sameName(d.depositor, withdrawal.bank_owner),
      )
      .slice(0, REVIEW_DEPOSITORS)
      .map((d) => ({
        id: d.id,
        depositor: d.depositor!,
        amount: d.amount,
        regDate: d.created_at.toISOString(),
      }));

    return {
      turnover: {
        lastDeposit: last
          ? { id: last.id, amount: last.amount, processedDate: iso(last.processed_at) }
          : null,
        bets,
        percent: last ? Math.floor((bets * 100) / last.amount) : 0,
        flag: !last || bets < last.amount,
      },
      depositorName: { bankOwner: withdrawal.bank_owner, mismatches, flag: mismatches.length > 0 },
      sharedIp: { ips, members: shared, flag: shared.length > 0 },
      sharedBank: { members: bankMembers, flag: bankMembers.length > 0 },
    };
  }

  return {
    /**
     * One request's review: the member's balances and latest requests, and for a withdrawal its
     * safety checks and second-approval state. `showBank` false hides bank account numbers.
     */
    async review(kind: RequestKind, id: number, options: { showBank: boolean }) {
      const withdrawal = kind === 'withdraw' ? await repo.withdrawApproval(id) : undefined;
      const request = kind === 'deposit' ? await repo.depositOf(id) : withdrawal;
      if (!request) return { status: 'not_found' as const };
      const memberId = request.member_id;
      const userId = (await members.userIdsOf([memberId])).get(memberId);
      const [member, balances, deposits, withdraws, cashierSettings] = await Promise.all([
        userId ? members.detailByUserId(userId) : Promise.resolve(undefined),
        ledger.memberBalances(memberId),
        repo.recentOf('deposit', memberId, REVIEW_RECENT),
        repo.recentOf('withdraw', memberId, REVIEW_RECENT),
        settings.cashier(),
      ]);
      if (!member) return { status: 'not_found' as const };
      const recent = (rows: typeof deposits) =>
        rows.map((r) => ({
          id: r.id,
          amount: r.amount,
          state: r.state,
          ...(r.depositor !== null ? { depositor: r.depositor } : {}),
          regDate: r.created_at.toISOString(),
          processedDate: iso(r.processed_at),
        }));
      let checks = null;
      let secondApproval = null;
      if (withdrawal) {
        const request = withdrawal;
        checks = await withdrawChecks(memberId, request, deposits);
        if (!options.showBank) checks.sharedBank = { members: [], flag: checks.sharedBank.flag };
        const above = cashierSettings.withdrawSecondApprovalAbove;
        const first =
          request.first_approved_by !== null
            ? ((await deps.operatorNames([request.first_approved_by])).get(request.first_approved_by) ?? null)
            : null;
        secondApproval = {
          required: above > 0 && request.amount >= above,
          above,
          firstApprovedBy: first,
          firstApprovedDate: iso(request.first_approved_at),
        };
      }
      return {
        status: 'success' as const,
        member: {
          userId: member.user_id,
          nick: member.nick,
          level: member.level,
          state: member.state,
          balance: balances.cash,
          rolling: balances.comp,
          inBalance: balances.game,
          bankname: member.bankname,
          bankOwner: member.bank_owner,
          banknum: options.showBank ? member.banknum : null,
        },
        recent: { deposits: recent(deposits), withdraws: recent(withdraws) },
        checks,
        secondApproval,
      };
    },

    /** The filters as instants and a member id; null when the user id names no member (nothing matches). */
    async where(filter: TCashierHistoryFilter): Promise<HistoryWhere | null> {
      let memberId: number | undefined;
      if (filter.userId) {
        const member = await members.detailByUserId(filter.userId);
        if (!member) return null;
        memberId = member.id;
      }
      return {
        state: filter.state,
        memberId,
        from: filter.from ? siteDayStart(filter.from, zone) : undefined,
        to: filter.to ? siteDayStart(addDays(filter.to, 1), zone) : undefined,
        minAmount: filter.minAmount,
        maxAmount: filter.maxAmount,
      };
    },

    /** Rows of the history as the contract names them, with user ids and first approvers. */
    async items(kind: RequestKind, rows: HistoryRow[], options: { showBank: boolean }) {
      const [userIds, operators] = await Promise.all([
        members.userIdsOf(rows.map((r) => r.member_id)),
        deps.operatorNames(rows.flatMap((r) => (r.first_approved_by !== null ? [r.first_approved_by] : []))),
      ]);
      return rows.map((r) => ({
        id: r.id,
        userId: userIds.get(r.member_id) ?? '',
        amount: r.amount,
        state: r.state,
        ...(kind === 'deposit' ? { depositor: r.depositor ?? '' } : {}),
        ...(kind === 'withdraw'
          ? {
              bankname: r.bankname ?? '',
              bankOwner: r.bank_owner ?? '',
              ...(options.showBank ? { banknum: r.banknum ?? '' } : {}),
              firstApprovedBy:
                r.first_approved_by !== null ? (operators.get(r.first_approved_by) ?? null) : null,
              firstApprovedDate: iso(r.first_approved_at),
            }
          : {}),
        reason: r.reason,
        regDate: r.created_at.toISOString(),
        processedDate: iso(r.processed_at),
      }));
    },

    /** One page of the filtered history, the totals of the whole filtered set, and the second-approval amount. */
    async history(
      kind: RequestKind,
      filter: TCashierHistoryFilter,
      page: { page: number; pageSize: number },
      options: { showBank: boolean },
    ) {
      const w = await this.where(filter);
      const above = (await settings.cashier()).withdrawSecondApprovalAbove;
      if (!w)
        return {
          status: 'success' as const,
          list: [],
          maxCount: 0,
          totals: { count: 0, amount: 0 },
          secondApprovalAbove: above,
        };
      const [rows, totals] = await Promise.all([
        repo.history(kind, w, page.pageSize, (page.page - 1) * page.pageSize),
        repo.totals(kind, w),
      ]);
      return {
        status: 'success' as const,
        list: await this.items(kind, rows, options),
        maxCount: totals.count,
        totals,
        secondApprovalAbove: above,
      };
    },

    /** The member (user id) a request belongs to and its state now, or undefined. */
    async owner(kind: RequestKind, id: number) {
      const row = await repo.ownerOf(kind, id);
      return row && { userId: row.user_id, state: row.state };
    },

    /** Up to `cap` rows of the filtered history for the CSV export, and whether there were more. */
    /** The history's rows for the CSV, at most `cap`, with the site's day of the export (`YYYY-MM-DD`). */
    async exportRows(
      kind: RequestKind,
      filter: TCashierHistoryFilter,
      cap: number,
      options: { showBank: boolean },
    ) {
      const day = siteDay(now(), zone);
      const w = await this.where(filter);
      if (!w) return { rows: [], total: 0, day };
      const [rows, totals] = await Promise.all([repo.history(kind, w, cap, 0), repo.totals(kind, w)]);
      return { rows: await this.items(kind, rows, options), total: totals.count, amount: totals.amount, day };
    },
  };
}

export type CashierReview = ReturnType<typeof createCashierReview>;
