import type { TBreakKind, TBreakPeriod, TTakeBreakRequest } from '@casino/contracts/protection';
import type { Database } from '../../db/database.ts';
import type { MemberPrincipal } from '../../lib/calls.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { createBreaksRepository } from './breaks.repository.ts';

/**
 * A break in force (docs/protection.md "Breaks"): the one that ends last when several overlap.
 * `until` is null for a permanent self-exclusion.
 */
export interface ActiveBreak {
  kind: TBreakKind;
  period: TBreakPeriod;
  startedAt: Date;
  /** When it ends (the break is over from this instant on); null: never. */
  until: Date | null;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The fixed-length periods, in milliseconds. */
const PERIOD_MS: Partial<Record<TBreakPeriod, number>> = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '6w': 42 * DAY_MS,
};

/** The calendar periods, in months. */
const PERIOD_MONTHS: Partial<Record<TBreakPeriod, number>> = { '6m': 6, '1y': 12, '5y': 60 };

/**
 * `months` calendar months after `from` in UTC, at the same time of day; a day the target month
 * does not have becomes its last day (31 August + 6 months = 28 or 29 February).
 */
export function addCalendarMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** When a break of `period` taken at `from` ends: null for a permanent one. */
export function breakEnd(period: TBreakPeriod, from: Date): Date | null {
  if (period === 'permanent') return null;
  const ms = PERIOD_MS[period];
  if (ms !== undefined) return new Date(from.getTime() + ms);
  const months = PERIOD_MONTHS[period];
  if (months === undefined) throw new Error(`unknown break period ${period}`);
  return addCalendarMonths(from, months);
}

/** Whether `end` (null: never) is later than `other`. */
function endsLater(end: Date | null, other: Date | null): boolean {
  if (other === null) return false;
  return end === null || end.getTime() > other.getTime();
}

/**
 * Reading breaks: what the members module (sign-in), the games (open-game) and the limits page ask.
 * It needs nothing but the database, so it is built before the members service that uses it.
 */
export function createBreakReader(deps: { db: Database; now: () => Date }) {
  const repo = createBreaksRepository(deps.db);
  return {
    /**
     * The member's break in force now, or null: `{kind, period, startedAt, until}` of the break
     * that ends last (`until` null = permanent). `trx` reads inside the caller's transaction.
     */
    async activeBreak(memberId: number, trx?: Database): Promise<ActiveBreak | null> {
      const row = await repo.latestInForce(memberId, deps.now(), trx);
      if (!row) return null;
      return {
        kind: row.kind,
        period: row.period as TBreakPeriod,
        startedAt: row.started_at,
        until: row.until,
      };
    },
  };
}

export type BreakReader = ReturnType<typeof createBreakReader>;

export interface BreaksServiceDeps {
  db: Database;
  reader: BreakReader;
  /** The password check of change-password (argon2id, counted under the sign-in limits). */
  members: Pick<MembersService, 'checkPassword'>;
  sessions: Pick<SessionService, 'revokeAllFor'>;
  now: () => Date;
}

/**
 * Time-outs and self-exclusion (`take-break`, docs/protection.md). A break starts
 * at once and ends every session and game launch token of the member; nothing ends or shortens it:
 * a new break while one is in force only ever moves the end later, and no operator path touches
 * `member_breaks` (the back office reads it).
 */
export function createBreaksService(deps: BreaksServiceDeps) {
  const { db, reader, members, sessions, now } = deps;
  const repo = createBreaksRepository(db);

  return {
    /** The member's break in force now, or null (see `createBreakReader`). */
    activeBreak: reader.activeBreak,

    /**
     * take-break: `pass` for a wrong password (counted like a failed sign-in); else the break is
     * recorded, unless one in force already ends as late or later (the later end is kept, never
     * the earlier), and every session and launch token of the member ends in the same transaction.
     */
    async takeBreak(
      principal: MemberPrincipal,
      input: TTakeBreakRequest,
      ip: string,
    ): Promise<{ status: 'success'; until: Date | null } | { status: 'pass' }> {
      if (!(await members.checkPassword(principal, input.password, ip))) return { status: 'pass' };
      return db.transaction().execute(async (trx) => {
        const at = now();
        const until = breakEnd(input.period, at);
        const current = await reader.activeBreak(principal.memberId, trx);
        let end = until;
        if (!current || endsLater(until, current.until)) {
          await repo.insert(
            { memberId: principal.memberId, kind: input.kind, period: input.period, startedAt: at, until },
            trx,
          );
        } else {
          end = current.until;
        }
        await sessions.revokeAllFor('member', principal.memberId, {}, trx);
        return { status: 'success' as const, until: end };
      });
    },
  };
}

export type BreaksService = ReturnType<typeof createBreaksService>;
