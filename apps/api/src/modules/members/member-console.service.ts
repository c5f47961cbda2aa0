import type {
  MEMBER_REQUEST_KINDS,
  TMemberHelpsResponse,
  TMemberLedgerResponse,
  TMemberNote,
  TMemberNotesResponse,
  TMemberRequestsResponse,
  TMemberResetPasswordResponse,
  TMemberRound,
  TMemberRoundsResponse,
  TMemberSignInsResponse,
} from '@casino/contracts/backoffice-members';
import type { Database } from '../../db/database.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from './members.service.ts';

type Paging = { page: number; pageSize: number };

/**
 * What the member detail reads of the modules after members in the module order (cashier,
 * games, community): declared here, and `createServices` passes their services in.
 */
export interface MemberConsoleReads {
  /** The cashier's requests of one kind of the member. */
  cashier: {
    list(
      kind: (typeof MEMBER_REQUEST_KINDS)[number],
      memberId: number,
      paging: Paging,
    ): Promise<TMemberRequestsResponse>;
  };
  /** The games' rounds of the member, game names in `lang`. */
  catalog: {
    memberRounds(
      memberId: number,
      paging: Paging,
      lang: string,
    ): Promise<{
      maxCount: number;
      bets: (Omit<TMemberRound, 'provider' | 'roundId'> & { company: string; round: string })[];
    }>;
  };
  community: {
    helps: { queue(filter: { userId: string }, paging: Paging): Promise<TMemberHelpsResponse> };
    notes: { list(memberId: number, paging: Paging): Promise<{ notes: TMemberNote[]; maxCount: number }> };
  };
}

export interface MemberConsoleDeps extends MemberConsoleReads {
  db: Database;
  audit: AuditService;
  /** The members module owns `members` and `member_sign_ins`. */
  members: Pick<MembersService, 'detailByUserId' | 'signIns' | 'resetPassword'>;
  ledger: Pick<LedgerService, 'memberEntries'>;
  sessions: Pick<SessionService, 'revokeAllFor'>;
}

const offsetOf = (p: Paging) => ({ offset: (p.page - 1) * p.pageSize, limit: p.pageSize });

/**
 * The member detail of the back office beyond its profile (docs/api/backoffice-members.md): the
 * member's ledger, requests, rounds, notes, help posts and sign-in history, each read through the
 * module that owns it, and the password reset with a forced change.
 */
export function createMemberConsoleService(deps: MemberConsoleDeps) {
  const { db, audit, members, ledger, cashier, catalog, community, sessions } = deps;

  async function memberIdOf(userId: string): Promise<number | undefined> {
    return (await members.detailByUserId(userId))?.id;
  }

  return {
    /**
     * The member's ledger legs, newest first, `limit` at a time. A page never splits a transfer's
     * legs (a comp conversion touches two accounts): `nextBeforeId` resumes right after the page.
     */
    async ledger(
      userId: string,
      query: { beforeId?: number | undefined; limit: number },
    ): Promise<TMemberLedgerResponse> {
      const memberId = await memberIdOf(userId);
      if (memberId === undefined) return { status: 'not_found' };
      const rows = await ledger.memberEntries(memberId, {
        limit: query.limit + 1,
        ...(query.beforeId !== undefined ? { beforeId: query.beforeId } : {}),
      });
      let page = rows.slice(0, query.limit);
      const more = rows.length > query.limit;
      if (more) {
        const cut = rows[query.limit]!.transferId;
        const whole = page.filter((e) => e.transferId !== cut);
        if (whole.length > 0) page = whole;
      }
      const last = page.at(-1);
      return {
        status: 'success',
        list: page.map((e) => ({
          id: e.transferId,
          kind: e.kind,
          code: e.code,
          amount: e.amount,
          balanceAfter: e.balanceAfter ?? null,
          reason: typeof e.meta['reason'] === 'string' ? e.meta['reason'] : null,
          regDate: e.createdAt.toISOString(),
        })),
        nextBeforeId: more && last ? last.transferId : null,
      };
    },

    /** The member's deposit or withdrawal requests, newest first (those the member hid too are not listed). */
    async requests(
      userId: string,
      kind: (typeof MEMBER_REQUEST_KINDS)[number],
      paging: Paging,
    ): Promise<TMemberRequestsResponse> {
      const memberId = await memberIdOf(userId);
      if (memberId === undefined) return { status: 'not_found' };
      return cashier.list(kind, memberId, paging);
    },

    /** The member's game rounds (one line per round), newest first; game names in `lang`. */
    async rounds(userId: string, paging: Paging, lang: string): Promise<TMemberRoundsResponse> {
      const memberId = await memberIdOf(userId);
      if (memberId === undefined) return { status: 'not_found' };
      const result = await catalog.memberRounds(memberId, paging, lang);
      return {
        status: 'success',
        maxCount: result.maxCount,
        list: result.bets.map((b) => ({
          id: b.id,
          provider: b.company,
          gameCode: b.gameCode,
          gameName: b.gameName,
          roundId: b.round,
          bet: b.bet,
          win: b.win,
          regDate: b.regDate,
        })),
      };
    },

    /** The notes the member holds (operators' and the system's), as the member has them. */
    async notes(userId: string, paging: Paging): Promise<TMemberNotesResponse> {
      const memberId = await memberIdOf(userId);
      if (memberId === undefined) return { status: 'not_found' };
      const result = await community.notes.list(memberId, paging);
      return { status: 'success', list: result.notes, maxCount: result.maxCount };
    },

    /** The member's help posts, with the operators' answers, newest first. */
    async helps(userId: string, paging: Paging): Promise<TMemberHelpsResponse> {
      const memberId = await memberIdOf(userId);
      if (memberId === undefined) return { status: 'not_found' };
      return community.helps.queue({ userId }, paging);
    },

    /** Every sign-in attempt on the member's id, newest first, with address, browser and outcome. */
    async signIns(userId: string, paging: Paging): Promise<TMemberSignInsResponse> {
      const memberId = await memberIdOf(userId);
      if (memberId === undefined) return { status: 'not_found' };
      const { rows, total } = await members.signIns(memberId, offsetOf(paging));
      return {
        status: 'success',
        maxCount: total,
        list: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          ip: r.ip,
          userAgent: r.user_agent,
          outcome: r.outcome,
        })),
      };
    },

    /**
     * A temporary password, shown once, that the member must change at the next sign-in; every
     * session of the member ends and the audit record (never holding the password) is written, all
     * in one transaction.
     */
    async resetPassword(userId: string, who: AuditActor): Promise<TMemberResetPasswordResponse> {
      return db.transaction().execute(async (trx) => {
        const result = await members.resetPassword(userId, trx);
        if (result.status !== 'success') return { status: result.status };
        const revoked = await sessions.revokeAllFor('member', result.memberId, {}, trx);
        await audit.record(
          who,
          {
            action: 'member.reset_password',
            target: `member:${userId}`,
            before: result.before,
            after: { mustChangePassword: true, sessionsEnded: revoked },
          },
          trx,
        );
        return { status: 'success' as const, password: result.password };
      });
    },
  };
}

export type MemberConsoleService = ReturnType<typeof createMemberConsoleService>;
