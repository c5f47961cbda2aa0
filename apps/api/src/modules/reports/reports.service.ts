import {
  DASHBOARD_TREND_DAYS,
  nextPeriod,
  type TDashboardDay,
  periodsBetween,
  periodStart,
  type TPromotionFigures,
  type TProviderFigures,
  type TReportFigures,
  type TReportRow,
  type TReportsQuery,
  type TReportsResponse,
  type TReportUnit,
} from '@casino/contracts/backoffice-reports';
import { csvDocument } from '@casino/contracts/csv';
import { addDays, siteDay } from '@casino/contracts/site-time';
import type { CashierService } from '../cashier/cashier.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';

export interface ReportsDeps {
  /** The ledger owns the transfers: bets, wins, rollbacks and comp conversions. */
  ledger: Pick<LedgerService, 'periodTotals'>;
  /** The cashier owns the requests: completed deposits and withdrawals. */
  cashier: Pick<CashierService, 'completedTotals'>;
  /** The site's time zone (config SITE_TIME_ZONE): the days and months the figures are grouped by. */
  zone: string;
}

/**
 * Which side of each ledger code names the provider: a bet goes to `house:<provider>` (credit), a
 * win and a rollback come from it (debit). A comp conversion moves between the member's own accounts.
 */
const GAME_SIDES = { bet: 'credit', win: 'debit', rollback: 'debit', comp_conversion: null } as const;

/**
 * The promotions' ledger codes (docs/ledger.md): each a transfer from (or, given back, to) its
 * promotions account, so the codes alone say what the promotions paid.
 */
const PROMOTION_CODES = {
  deposit_bonus: 'bonuses',
  deposit_bonus_cancel: 'bonusesReturned',
  attendance: 'attendance',
  referral: 'referral',
  payback: 'payback',
} as const satisfies Record<string, Exclude<keyof TPromotionFigures, 'cost' | 'bonusCount'>>;
const SIDES = {
  ...GAME_SIDES,
  ...(Object.fromEntries(Object.keys(PROMOTION_CODES).map((c) => [c, null])) as Record<
    keyof typeof PROMOTION_CODES,
    null
  >),
};
const isPromotion = (code: string): code is keyof typeof PROMOTION_CODES =>
  Object.hasOwn(PROMOTION_CODES, code);
const HOUSE = 'house:';

function emptyFigures(): Omit<TReportFigures, 'providers'> & { byProvider: Map<string, TProviderFigures> } {
  return {
    deposits: 0,
    depositCount: 0,
    withdrawals: 0,
    withdrawalCount: 0,
    bets: 0,
    wins: 0,
    ggr: 0,
    compConverted: 0,
    promotions: {
      bonuses: 0,
      bonusCount: 0,
      bonusesReturned: 0,
      attendance: 0,
      referral: 0,
      payback: 0,
      cost: 0,
    },
    byProvider: new Map(),
  };
}

type Bucket = ReturnType<typeof emptyFigures>;

function providerOf(bucket: Bucket, provider: string): TProviderFigures {
  let figures = bucket.byProvider.get(provider);
  if (!figures) {
    figures = { provider, bets: 0, wins: 0, ggr: 0 };
    bucket.byProvider.set(provider, figures);
  }
  return figures;
}

/**
 * The back office's reports (docs/api/backoffice-reports.md): money in and out, bets, wins, GGR,
 * comp conversions and what the promotions paid by day or month of the site's calendar, per game provider and in total. Two grouped
 * statements, one per owning module: the cashier's completed requests (by the time they were
 * processed, as the dashboard counts them) and the ledger's transfers (bets less rollbacks, wins).
 */
export function createReportsService(deps: ReportsDeps) {
  const { ledger, cashier, zone } = deps;

  async function report(query: Pick<TReportsQuery, 'unit' | 'from' | 'to'>): Promise<TReportsResponse> {
    const unit: TReportUnit = query.unit;
    const periods = periodsBetween(unit, query.from, query.to);
    const range = {
      unit,
      from: periodStart(unit, query.from, zone),
      to: periodStart(unit, nextPeriod(unit, query.to), zone),
      zone,
    };
    const [money, games] = await Promise.all([
      cashier.completedTotals(range),
      ledger.periodTotals(range, SIDES),
    ]);

    const buckets = new Map(periods.map((p) => [p, emptyFigures()]));
    const total = emptyFigures();
    const providers = new Set<string>();
    for (const r of money) {
      for (const bucket of [buckets.get(r.period), total]) {
        if (!bucket) continue;
        if (r.kind === 'deposit') {
          bucket.deposits += r.amount;
          bucket.depositCount += r.n;
        } else {
          bucket.withdrawals += r.amount;
          bucket.withdrawalCount += r.n;
        }
      }
    }
    for (const r of games) {
      if (isPromotion(r.code)) {
        const key = PROMOTION_CODES[r.code];
        for (const bucket of [buckets.get(r.period), total]) {
          if (!bucket) continue;
          const p = bucket.promotions;
          p[key] += r.amount;
          if (key === 'bonuses') p.bonusCount += r.n;
          p.cost += key === 'bonusesReturned' ? -r.amount : r.amount;
        }
        continue;
      }
      const provider = r.account?.startsWith(HOUSE) ? r.account.slice(HOUSE.length) : null;
      if (r.code !== 'comp_conversion' && provider === null) continue;
      if (provider !== null) providers.add(provider);
      for (const bucket of [buckets.get(r.period), total]) {
        if (!bucket) continue;
        if (r.code === 'comp_conversion') {
          bucket.compConverted += r.amount;
          continue;
        }
        const p = providerOf(bucket, provider!);
        // A rollback returns a bet: it counts against the bets of its provider's period.
        const bets = r.code === 'bet' ? r.amount : r.code === 'rollback' ? -r.amount : 0;
        const wins = r.code === 'win' ? r.amount : 0;
        p.bets += bets;
        p.wins += wins;
        p.ggr += bets - wins;
        bucket.bets += bets;
        bucket.wins += wins;
        bucket.ggr += bets - wins;
      }
    }

    const codes = [...providers].sort();
    const finish = ({ byProvider, ...figures }: Bucket): TReportFigures => ({
      ...figures,
      providers: codes.map((code) => byProvider.get(code) ?? { provider: code, bets: 0, wins: 0, ggr: 0 }),
    });
    const rows: TReportRow[] = periods.map((period) => ({
      period,
      start: periodStart(unit, period, zone).toISOString(),
      ...finish(buckets.get(period)!),
    }));
    return { status: 'success', unit, from: query.from, to: query.to, rows, totals: finish(total) };
  }

  return {
    report,

    /** The dashboard's trend: the last DASHBOARD_TREND_DAYS of the site's days up to the one `today` is in. */
    async trend(today: Date): Promise<TDashboardDay[]> {
      const to = siteDay(today, zone);
      const from = addDays(to, -(DASHBOARD_TREND_DAYS - 1));
      const { rows } = await report({ unit: 'day', from, to });
      return rows.map((r) => ({
        day: r.period,
        deposits: r.deposits,
        withdrawals: r.withdrawals,
        bets: r.bets,
        wins: r.wins,
        ggr: r.ggr,
      }));
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;

const HEADINGS = {
  ko: {
    period: { day: '일자', month: '월' },
    deposits: '충전액',
    depositCount: '충전 건수',
    withdrawals: '환전액',
    withdrawalCount: '환전 건수',
    bets: '베팅',
    wins: '당첨',
    ggr: 'GGR',
    compConverted: '콤프 전환',
    promotions: {
      bonuses: '충전 보너스',
      bonusCount: '보너스 건수',
      bonusesReturned: '보너스 회수',
      attendance: '출석 보상',
      referral: '추천 보상',
      payback: '페이백',
      cost: '프로모션 비용',
    },
    total: '합계',
  },
  en: {
    period: { day: 'Day', month: 'Month' },
    deposits: 'Deposits',
    depositCount: 'Deposit count',
    withdrawals: 'Withdrawals',
    withdrawalCount: 'Withdrawal count',
    bets: 'Bets',
    wins: 'Wins',
    ggr: 'GGR',
    compConverted: 'Comp converted',
    promotions: {
      bonuses: 'Deposit bonuses',
      bonusCount: 'Bonus count',
      bonusesReturned: 'Bonuses given back',
      attendance: 'Attendance rewards',
      referral: 'Referral rewards',
      payback: 'Payback',
      cost: 'Promotions cost',
    },
    total: 'Total',
  },
} as const;

const FIGURES = [
  'deposits',
  'depositCount',
  'withdrawals',
  'withdrawalCount',
  'bets',
  'wins',
  'ggr',
  'compConverted',
] as const;
const PROMOTION_FIGURES = [
  'bonuses',
  'bonusCount',
  'bonusesReturned',
  'attendance',
  'referral',
  'payback',
  'cost',
] as const;

/**
 * The report as CSV for spreadsheets: a UTF-8 byte order mark (Excel then reads Korean right),
 * CRLF line ends, one line per period and a total line; the promotions' figures; per provider its
 * bets, wins and GGR.
 */
export function reportCsv(report: TReportsResponse, lang: 'ko' | 'en'): string {
  const h = HEADINGS[lang];
  const providers = report.totals.providers.map((p) => p.provider);
  const header = [
    h.period[report.unit],
    ...FIGURES.map((f) => h[f]),
    ...PROMOTION_FIGURES.map((f) => h.promotions[f]),
    ...providers.flatMap((p) => [`${p} ${h.bets}`, `${p} ${h.wins}`, `${p} ${h.ggr}`]),
  ];
  // Figures are integers: written as numbers (a negative GGR stays a number, never escaped).
  const line = (label: string, f: TReportFigures) => [
    label,
    ...FIGURES.map((key) => f[key]),
    ...PROMOTION_FIGURES.map((key) => f.promotions[key]),
    ...f.providers.flatMap((p) => [p.bets, p.wins, p.ggr]),
  ];
  return csvDocument([
    header,
    ...report.rows.map((row) => line(row.period, row)),
    line(h.total, report.totals),
  ]);
}
