import {
  HISTORY_MONTHS_MAX,
  historyDayOf,
  type TAccountHistoryCsvQuery,
  type TGetAccountHistoryRequest,
  type TGetAccountHistoryResponse,
  type TGetSessionSummaryResponse,
  type THistoryEntry,
} from '@casino/contracts/protection';
import { csvDocument } from '@casino/contracts/csv';
import { addDays, siteDay, siteDayStart, siteWallTime } from '@casino/contracts/site-time';
import { invalid } from '../../lib/app-error.ts';
import type { MemberPrincipal } from '../../lib/calls.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import { addCalendarMonths } from './breaks.service.ts';
import type { LimitsService } from './limits.service.ts';

type HistoryRow = Awaited<ReturnType<LedgerService['memberHistory']>>['rows'][number];

export interface HistoryDeps {
  ledger: Pick<LedgerService, 'memberHistory' | 'memberPlaySince'>;
  sessions: Pick<SessionService, 'listLive'>;
  limits: Pick<LimitsService, 'realityCheckMinutes'>;
  /** The site's time zone (config SITE_TIME_ZONE): the history's days and the CSV's times. */
  zone: string;
  now: () => Date;
}

/** A calendar day `YYYY-MM-DD` as UTC midnight of that date (to compare and count months with). */
const dateOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The instants of a window of the site's days, `from` and `to` inclusive: [the start of `from`, the
 * start of the day after `to`), in the site's time zone `zone`, each bound a day or an instant taken
 * as its day there. 400 `from`/`pattern` or `to`/`pattern` for a bound that names no day, `from`/`min`
 * when `from` is more than 12 calendar months before the site's today, `to`/`min` when `to` is
 * before `from`.
 */
export function historyWindow(
  query: { from: string; to: string },
  now: Date,
  zone: string,
): { from: Date; to: Date } {
  const from = historyDayOf(query.from, zone);
  if (from === null) throw invalid('from', 'pattern');
  const to = historyDayOf(query.to, zone);
  if (to === null) throw invalid('to', 'pattern');
  const earliest = addCalendarMonths(dateOf(siteDay(now, zone)), -HISTORY_MONTHS_MAX);
  if (dateOf(from) < earliest) throw invalid('from', 'min');
  if (to < from) throw invalid('to', 'min');
  return { from: siteDayStart(from, zone), to: siteDayStart(addDays(to, 1), zone) };
}

/** The reference a leg belongs to: its round, cashier request or transfer-wallet move. */
function refOf(meta: Record<string, unknown>): string | null {
  for (const key of ['roundId', 'requestId', 'transfer'] as const) {
    const value = meta[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return null;
}

function entryOf(row: HistoryRow): THistoryEntry {
  return {
    at: row.created_at.toISOString(),
    kind: row.kind,
    code: row.code,
    amount: row.amount,
    balanceAfter: row.balance_after ?? 0,
    ref: refOf(row.meta),
  };
}

/**
 * The member's account history (`get-account-history`, the CSV download) and the reality check's
 * session result (`get-session-summary`), read from the ledger (docs/protection.md "History").
 */
export function createHistoryService(deps: HistoryDeps) {
  const { ledger, sessions, limits, zone, now } = deps;
  // `at` on the site's wall clock, the zone named in its heading.
  const csvHeader = [`at (${zone})`, 'kind', 'code', 'amount', 'balanceAfter', 'ref'];

  async function page(
    memberId: number,
    query: { from: string; to: string; kind?: THistoryEntry['kind'] | undefined },
    paging: { offset: number; limit: number },
  ) {
    const window = historyWindow(query, now(), zone);
    const { rows, total } = await ledger.memberHistory(memberId, {
      ...window,
      kind: query.kind,
      offset: paging.offset,
      limit: paging.limit,
    });
    return { entries: rows.map(entryOf), total };
  }

  return {
    /** get-account-history: one page of the window, newest first. */
    async history(memberId: number, input: TGetAccountHistoryRequest): Promise<TGetAccountHistoryResponse> {
      const { entries, total } = await page(memberId, input, {
        offset: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
      });
      return { status: 'success', entries, maxCount: total };
    },

    /**
     * The window as CSV (UTF-8 with a byte order mark, CRLF): at most `maxRows` rows, newest first;
     * `total` says how many the window holds.
     */
    async csv(
      memberId: number,
      query: TAccountHistoryCsvQuery,
      maxRows: number,
    ): Promise<{ text: string; filename: string; total: number; rows: number }> {
      const { entries, total } = await page(memberId, query, { offset: 0, limit: maxRows });
      const text = csvDocument([
        csvHeader,
        ...entries.map((e) => [
          siteWallTime(new Date(e.at), zone),
          e.kind,
          e.code,
          e.amount,
          e.balanceAfter,
          e.ref ?? '',
        ]),
      ]);
      // Named by the site's days the window covers, whichever form the bounds came in.
      const filename = `account-history-${historyDayOf(query.from, zone)}_${historyDayOf(query.to, zone)}${query.kind ? `-${query.kind}` : ''}.csv`;
      return { text, filename, total, rows: entries.length };
    },

    /**
     * get-session-summary: the current session's start and what the member bet and won since
     * (wins minus bets is the net), with the reality-check interval.
     */
    async sessionSummary(principal: MemberPrincipal): Promise<TGetSessionSummaryResponse> {
      const live = await sessions.listLive('member', principal.memberId);
      const startedAt = live.find((s) => s.id === principal.sessionId)?.created_at ?? now();
      const [play, minutes] = await Promise.all([
        ledger.memberPlaySince(principal.memberId, startedAt),
        limits.realityCheckMinutes(principal.memberId),
      ]);
      return {
        status: 'success',
        startedAt: startedAt.toISOString(),
        bets: play.bets,
        wins: play.wins,
        net: play.wins - play.bets,
        realityCheckMinutes: minutes,
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
