import { MEMBER_LEVEL_MAX, MEMBER_LEVEL_MIN } from '@casino/contracts/backoffice-members';
import type { TBonusFigures, TDepositEvent, TDepositEventCreate } from '@casino/contracts/backoffice-levels';
import {
  eventOptionId,
  type TBonusOption,
  type TGetMyLevelResponse,
  type TLevelBenefits,
  type TLevelSettings,
} from '@casino/contracts/levels';
import { siteDay, siteDayStart } from '@casino/contracts/site-time';
import type { Database } from '../../db/database.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { FraudService } from '../fraud/fraud.service.ts';
import { isLedgerError, type LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { LimitsService } from '../protection/limits.service.ts';
import { levelReached } from '../settings/level-settings.ts';
import type { SettingsService } from '../settings/settings.service.ts';
import { createCashierRepository } from './cashier.repository.ts';
import {
  createDepositBonusRepository,
  type BonusFiguresRow,
  type BonusRow,
  type EventRow,
} from './deposit-bonus.repository.ts';

/** The ledger's promotions account the deposit bonus is paid from and given back to (docs/ledger.md). */
export const DEPOSIT_BONUS_ACCOUNT = 'promo:deposit_bonus';

/**
 * What the bonus and the levels ask of the games' wallet, which comes later in the module order:
 * a member's stakes that stand (`createServices` passes the games' stake totals in).
 */
export interface BonusStakes {
  stakesSince(memberId: number, since: Date, trx?: Database): Promise<number>;
  totalStakes(memberId: number, trx?: Database): Promise<number>;
  playedSince(day: string, trx?: Database): Promise<number[]>;
}

/** What the bonus asks of player protection: the member's break in force, if any. */
export interface BonusBreaks {
  activeBreak(memberId: number, trx?: Database): Promise<{ until: Date | null } | null>;
}

export interface DepositBonusDeps {
  db: Database;
  ledger: Pick<LedgerService, 'transfer' | 'accountBalance'>;
  audit: Pick<AuditService, 'record'>;
  settings: Pick<
    SettingsService,
    | 'levelSettings'
    | 'depositBonusEnabled'
    | 'setDepositBonusEnabled'
    | 'memberLevelNames'
    | 'compRates'
    | 'cashier'
  >;
  members: Pick<MembersService, 'memberLevel' | 'raiseMemberLevel'>;
  stakes: BonusStakes;
  breaks: BonusBreaks;
  /**
   * Player protection's deposit limits: an option is offered only as far as the member's limit
   * leaves room for the deposit and its bonus together (docs/protection.md "Promotions and
   * protection"). Without it (unit wiring) no limit is read.
   */
  limits?: Pick<LimitsService, 'depositRemaining'>;
  /**
   * Abuse review (docs/api/backoffice-fraud.md): a flagged member gets no bonus when the operator
   * says so, and a first-deposit bonus of a member linked to another who took one (or a referral
   * reward) is flagged before it pays (bonus hunting).
   */
  fraud?: Pick<FraudService, 'skipsPromotions' | 'bonusTaken'> | undefined;
  zone: string;
  now: () => Date;
}

/** The bonus of a deposit: `min(floor(amount * percent / 100), cap)` (docs/api/levels.md). */
export function bonusOf(amount: number, terms: { percent: number; cap: number }): number {
  return Math.min(Math.floor((amount * terms.percent) / 100), terms.cap);
}

/**
 * The largest deposit that, with the bonus `terms` give it, stays within `room` won of the
 * member's deposit limits (`amount + bonusOf(amount) <= room`); 0 when none does. The sum grows
 * with the amount, so a binary search over 0..room finds it exactly.
 */
export function maxDepositWith(room: number, terms: { percent: number; cap: number }): number {
  let lo = 0;
  let hi = Math.max(0, room);
  while (lo < hi) {
    const mid = lo + Math.ceil((hi - lo) / 2);
    if (mid + bonusOf(mid, terms) <= room) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The rollover requirement of a paid bonus: `(amount + bonus) * rollover`, at most the storable maximum. */
export function requirementOf(amount: number, bonus: number, rollover: number): number {
  return Math.min((amount + bonus) * rollover, Number.MAX_SAFE_INTEGER);
}

function figuresOf(row: BonusFiguresRow | undefined): TBonusFigures {
  const n = (v: number | string | undefined) => Number(v ?? 0);
  return {
    paid: { count: n(row?.paid_count), amount: n(row?.paid_amount) },
    rolledOver: { count: n(row?.met_count), amount: n(row?.met_amount) },
    givenUp: { count: n(row?.cancelled_count), amount: n(row?.cancelled_amount), returned: n(row?.returned) },
    active: { count: n(row?.active_count), amount: n(row?.active_amount) },
  };
}

function eventState(e: EventRow, at: Date): TDepositEvent['state'] {
  if (e.ended_at !== null || e.ends_at <= at) return 'over';
  if (!e.enabled) return 'off';
  return e.starts_at > at ? 'scheduled' : 'running';
}

/** An option the member may choose, with what the bonus row keeps of it. */
interface Offered {
  option: TBonusOption;
  eventId: number | null;
}

/**
 * The levels' deposit bonus (첫충, 매충), deposit events and the rollover (docs/api/levels.md,
 * docs/cashier.md "Deposit bonus and rollover"), and the levels' automatic promotion. The bonus is
 * chosen with a deposit request (a `pending` row written with it), paid on approval with the
 * deposit as one ledger transfer from `promo:deposit_bonus` (keyed by the bonus row, so it is paid
 * once), refused to a member on a break, self-excluded or blocked. Its rollover counts the
 * member's stakes that stand since it was paid; `cancel-bonus` gives it up.
 */
export function createDepositBonus(deps: DepositBonusDeps) {
  const { db, ledger, audit, settings, members, stakes, breaks, limits, fraud, zone, now } = deps;
  const repo = createDepositBonusRepository(db);
  const cashierRepo = createCashierRepository(db);

  /** What the member's deposit limits still allow (money in: deposits and their bonuses), or null. */
  function depositRoom(memberId: number, trx: Database = db): Promise<number | null> {
    if (!limits) return Promise.resolve(null);
    return limits.depositRemaining(
      memberId,
      (starts, t) => cashierRepo.depositsSince(memberId, starts, t),
      trx,
    );
  }

  /** The start of the site's day of `at`. */
  const dayStart = (at: Date) => siteDayStart(siteDay(at, zone), zone);

  /** Whether the member may be given a bonus now: active and on no break. */
  async function mayReceive(memberId: number, trx?: Database): Promise<boolean> {
    const member = await members.memberLevel(memberId, trx);
    if (!member || member.state !== 'active') return false;
    if (fraud && (await fraud.skipsPromotions(memberId, trx))) return false;
    return (await breaks.activeBreak(memberId, trx)) === null;
  }

  /** What the member is offered now (nothing while a bonus is in play or on a break). */
  async function offered(
    memberId: number,
    trx?: Database,
  ): Promise<{ offers: Offered[]; first: boolean; level: number }> {
    const at = now();
    const member = await members.memberLevel(memberId, trx);
    const level = member?.level ?? MEMBER_LEVEL_MIN;
    const [levels, enabled, running, active, depositedToday, onBreak] = await Promise.all([
      settings.levelSettings(trx),
      settings.depositBonusEnabled(trx),
      repo.runningEvents(at, trx),
      repo.active(memberId, trx),
      repo.approvedDepositSince(memberId, dayStart(at), trx),
      breaks.activeBreak(memberId, trx),
    ]);
    const first = !depositedToday;
    if (!member || member.state !== 'active' || onBreak !== null || active)
      return { offers: [], first, level };
    // A member under abuse review, when the operator's setting says promotions skip them.
    if (fraud && (await fraud.skipsPromotions(memberId, trx))) return { offers: [], first, level };
    const offers: Offered[] = [];
    if (enabled) {
      for (const o of levels[level - MEMBER_LEVEL_MIN]?.depositBonus ?? []) {
        if (o.kind === 'first' && !first) continue;
        offers.push({
          option: { id: o.id, kind: o.kind, percent: o.percent, cap: o.cap, rollover: o.rollover },
          eventId: null,
        });
      }
    }
    for (const e of running) {
      if (!e.levels.map(Number).includes(level)) continue;
      offers.push({
        option: {
          id: eventOptionId(e.id),
          kind: 'event',
          percent: e.percent,
          cap: e.cap,
          rollover: e.rollover,
          name: e.name,
          until: e.ends_at.toISOString(),
        },
        eventId: e.id,
      });
    }
    return { offers, first, level };
  }

  /** The rollover of the member's bonus in play, ended `met` when its stakes reach it. */
  async function rolloverOf(memberId: number, trx?: Database) {
    const bonus = await repo.active(memberId, trx);
    if (!bonus || bonus.since === null) return null;
    const done = await stakes.stakesSince(memberId, bonus.since, trx);
    if (done >= bonus.required) {
      await db.transaction().execute(async (t) => {
        const locked = await repo.active(memberId, t, true);
        if (locked?.id === bonus.id) await repo.end(bonus.id, 'met', now(), t);
      });
      return null;
    }
    return { bonus, done };
  }

  function benefitsOf(
    level: number,
    name: string,
    s: TLevelSettings,
    siteRates: { casino: number; slot: number; sport: number },
  ): TLevelBenefits {
    return {
      level,
      name,
      compRates: {
        casino: s.compRates.casino ?? siteRates.casino,
        slot: s.compRates.slot ?? siteRates.slot,
        // The site's rates have no `mini` of their own: a mini-game without a level rate earns none.
        mini: s.compRates.mini ?? 0,
      },
      withdrawDailyLimit: s.withdrawDailyLimit,
      depositBonus: s.depositBonus.map((o) => ({
        id: o.id,
        kind: o.kind,
        percent: o.percent,
        cap: o.cap,
        rollover: o.rollover,
      })),
    };
  }

  const service = {
    /**
     * `get-deposit-bonus`: the options of the member's level and the running events. A member
     * with a deposit limit sees with each option `maxAmount`, the largest deposit the limit allows
     * together with that option's bonus, and `blocked` on an option the limit leaves no room for
     * (not even the minimum deposit with its bonus): shown, but not to be chosen.
     */
    async options(memberId: number) {
      const [{ offers, first }, room, cashier] = await Promise.all([
        offered(memberId),
        depositRoom(memberId),
        settings.cashier(),
      ]);
      const options = offers.map((o): TBonusOption => {
        if (room === null) return o.option;
        const most = Math.min(maxDepositWith(room, o.option), cashier.maxAmount);
        // A deposit is a whole number of the cashier's units.
        const maxAmount = most - (most % cashier.unit);
        return maxAmount < cashier.minDeposit
          ? { ...o.option, maxAmount, blocked: true }
          : { ...o.option, maxAmount };
      });
      return { status: 'success' as const, options, first };
    },

    /**
     * Inside `apply-user-deposit`'s transaction, before its limit check: the terms of the option
     * `bonusId` if it is offered now (null: not offered, the request answers `fail`).
     */
    async quote(
      memberId: number,
      bonusId: string,
      trx: Database,
    ): Promise<{ percent: number; cap: number } | null> {
      const { offers } = await offered(memberId, trx);
      const chosen = offers.find((o) => o.option.id === bonusId);
      return chosen ? { percent: chosen.option.percent, cap: chosen.option.cap } : null;
    },

    /**
     * Inside `apply-user-deposit`'s transaction, after its request row: the chosen option, kept
     * with the request (`fail` when it is not offered now; the caller rolls the request back).
     */
    async attach(memberId: number, depositId: number, bonusId: string, trx: Database): Promise<boolean> {
      const { offers, level } = await offered(memberId, trx);
      const chosen = offers.find((o) => o.option.id === bonusId);
      if (!chosen) return false;
      await repo.insertPending(
        {
          memberId,
          depositId,
          kind: chosen.option.kind,
          eventId: chosen.eventId,
          optionId: chosen.option.id,
          level,
          percent: chosen.option.percent,
          cap: chosen.option.cap,
          rollover: chosen.option.rollover,
        },
        trx,
      );
      return true;
    },

    /**
     * On a deposit's approval, inside its transaction (the deposit row is locked): pays the bonus
     * chosen with it as one transfer from `promo:deposit_bonus` keyed by the bonus row, and sets
     * its rollover; a member on a break, self-excluded or blocked, or with a bonus still in play,
     * gets none (`refused`). What was promised is paid even when the promotion was switched off
     * since. Returns what the approval's audit record keeps.
     */
    async onDepositApproved(
      deposit: { id: number; member_id: number; amount: number },
      operator: string,
      trx: Database,
    ): Promise<{ bonus: number; required: number; refused?: true } | null> {
      const row = await repo.lockByDeposit(deposit.id, trx);
      if (!row || row.state !== 'pending') return null;
      const at = now();
      const inPlay = await repo.active(deposit.member_id, trx, true);
      if (inPlay || !(await mayReceive(deposit.member_id, trx))) {
        await repo.end(row.id, 'refused', at, trx);
        return { bonus: 0, required: 0, refused: true };
      }
      const bonus = bonusOf(deposit.amount, row);
      if (bonus <= 0) {
        await repo.end(row.id, 'void', at, trx);
        return { bonus: 0, required: 0 };
      }
      // Bonus hunting (docs/api/backoffice-fraud.md): a first-deposit bonus of a member linked to
      // members paid one (or a referral reward) is flagged before it pays, and refused when the
      // operator's setting skips flagged members.
      if (
        row.kind === 'first' &&
        fraud &&
        (await fraud.bonusTaken(deposit.member_id, trx)) &&
        (await fraud.skipsPromotions(deposit.member_id, trx))
      ) {
        await repo.end(row.id, 'refused', at, trx);
        return { bonus: 0, required: 0, refused: true };
      }
      const required = requirementOf(deposit.amount, bonus, row.rollover);
      const paid = await ledger.transfer(
        {
          debit: { system: DEPOSIT_BONUS_ACCOUNT },
          credit: { memberId: deposit.member_id, kind: 'cash' },
          amount: bonus,
          code: 'deposit_bonus',
          idempotencyKey: `deposit-bonus:${row.id}`,
          source: 'cashier',
          meta: { requestId: deposit.id, bonusId: row.id, kind: row.kind, operator },
        },
        trx,
      );
      await repo.markPaid(
        row.id,
        { depositAmount: deposit.amount, bonus, required, transferId: paid.transferId, since: at },
        trx,
      );
      return { bonus, required };
    },

    /**
     * An operator voids the member's unpaid bonuses (abuse review, docs/api/backoffice-fraud.md):
     * each `pending` bonus ends `void`, so its deposit, when approved, pays none; audited with the
     * bonuses voided. Returns how many.
     */
    async voidPending(memberId: number, who: AuditActor): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const rows = await repo.lockPending(memberId, trx);
        if (rows.length === 0) return 0;
        const at = now();
        for (const row of rows) await repo.end(row.id, 'void', at, trx);
        await audit.record(
          who,
          {
            action: 'deposit_bonus.void',
            target: `member:${memberId}`,
            before: { pending: rows.map((r) => ({ id: r.id, depositId: r.deposit_id, kind: r.kind })) },
            after: { state: 'void' },
          },
          trx,
        );
        return rows.length;
      });
    },

    /** A rejected or cancelled deposit request: its bonus will never be paid. */
    async onDepositDropped(depositId: number, trx: Database): Promise<void> {
      const row = await repo.lockByDeposit(depositId, trx);
      if (row && row.state === 'pending') await repo.end(row.id, 'void', now(), trx);
    },

    /** `get-rollover`: the bonus in play's requirement and the stakes counted so far. */
    async rollover(memberId: number) {
      const r = await rolloverOf(memberId);
      if (!r) return { status: 'success' as const, required: 0, done: 0, since: null };
      const cash = await ledger.accountBalance({ memberId, kind: 'cash' });
      return {
        status: 'success' as const,
        required: r.bonus.required,
        done: r.done,
        since: r.bonus.since!.toISOString(),
        bonus: r.bonus.bonus,
        kind: r.bonus.kind,
        cancelAmount: Math.min(r.bonus.bonus, Math.max(0, cash)),
      };
    },

    /** The rollover for the back office's member detail (`null` when no bonus is in play). */
    async rolloverForMember(memberId: number): Promise<{ required: number; done: number } | null> {
      const r = await rolloverOf(memberId);
      return r ? { required: r.bonus.required, done: Math.min(r.done, r.bonus.required) } : null;
    },

    /** What `apply-user-withdraw` answers while a rollover is not met, else null. */
    async withdrawRefusal(memberId: number) {
      const r = await rolloverOf(memberId);
      return r ? { status: 'rolling' as const, required: r.bonus.required, done: r.done } : null;
    },

    /**
     * `cancel-bonus`: gives the bonus in play up. What goes back is the bonus, at most the cash
     * balance now, as one transfer to `promo:deposit_bonus` keyed by the bonus row; the requirement
     * ends. The row is locked first, so parallel cancels take it back once.
     */
    async cancel(memberId: number) {
      return db.transaction().execute(async (trx) => {
        const bonus = await repo.active(memberId, trx, true);
        if (!bonus) return { status: 'not_found' as const };
        const cash = await ledger.accountBalance({ memberId, kind: 'cash' }, trx);
        let returned = Math.min(bonus.bonus, Math.max(0, cash));
        if (returned > 0) {
          try {
            await ledger.transfer(
              {
                debit: { memberId, kind: 'cash' },
                credit: { system: DEPOSIT_BONUS_ACCOUNT },
                amount: returned,
                code: 'deposit_bonus_cancel',
                idempotencyKey: `deposit-bonus:${bonus.id}:cancel`,
                source: 'cashier',
                meta: { bonusId: bonus.id, requestId: bonus.deposit_id },
              },
              trx,
            );
          } catch (error) {
            // A bet took cash between the read and the transfer: the bonus goes without it.
            if (!isLedgerError(error, 'balance')) throw error;
            returned = 0;
          }
        }
        await repo.end(bonus.id, 'cancelled', now(), trx, returned);
        return { status: 'success' as const, returned };
      });
    },

    // --- levels ---

    /**
     * Raises the member's level to the highest whose threshold their totals reach (never lowers
     * it); inside the caller's transaction when given. Returns the levels before and after when
     * raised. Idempotent: a second run finds nothing to raise.
     */
    async promote(memberId: number, trx?: Database): Promise<{ before: number; after: number } | null> {
      const run = async (t: Database) => {
        const [levels, deposits, staked] = await Promise.all([
          settings.levelSettings(t),
          repo.approvedDeposits(memberId, t),
          stakes.totalStakes(memberId, t),
        ]);
        const target = levelReached(levels, { stakes: staked, deposits });
        if (target <= MEMBER_LEVEL_MIN) return null;
        const member = await members.memberLevel(memberId, t);
        if (!member || member.level >= target) return null;
        const before = await members.raiseMemberLevel(memberId, target, t);
        if (before === undefined) return null;
        await audit.record(
          { operatorId: null, actor: 'system', ip: null },
          {
            action: 'member.level_auto',
            target: `member:${member.user_id}`,
            before: { level: before },
            after: { level: target, stakes: staked, deposits },
          },
          t,
        );
        return { before, after: target };
      };
      return trx ? run(trx) : db.transaction().execute(run);
    },

    /**
     * The periodic promotion (a job, each run idempotent): every member who played or had a
     * deposit approved since the start of yesterday (site days) is raised as their totals allow.
     */
    async promoteRecent(at: Date = now()): Promise<number> {
      const levels = await settings.levelSettings();
      if (levels.every((l) => l.threshold.stakes === null && l.threshold.deposits === null)) return 0;
      const yesterday = siteDay(new Date(dayStart(at).getTime() - 1), zone);
      const [played, deposited] = await Promise.all([
        stakes.playedSince(yesterday),
        repo.depositedSince(siteDayStart(yesterday, zone)),
      ]);
      let raised = 0;
      for (const memberId of new Set([...played, ...deposited]))
        if (await service.promote(memberId)) raised += 1;
      return raised;
    },

    /** `get-my-level`: the member's level and benefits, their totals and what the next level needs. */
    async myLevel(memberId: number): Promise<TGetMyLevelResponse> {
      const [member, levels, names, siteRates, deposits, staked] = await Promise.all([
        members.memberLevel(memberId),
        settings.levelSettings(),
        settings.memberLevelNames(),
        settings.compRates(),
        repo.approvedDeposits(memberId),
        stakes.totalStakes(memberId),
      ]);
      const level = member?.level ?? MEMBER_LEVEL_MIN;
      const benefits = (l: number) => benefitsOf(l, names[l - 1]!, levels[l - 1]!, siteRates);
      let next: TGetMyLevelResponse['next'] = null;
      for (let l = level + 1; l <= MEMBER_LEVEL_MAX; l += 1) {
        const t = levels[l - 1]!.threshold;
        if (t.stakes !== null || t.deposits !== null) {
          next = { ...benefits(l), threshold: { ...t } };
          break;
        }
      }
      return {
        status: 'success',
        current: benefits(level),
        totals: { stakes: staked, deposits },
        next,
      };
    },

    // --- back office ---

    /** The deposit bonus switch and the figures of the levels' bonuses, in all and per level. */
    async levelBonusFigures() {
      const [enabled, figures] = await Promise.all([settings.depositBonusEnabled(), repo.levelFigures()]);
      return {
        status: 'success' as const,
        enabled,
        figures: figuresOf(figures.all),
        byLevel: figures.byLevel.map((r) => {
          const f = figuresOf(r);
          return {
            level: Number(r.level),
            paid: f.paid,
            givenUp: { count: f.givenUp.count, amount: f.givenUp.amount },
          };
        }),
      };
    },

    /** Switches the levels' deposit bonus (audited); requests already made keep their bonus. */
    async setEnabled(enabled: boolean, who: AuditActor) {
      await db.transaction().execute(async (trx) => {
        const { before, after } = await settings.setDepositBonusEnabled(enabled, trx);
        await audit.record(
          who,
          { action: 'promotion.deposit_bonus', target: 'promotion:deposit_bonus', before, after },
          trx,
        );
      });
      return service.levelBonusFigures();
    },

    /** Every deposit event, newest first, with its state now and its figures. */
    async events(): Promise<TDepositEvent[]> {
      const [rows, figures] = await Promise.all([repo.events(), repo.eventFigures()]);
      const at = now();
      return rows.map((e) => ({
        id: e.id,
        name: e.name,
        from: e.starts_at.toISOString(),
        to: e.ends_at.toISOString(),
        levels: e.levels.map(Number),
        percent: e.percent,
        cap: e.cap,
        rollover: e.rollover,
        enabled: e.enabled,
        endedAt: e.ended_at ? e.ended_at.toISOString() : null,
        state: eventState(e, at),
        figures: figuresOf(figures.get(e.id)),
        createdBy: e.created_by,
        regDate: e.created_at.toISOString(),
      }));
    },

    /** Schedules a deposit event (audited). */
    async createEvent(input: TDepositEventCreate, who: AuditActor): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const levels = [...new Set(input.levels)].sort((a, b) => a - b);
        const id = await repo.insertEvent(
          {
            name: input.name,
            from: new Date(input.from),
            to: new Date(input.to),
            levels,
            percent: input.percent,
            cap: input.cap,
            rollover: input.rollover,
            createdBy: who.actor,
            at: now(),
          },
          trx,
        );
        await audit.record(
          who,
          { action: 'promotion.event_create', target: `deposit-event:${id}`, after: { ...input, levels } },
          trx,
        );
        return id;
      });
    },

    /** Switches an event on or off (audited): off offers it no more; chosen bonuses are still paid. */
    async setEventEnabled(id: number, enabled: boolean, who: AuditActor): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        const e = await repo.lockEvent(id, trx);
        if (!e) return 'not_found';
        await repo.setEventEnabled(id, enabled, trx);
        await audit.record(
          who,
          {
            action: 'promotion.event_switch',
            target: `deposit-event:${id}`,
            before: { enabled: e.enabled },
            after: { enabled },
          },
          trx,
        );
        return 'success';
      });
    },

    /** Ends an event now (audited); `already` when it is over. */
    async endEvent(id: number, who: AuditActor): Promise<'success' | 'not_found' | 'already'> {
      return db.transaction().execute(async (trx) => {
        const e = await repo.lockEvent(id, trx);
        if (!e) return 'not_found';
        const at = now();
        if (e.ended_at !== null || e.ends_at <= at) return 'already';
        await repo.endEvent(id, at, trx);
        await audit.record(
          who,
          {
            action: 'promotion.event_end',
            target: `deposit-event:${id}`,
            after: { endedAt: at.toISOString() },
          },
          trx,
        );
        return 'success';
      });
    },

    /** The member's bonus rows (tests and the member detail). */
    bonusesOf(memberId: number): Promise<BonusRow[]> {
      return repo.bonusesOf(memberId);
    },

    /**
     * Inside `apply-user-withdraw`'s transaction: `remaining` when the level's daily withdrawal
     * limit refuses `amount` (the member's pending and approved withdrawals of the site's day
     * counted), else null.
     */
    async withdrawLimitRefusal(
      memberId: number,
      amount: number,
      trx: Database,
    ): Promise<{ remaining: number } | null> {
      const member = await members.memberLevel(memberId, trx);
      const levels = await settings.levelSettings(trx);
      const limit =
        levels[(member?.level ?? MEMBER_LEVEL_MIN) - MEMBER_LEVEL_MIN]?.withdrawDailyLimit ?? null;
      if (limit === null) return null;
      const used = await repo.withdrawnSince(memberId, dayStart(now()), trx);
      return used + amount > limit ? { remaining: Math.max(0, limit - used) } : null;
    },
  };
  return service;
}

export type DepositBonusService = ReturnType<typeof createDepositBonus>;
