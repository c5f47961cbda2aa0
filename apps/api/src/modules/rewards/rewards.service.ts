import { addDays, siteDay, siteDayStart, siteMonth } from '@casino/contracts/site-time';
import {
  ZAttendanceSettings,
  ZPaybackSettings,
  ZReferralSettings,
  type TAttendanceSettings,
  type TPaybackSettings,
  type TReferralSettings,
} from '@casino/contracts/backoffice-rewards';
import type { TAttendanceReward } from '@casino/contracts/rewards';
import type { Database } from '../../db/database.ts';
import type { MemberState } from '../../db/schema.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { CashierService } from '../cashier/cashier.service.ts';
import type { FraudService } from '../fraud/fraud.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { WalletService } from '../games/wallet.service.ts';
import type { BreakReader } from '../protection/breaks.service.ts';
import { createRewardsRepository, type PromotionName } from './rewards.repository.ts';

/**
 * The stakes that stood per member over inclusive site days (the wallet's bets less rollbacks, all
 * game kinds; members without any left out).
 */
export interface DayStakes {
  stakesBetween(range: {
    from: string;
    to: string;
    memberIds?: readonly number[];
  }): Promise<Map<number, number>>;
  /** The same per member and game kind (`casino`, `slot`, `sport`, `mini`). */
  stakesByKind(range: { from: string; to: string }): Promise<Map<number, Map<string, number>>>;
}

/** A level's comp rate per game kind in basis points (null: the level sets none for that kind). */
export type LevelRates = Partial<Record<string, number | null>>;

/** The members' stakes from the wallet's daily aggregates (`member_day_stakes`, games module). */
export function dayStakesOf(wallet: Pick<WalletService, 'memberDayStakes'>): DayStakes {
  return {
    async stakesBetween(range) {
      const totals = new Map<number, number>();
      for (const row of await wallet.memberDayStakes(range))
        totals.set(row.memberId, (totals.get(row.memberId) ?? 0) + Number(row.stakes));
      for (const [memberId, stakes] of totals) if (stakes <= 0) totals.delete(memberId);
      return totals;
    },
    async stakesByKind(range) {
      const byMember = new Map<number, Map<string, number>>();
      for (const row of await wallet.memberDayStakes(range)) {
        const kinds = byMember.get(row.memberId) ?? new Map<string, number>();
        kinds.set(row.kind, (kinds.get(row.kind) ?? 0) + Number(row.stakes));
        byMember.set(row.memberId, kinds);
      }
      return byMember;
    },
  };
}

/**
 * The recommender's points on a referee's stakes of a day: each game kind's stakes at the
 * recommender's level rate for that kind, or at the referral rate where the level sets none
 * (docs/promotions.md "Referral"). Stakes a rollback took below 0 count 0.
 */
export function referralPoints(
  byKind: ReadonlyMap<string, number>,
  levelRates: LevelRates | undefined,
  referralRate: number,
): { stakes: number; points: number; rate: number } {
  let stakes = 0;
  let scaled = 0;
  for (const [kind, amount] of byKind) {
    if (amount <= 0) continue;
    const rate = levelRates?.[kind] ?? referralRate;
    stakes += amount;
    scaled += amount * rate;
  }
  const points = Math.floor(scaled / 10_000);
  // The rate the row records: the one rate, or the stakes' weighted rate where kinds differ.
  return { stakes, points, rate: stakes > 0 ? Math.min(10_000, Math.round(scaled / stakes)) : referralRate };
}

export interface RewardsDeps {
  db: Database;
  ledger: LedgerService;
  audit: AuditService;
  members: Pick<
    MembersService,
    'paidRecommenders' | 'rewardProfiles' | 'referees' | 'flaggedReferrals' | 'detailByUserId'
  >;
  cashier: Pick<CashierService, 'approvedTotalsBetween'>;
  breaks: Pick<BreakReader, 'activeBreak'>;
  stakes: DayStakes;
  /** Each level's comp rates per game kind (the levels' settings), level 1 first. */
  levelRates: () => Promise<LevelRates[]>;
  /**
   * Abuse review (docs/api/backoffice-fraud.md "Promotions and flagged members"): which members
   * promotions skip (flagged, with the operator's setting on), and the bonus-hunting check of a
   * referral reward falling due. Without it (unit wiring) nobody is skipped.
   */
  fraud?: Pick<FraudService, 'skippedAmong' | 'referralDue'> | undefined;
  /** The site's time zone: its days and weeks (Monday to Sunday). */
  zone: string;
  now: () => Date;
}

/** What each promotion does before an operator sets it (docs/promotions.md "Defaults"). */
export const DEFAULT_SETTINGS = {
  attendance: {
    enabled: true,
    requireDeposit: false,
    rewards: [
      { streak: 1, points: 100 },
      { streak: 7, points: 1_000 },
    ],
  } satisfies TAttendanceSettings,
  referral: { enabled: true, rate: 50 } satisfies TReferralSettings,
  payback: {
    enabled: true,
    percentByLevel: { '1': 5, '2': 5, '3': 5, '4': 6, '5': 7, '6': 8, '7': 9, '8': 10, '9': 10, '10': 10 },
    cap: 1_000_000,
  } satisfies TPaybackSettings,
};

type SettingsOf = {
  attendance: TAttendanceSettings;
  referral: TReferralSettings;
  payback: TPaybackSettings;
};

const SCHEMAS = { attendance: ZAttendanceSettings, referral: ZReferralSettings, payback: ZPaybackSettings };

/** The ledger's source and the promotions accounts of these rewards (docs/ledger.md). */
const SOURCE = 'promotions';
const DAY_MS = 86_400_000;
/** How many finished days the referral job settles each run (a missed run is caught up). */
export const REFERRAL_CATCH_UP_DAYS = 7;
/** How often the referral and payback jobs run (each settles only what is due and not settled yet). */
export const REWARD_JOBS_EVERY_MS = 15 * 60_000;

/** The points of the reward with the highest `streak` not above the member's streak (0: none). */
export function rewardFor(rewards: readonly TAttendanceReward[], streak: number): number {
  let best: TAttendanceReward | undefined;
  for (const r of rewards) if (r.streak <= streak && (!best || r.streak > best.streak)) best = r;
  return best?.points ?? 0;
}

/** The Monday (`YYYY-MM-DD`) of the site's week that holds `day`. */
export function weekOf(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay(); // 0 Sunday .. 6 Saturday
  return addDays(day, -((weekday + 6) % 7));
}

/** The weekly payback's formula: the loss, the points, and whether it is paid (docs/promotions.md). */
export function paybackOf(
  figures: { deposits: number; withdrawals: number; balanceEnd: number; stakes: number },
  percent: number,
  cap: number,
): { loss: number; points: number; eligible: boolean } {
  const loss = Math.max(0, figures.deposits - figures.withdrawals - figures.balanceEnd);
  const eligible = loss > 0 && figures.stakes >= figures.deposits;
  const points = eligible ? Math.min(Math.floor((loss * percent) / 100), cap) : 0;
  return { loss, points, eligible };
}

/**
 * Attendance, referral and weekly payback (issue 26, docs/promotions.md). Each reward is
 * one ledger transfer from `promo:<promotion>` to the member's comp account, keyed by its occasion
 * (member and day, referee and day, member and week), recorded in the occasion's row in the same
 * transaction; a member who is blocked, pending, on a break or self-excluded gets nothing.
 */
export function createRewardsService(deps: RewardsDeps) {
  const { db, ledger, audit, members, cashier, breaks, stakes, fraud, zone, now } = deps;
  const repo = createRewardsRepository(db);

  async function settingsOf<N extends PromotionName>(name: N, trx?: Database): Promise<SettingsOf[N]> {
    const stored = await repo.settings(name, trx);
    const parsed = SCHEMAS[name].safeParse(stored);
    return (parsed.success ? parsed.data : DEFAULT_SETTINGS[name]) as SettingsOf[N];
  }

  async function updateSettings<N extends PromotionName>(
    name: N,
    value: SettingsOf[N],
    who: AuditActor,
  ): Promise<SettingsOf[N]> {
    return db.transaction().execute(async (trx) => {
      const stored = await repo.settingsForUpdate(name, trx);
      const parsed = SCHEMAS[name].safeParse(stored);
      const before = parsed.success ? parsed.data : DEFAULT_SETTINGS[name];
      const after = SCHEMAS[name].parse(value) as SettingsOf[N];
      await repo.putSettings(name, after, now(), trx);
      await audit.record(
        who,
        { action: `promotions.${name}`, target: `promotion:${name}`, before, after },
        trx,
      );
      return after;
    });
  }

  /** Whether a reward may go to the member now: active, and no time-out or self-exclusion in force. */
  async function mayReceive(memberId: number, state: MemberState | undefined): Promise<boolean> {
    if (state !== 'active') return false;
    return (await breaks.activeBreak(memberId)) === null;
  }

  /** Which of the members promotions skip as flagged by the abuse review (the operator's setting). */
  function skippedAmong(memberIds: readonly number[]): Promise<Set<number>> {
    return fraud ? fraud.skippedAmong(memberIds) : Promise.resolve(new Set());
  }

  async function stateOf(memberId: number): Promise<{ level: number; state: MemberState } | undefined> {
    const [profile] = await members.rewardProfiles([memberId]);
    return profile;
  }

  /** The figures of last week's payback of one member as the formula has them now. */
  async function paybackFigures(memberId: number, week: string) {
    const from = siteDayStart(week, zone);
    const to = siteDayStart(addDays(week, 7), zone);
    const [totals] = await cashier.approvedTotalsBetween({ from, to, memberIds: [memberId] });
    if (!totals) return { deposits: 0, withdrawals: 0, balanceEnd: 0, stakes: 0 };
    const [balanceEnd, staked] = await Promise.all([
      ledger.memberBalanceAt(memberId, 'cash', to),
      stakes.stakesBetween({ from: week, to: addDays(week, 6), memberIds: [memberId] }),
    ]);
    return {
      deposits: totals.deposits,
      withdrawals: totals.withdrawals,
      balanceEnd,
      stakes: staked.get(memberId) ?? 0,
    };
  }

  const service = {
    attendanceSettings: () => settingsOf('attendance'),
    referralSettings: () => settingsOf('referral'),
    paybackSettings: () => settingsOf('payback'),
    updateAttendanceSettings: (value: TAttendanceSettings, who: AuditActor) =>
      updateSettings('attendance', value, who),
    updateReferralSettings: (value: TReferralSettings, who: AuditActor) =>
      updateSettings('referral', value, who),
    updatePaybackSettings: (value: TPaybackSettings, who: AuditActor) =>
      updateSettings('payback', value, who),

    /** What each promotion has paid, in all and in the last 30 days (the back office's figures). */
    figures(name: PromotionName) {
      const table = {
        attendance: 'attendance_checks',
        referral: 'referral_payouts',
        payback: 'payback_payouts',
      } as const;
      return repo.figures(table[name], new Date(now().getTime() - 30 * DAY_MS));
    },

    // --- attendance ---

    /** get-attendance: the member's checked days of a month, the streak and the reward table. */
    async attendance(memberId: number, month?: string) {
      const at = now();
      const today = siteDay(at, zone);
      const shown = month ?? siteMonth(at, zone);
      const first = `${shown}-01`;
      const last = addDays(`${addDays(`${shown}-28`, 7).slice(0, 7)}-01`, -1);
      const [settings, rows, recent] = await Promise.all([
        settingsOf('attendance'),
        repo.checksBetween(memberId, first, last),
        repo.checksBetween(memberId, addDays(today, -1), today),
      ]);
      const todayRow = recent.find((r) => r.day === today);
      const yesterdayRow = recent.find((r) => r.day === addDays(today, -1));
      return {
        status: 'success' as const,
        days: rows.map((r) => r.day),
        streak: todayRow?.streak ?? yesterdayRow?.streak ?? 0,
        todayDone: todayRow !== undefined,
        rewards: [...settings.rewards].sort((a, b) => a.streak - b.streak),
        month: shown,
        today,
        enabled: settings.enabled,
        requireDeposit: settings.requireDeposit,
      };
    },

    /**
     * check-attendance: today's check (the site's day), once. The streak counts consecutive days;
     * the points are those of the reward with the highest streak not above it, paid from
     * `promo:attendance` under the key of the member and the day in the same transaction as the
     * check's row, so parallel checks pay once (the row's primary key decides, the key makes sure).
     */
    async checkAttendance(memberId: number) {
      const at = now();
      const today = siteDay(at, zone);
      const settings = await settingsOf('attendance');
      if ((await repo.streakOn(memberId, today)) > 0) return { status: 'already' as const };
      if (!settings.enabled) return { status: 'fail' as const };
      const profile = await stateOf(memberId);
      if (!(await mayReceive(memberId, profile?.state))) return { status: 'blocked' as const };
      // Flagged by the abuse review with the operator's setting on: the same answer as protection's.
      if ((await skippedAmong([memberId])).has(memberId)) return { status: 'blocked' as const };
      if (settings.requireDeposit) {
        const [deposited] = await cashier.approvedTotalsBetween({
          from: siteDayStart(today, zone),
          to: siteDayStart(addDays(today, 1), zone),
          memberIds: [memberId],
        });
        if (!deposited) return { status: 'fail' as const };
      }
      return db.transaction().execute(async (trx) => {
        const streak = (await repo.streakOn(memberId, addDays(today, -1), trx)) + 1;
        const points = rewardFor(settings.rewards, streak);
        if (!(await repo.insertCheck({ memberId, day: today, streak, points, at }, trx)))
          return { status: 'already' as const };
        if (points > 0) {
          const { transferId } = await ledger.transfer(
            {
              debit: { system: 'promo:attendance' },
              credit: { memberId, kind: 'comp' },
              amount: points,
              code: 'attendance',
              idempotencyKey: `attendance:${memberId}:${today}`,
              source: SOURCE,
              meta: { day: today, streak },
            },
            trx,
          );
          await repo.setCheckTransfer(memberId, today, transferId, trx);
        }
        return { status: 'success' as const, points, streak };
      });
    },

    /** The member detail's attendance: the streak, the last checked day, the last 30 days' checks and points. */
    async memberAttendance(userId: string) {
      const member = await members.detailByUserId(userId);
      if (!member) return { status: 'not_found' as const };
      const today = siteDay(now(), zone);
      const rows = await repo.checksBetween(member.id, addDays(today, -29), today);
      const last = rows.at(-1);
      const alive = last && (last.day === today || last.day === addDays(today, -1));
      return {
        status: 'success' as const,
        streak: alive ? last.streak : 0,
        lastDay: last?.day ?? null,
        days30: rows.length,
        points30: rows.reduce((sum, r) => sum + r.points, 0),
      };
    },

    // --- referral ---

    /**
     * Settles the referral rewards of one finished site day: each referee (a paid link) with stakes
     * that stood that day earns its recommender points from the stakes of each game kind at the
     * recommender's level rate for it, else the referral rate (`referralPoints`), from
     * `promo:referral`, once per referee and day (the row's primary key and the ledger key). A
     * recommender who may not receive rewards then is recorded as `withheld` (`protected`) and paid
     * nothing; a day settled while the promotion is off is recorded as `disabled` and never paid.
     * Before paying, each recommender due points is checked for bonus hunting (`referralDue`: linked
     * to a referee or to other reward takers makes a review entry), and one the abuse review
     * flagged is withheld (`flagged`, protection's `protected` first) when the operator's setting
     * skips flagged members.
     * Returns how many rewards it paid and their points.
     */
    async settleReferralDay(day: string): Promise<{ paid: number; points: number }> {
      if (day >= siteDay(now(), zone)) throw new RangeError(`day ${day} is not finished`);
      const settings = await settingsOf('referral');
      const [staked, settled] = await Promise.all([
        stakes.stakesByKind({ from: day, to: day }),
        repo.settledReferees(day),
      ]);
      const recommenders = await members.paidRecommenders(
        [...staked.keys()].filter((id) => !settled.has(id)),
      );
      const [profileRows, rates] = await Promise.all([
        members.rewardProfiles([...new Set(recommenders.values())]),
        deps.levelRates(),
      ]);
      const profiles = new Map(profileRows.map((p) => [p.id, p]));
      // Whether each recommender may receive rewards now, asked once per recommender.
      const allowedOf = new Map<number, Promise<boolean>>();
      const mayReceiveOnce = (id: number) => {
        if (!allowedOf.has(id)) allowedOf.set(id, mayReceive(id, profiles.get(id)?.state));
        return allowedOf.get(id)!;
      };
      const due: {
        refereeId: number;
        recommenderId: number;
        level: number;
        amount: number;
        points: number;
        rate: number;
      }[] = [];
      for (const [refereeId, recommenderId] of recommenders) {
        const level = profiles.get(recommenderId)?.level ?? 1;
        const {
          stakes: amount,
          points,
          rate,
        } = referralPoints(staked.get(refereeId) ?? new Map(), rates[level - 1], settings.rate);
        if (amount > 0) due.push({ refereeId, recommenderId, level, amount, points, rate });
      }
      // Bonus hunting and the abuse review's skip, once per recommender about to be paid, just
      // before its first payment of the run (so the rewards paid before it in this run count).
      const refereesOf = new Map<number, number[]>();
      for (const d of due) {
        if (d.points === 0) continue;
        const referees = refereesOf.get(d.recommenderId) ?? [];
        referees.push(d.refereeId);
        refereesOf.set(d.recommenderId, referees);
      }
      const skippedOf = new Map<number, Promise<boolean>>();
      const skippedOnce = (id: number) => {
        if (!fraud) return Promise.resolve(false);
        let answer = skippedOf.get(id);
        if (!answer) {
          answer = (async () => {
            await fraud.referralDue(id, refereesOf.get(id) ?? []);
            return (await fraud.skippedAmong([id])).has(id);
          })();
          skippedOf.set(id, answer);
        }
        return answer;
      };
      let paid = 0;
      let total = 0;
      for (const { refereeId, recommenderId, level, amount, points, rate } of due) {
        const withheld = !settings.enabled
          ? ('disabled' as const)
          : !(await mayReceiveOnce(recommenderId))
            ? ('protected' as const)
            : points !== 0 && (await skippedOnce(recommenderId))
              ? ('flagged' as const)
              : null;
        const moved = await db.transaction().execute(async (trx) => {
          const row = {
            refereeId,
            day,
            recommenderId,
            stakes: amount,
            rate,
            points,
            withheld,
            at: now(),
          };
          if (!(await repo.insertReferralPayout(row, trx))) return false;
          if (withheld !== null || points === 0) return false;
          const { transferId } = await ledger.transfer(
            {
              debit: { system: 'promo:referral' },
              credit: { memberId: recommenderId, kind: 'comp' },
              amount: points,
              code: 'referral',
              idempotencyKey: `referral:${refereeId}:${day}`,
              source: SOURCE,
              meta: { referee: refereeId, day, stakes: amount, rate, level },
            },
            trx,
          );
          await repo.setReferralTransfer(refereeId, day, transferId, trx);
          return true;
        });
        if (moved) {
          paid += 1;
          total += points;
        }
      }
      return { paid, points: total };
    },

    /** The referral job: settles each of the last finished days not settled yet (idempotent). */
    async settleReferrals(): Promise<{ paid: number; points: number }> {
      const today = siteDay(now(), zone);
      let paid = 0;
      let points = 0;
      for (let back = REFERRAL_CATCH_UP_DAYS; back >= 1; back -= 1) {
        const result = await service.settleReferralDay(addDays(today, -back));
        paid += result.paid;
        points += result.points;
      }
      return { paid, points };
    },

    /** get-referrals: the members this one recommended (one page), the points each earned them and the total. */
    async referrals(memberId: number, paging: { page: number; pageSize: number }) {
      const { rows, total: maxCount } = await members.referees(memberId, {
        offset: (paging.page - 1) * paging.pageSize,
        limit: paging.pageSize,
      });
      const [points, settings] = await Promise.all([
        repo.referralPoints(
          memberId,
          rows.map((r) => r.id),
        ),
        settingsOf('referral'),
      ]);
      return {
        status: 'success' as const,
        list: rows.map((r) => ({
          nick: r.nick,
          joined: r.created_at.toISOString(),
          points: points.byReferee.get(r.id) ?? 0,
        })),
        total: points.total,
        maxCount,
        rate: settings.rate,
        enabled: settings.enabled,
      };
    },

    // --- payback ---

    /** The Monday of last week (the site's calendar) as of now. */
    lastWeek(): string {
      return addDays(weekOf(siteDay(now(), zone)), -7);
    },

    /**
     * Settles the payback of a finished week (`week`: its Monday): each member with an approved
     * deposit that week whose net loss (deposits approved, less withdrawals asked and not
     * cancelled, less the cash balance at the week's end; at least 0) is positive and whose stakes
     * that week reached the deposits gets `min(floor(loss * percent / 100), cap)` points (the
     * member's level's percent) from `promo:payback`, once per member and week; a member with
     * nothing to pay is recorded with 0 points. Idempotent: a second run skips the settled members
     * and pays nothing. Turned off: nothing is settled.
     */
    async settlePaybackWeek(week: string): Promise<{ paid: number; points: number }> {
      if (weekOf(week) !== week) throw new RangeError(`${week} is not a Monday`);
      const from = siteDayStart(week, zone);
      const to = siteDayStart(addDays(week, 7), zone);
      if (now() < to) throw new RangeError(`week ${week} is not finished`);
      const settings = await settingsOf('payback');
      if (!settings.enabled) return { paid: 0, points: 0 };
      const settled = await repo.settledPaybacks(week);
      const totals = (await cashier.approvedTotalsBetween({ from, to })).filter(
        (t) => !settled.has(t.memberId),
      );
      const ids = totals.map((t) => t.memberId);
      const [staked, profileRows] = await Promise.all([
        stakes.stakesBetween({ from: week, to: addDays(week, 6), memberIds: ids }),
        members.rewardProfiles(ids),
      ]);
      const profiles = new Map(profileRows.map((p) => [p.id, p]));
      // Members the abuse review flagged are withheld (`flagged`) when the operator's setting says so.
      const skipped = await skippedAmong(ids);
      let paid = 0;
      let total = 0;
      for (const t of totals) {
        const profile = profiles.get(t.memberId);
        if (!profile) continue;
        const figures = {
          deposits: t.deposits,
          withdrawals: t.withdrawals,
          balanceEnd: await ledger.memberBalanceAt(t.memberId, 'cash', to),
          stakes: staked.get(t.memberId) ?? 0,
        };
        const percent = settings.percentByLevel[String(profile.level) as '1'] ?? 0;
        const { loss, points } = paybackOf(figures, percent, settings.cap);
        // Nothing to pay is recorded too (points 0), so the next runs skip the member.
        // Protection first: a member both protected and flagged is recorded `protected`.
        const withheld =
          points === 0
            ? null
            : !(await mayReceive(t.memberId, profile.state))
              ? ('protected' as const)
              : skipped.has(t.memberId)
                ? ('flagged' as const)
                : null;
        const allowed = withheld === null;
        const moved = await db.transaction().execute(async (trx) => {
          const inserted = await repo.insertPayback(
            {
              member_id: t.memberId,
              week,
              level: profile.level,
              deposits: figures.deposits,
              withdrawals: figures.withdrawals,
              balance_end: figures.balanceEnd,
              stakes: figures.stakes,
              loss,
              percent,
              points,
              withheld,
              created_at: now(),
            },
            trx,
          );
          if (!inserted || !allowed || points === 0) return false;
          const { transferId } = await ledger.transfer(
            {
              debit: { system: 'promo:payback' },
              credit: { memberId: t.memberId, kind: 'comp' },
              amount: points,
              code: 'payback',
              idempotencyKey: `payback:${t.memberId}:${week}`,
              source: SOURCE,
              meta: { week, loss, percent },
            },
            trx,
          );
          await repo.setPaybackTransfer(t.memberId, week, transferId, trx);
          return true;
        });
        if (moved) {
          paid += 1;
          total += points;
        }
      }
      return { paid, points: total };
    },

    /** The payback job: settles last week (idempotent; runs any day, so a missed Monday is caught up). */
    settlePayback(): Promise<{ paid: number; points: number }> {
      return service.settlePaybackWeek(service.lastWeek());
    },

    /**
     * get-payback: last week's payback, as paid (`paidAt`), or as the formula has it now when it
     * was not paid (`paidAt` null; `points` 0 when it will not be paid).
     */
    async payback(memberId: number) {
      const week = service.lastWeek();
      const [settings, row] = await Promise.all([settingsOf('payback'), repo.payback(memberId, week)]);
      if (row) {
        return {
          status: 'success' as const,
          lastWeek: {
            loss: row.loss,
            percent: row.percent,
            points: row.transfer_id === null ? 0 : row.points,
            paidAt: row.transfer_id === null ? null : row.created_at.toISOString(),
            week,
          },
          enabled: settings.enabled,
        };
      }
      const profile = await stateOf(memberId);
      const percent = settings.percentByLevel[String(profile?.level ?? 1) as '1'] ?? 0;
      const { loss, points } = paybackOf(await paybackFigures(memberId, week), percent, settings.cap);
      return {
        status: 'success' as const,
        lastWeek: { loss, percent, points: settings.enabled ? points : 0, paidAt: null, week },
        enabled: settings.enabled,
      };
    },

    /** The flagged referral links (the operator's list) and the counts of links and flagged ones. */
    async flaggedReferrals(paging: { page: number; pageSize: number }) {
      const { rows, flagged } = await members.flaggedReferrals({
        offset: (paging.page - 1) * paging.pageSize,
        limit: paging.pageSize,
      });
      return {
        status: 'success' as const,
        list: rows.map((r) => ({
          userId: r.user_id,
          nick: r.nick,
          recommender: r.recommender,
          flag: r.referral_flag!,
          joined: r.created_at.toISOString(),
        })),
        maxCount: flagged,
      };
    },

    /** How many referral links there are and how many are flagged. */
    async referralLinkCounts(): Promise<{ links: number; flagged: number }> {
      const { links, flagged } = await members.flaggedReferrals({ offset: 0, limit: 1 });
      return { links, flagged };
    },
  };
  return service;
}

export type RewardsService = ReturnType<typeof createRewardsService>;
