import type {
  TBackofficeBreaksQuery,
  TBackofficeBreaksResponse,
  TBackofficeProtectionResponse,
  TLimitChange,
  TMemberBreak,
} from '@casino/contracts/backoffice-protection';
import { PROTECTION_HISTORY_MAX } from '@casino/contracts/backoffice-protection';
import type {
  TBreakPeriod,
  TLimitTriple,
  TPendingLimit,
  TRealityCheckMinutes,
} from '@casino/contracts/protection';
import type { Database } from '../../db/database.ts';
import type { MembersService } from '../members/members.service.ts';
import type { BreakRow } from './breaks.repository.ts';
import { createProtectionAdminRepository } from './protection-admin.repository.ts';
import { createProtectionRepository, type LimitRow } from './protection.repository.ts';

export interface ProtectionAdminDeps {
  db: Database;
  /** The members module owns `members`: the member and the reality-check setting come through it. */
  members: Pick<MembersService, 'detailByUserId' | 'realityCheckMinutes'>;
  now: () => Date;
}

const noLimits = (): TLimitTriple => ({ day: null, week: null, month: null });

/** A break is in force from its start until `until` (never over when `until` is null). */
function isActive(b: Pick<BreakRow, 'started_at' | 'until'>, at: Date): boolean {
  return b.started_at.getTime() <= at.getTime() && (b.until === null || b.until.getTime() > at.getTime());
}

function breakOf(b: BreakRow, at: Date): TMemberBreak {
  return {
    id: b.id,
    kind: b.kind,
    period: b.period as TBreakPeriod,
    startedAt: b.started_at.toISOString(),
    until: b.until?.toISOString() ?? null,
    active: isActive(b, at),
  };
}

/**
 * The break that governs the member now: of those in force, the one that ends last (a permanent one
 * first), the same one sign-in refuses with (breaks.service.ts `activeBreak`).
 */
function governing(breaks: TMemberBreak[]): TMemberBreak | null {
  let best: TMemberBreak | null = null;
  for (const b of breaks) {
    if (!b.active) continue;
    if (!best || (best.until !== null && (b.until === null || b.until > best.until))) best = b;
  }
  return best;
}

/**
 * The back office's read-only view of player protection (docs/api/backoffice-protection.md): a
 * member's limits with their full history, breaks and reality-check setting, and the report of the
 * members under a break. It offers no way to change any of it: nobody, operators included, may end
 * or shorten a break, and the member alone sets the limits.
 */
export function createProtectionAdminService(deps: ProtectionAdminDeps) {
  const repo = createProtectionAdminRepository(deps.db);
  const limitsRepo = createProtectionRepository(deps.db);

  return {
    /** `GET /api/backoffice/members/:userId/protection`. */
    async memberProtection(userId: string): Promise<TBackofficeProtectionResponse> {
      const member = await deps.members.detailByUserId(userId);
      if (!member) return { status: 'not_found' };
      const at = deps.now();
      const [inForce, pending, history, breaks, minutes] = await Promise.all([
        limitsRepo.limitsInForce(member.id, at, undefined),
        limitsRepo.pendingLimits(member.id, at),
        repo.limitHistory(member.id, PROTECTION_HISTORY_MAX),
        repo.breaks(member.id),
        deps.members.realityCheckMinutes(member.id),
      ]);

      const limits = { deposit: noLimits(), loss: noLimits() };
      for (const row of inForce) limits[row.kind][row.period] = row.amount;
      const inForceIds = new Set(inForce.map((r) => r.id));
      const stateOf = (r: LimitRow): TLimitChange['state'] =>
        r.cancelled_at !== null
          ? 'cancelled'
          : r.effective_at.getTime() > at.getTime()
            ? 'pending'
            : inForceIds.has(r.id)
              ? 'in_force'
              : 'replaced';

      const allBreaks = breaks.map((b) => breakOf(b, at));
      return {
        status: 'success',
        limits,
        pending: pending.map((r): TPendingLimit => ({
          kind: r.kind,
          period: r.period,
          amount: r.amount,
          effectiveAt: r.effective_at.toISOString(),
        })),
        history: history.rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          period: r.period,
          amount: r.amount,
          requestedAt: r.requested_at.toISOString(),
          effectiveAt: r.effective_at.toISOString(),
          cancelledAt: r.cancelled_at?.toISOString() ?? null,
          state: stateOf(r),
        })),
        historyCount: history.total,
        breaks: allBreaks,
        activeBreak: governing(allBreaks),
        realityCheckMinutes: (minutes ?? 0) as TRealityCheckMinutes,
      };
    },

    /** `GET /api/backoffice/protection/breaks`: the members under a break now, newest first. */
    async breaksReport(query: TBackofficeBreaksQuery): Promise<TBackofficeBreaksResponse> {
      const { rows, total } = await repo.activeBreaks({ kind: query.kind }, deps.now(), {
        offset: (query.page - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        status: 'success',
        list: rows.map((r) => ({
          id: r.id,
          userId: r.user_id,
          nick: r.nick,
          kind: r.kind,
          period: r.period as TBreakPeriod,
          startedAt: r.started_at.toISOString(),
          until: r.until?.toISOString() ?? null,
        })),
        maxCount: total,
      };
    },
  };
}

export type ProtectionAdminService = ReturnType<typeof createProtectionAdminService>;
