import type {
  TPartnerCodeRequest,
  TPartnerCreateRequest,
  TPartnerPatchRequest,
  TPartnerRateName,
  TPartnersQuery,
  TPayoutsQuery,
} from '@casino/contracts/backoffice-partners';
import { PARTNER_RATE_NAMES } from '@casino/contracts/backoffice-partners';
import { addDays, siteDay, siteDayStart, siteMonth, siteMonthStart } from '@casino/contracts/site-time';
import type { Database } from '../../db/database.ts';
import type { OperatorRole } from '../../db/schema.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { SessionService } from '../auth/session.service.ts';
import type { WalletService } from '../games/wallet.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { MembersService } from '../members/members.service.ts';
import { commissionOf, ratesAtEpoch, type Commission, type Rates } from './commission.ts';
import { createPartnersRepository, type PartnerRow } from './partners.repository.ts';

/** The operator accounts a partner signs in with (the operators service of `modules/backoffice`). */
export interface PartnerAccounts {
  /** A new operator of role `partner` with this password hash; undefined when the id is taken. */
  insert(operatorId: string, passwordHash: string, trx: Database): Promise<number | undefined>;
  /** A disabled partner cannot sign in. */
  setActive(id: number, active: boolean, trx: Database): Promise<void>;
  /** Locks the partner's account row until the transaction ends (the first lock of the one order). */
  lock(id: number, trx: Database): Promise<void>;
}

export interface PartnersDeps {
  db: Database;
  audit: Pick<AuditService, 'record'>;
  ledger: Pick<LedgerService, 'transfer' | 'accountBalance'>;
  sessions: Pick<SessionService, 'revokeAllFor'>;
  members: Pick<MembersService, 'setPartner' | 'memberCountsByPartner' | 'createRegCode' | 'partnerCodes'>;
  wallet: Pick<WalletService, 'partnerStakes' | 'partnerPlayers'>;
  accounts: PartnerAccounts;
  now: () => Date;
  timeZone: string;
}

/** Who asks: the signed-in operator (its row id is its partner id when its role is `partner`). */
export interface PartnerViewer {
  id: number;
  operatorId: string;
  role: OperatorRole;
}

/** Where a partner's commission comes from (a house expense, like the promotions). */
export const COMMISSION_SOURCE = 'promo:partner_commission';
const partnerAccount = (p: PartnerRow) => ({ system: `partner:${p.operator_id}` });
const holdAccount = (p: PartnerRow) => ({ system: `partner_hold:${p.operator_id}` });
const LEDGER_SOURCE = 'partners';

const notFound = () => new AppError('not_found');
const ratesOf = (p: Pick<PartnerRow, 'casino' | 'slot' | 'mini' | 'losing'>): Rates => ({
  casino: p.casino,
  slot: p.slot,
  mini: p.mini,
  losing: p.losing,
});

/**
 * Partners (docs/api/backoffice-partners.md): the tree and its rates, codes,
 * members, commission, settlements, balance and payouts. Every read and change is scoped: a
 * partner sees and touches only its subtree, and anything outside answers 404 `not_found` (thrown
 * as an AppError, so no route discloses what exists).
 *
 * The one lock order (docs/api/backoffice-partners.md "Lock order"), every path alike, so that no two
 * transactions wait on each other in a cycle (a deadlock PostgreSQL answers with a 500):
 *   1. `operators` rows: the active owners (the Operators screen), then the partner's own account;
 *   2. `partners` rows of a path top-down (depth, then id; a settlement run walks the tree the same way);
 *   3. then everything else: payouts, members, ledger accounts (the ledger's own order).
 * A PATCH that may switch the account locks it before the path; the Operators screen's deactivation
 * locks the account and then the partner row (switchEnabled). So the rule "every rate at most the
 * parent's" holds under any concurrency and a partner's account is active exactly when it is enabled.
 */
export function createPartnersService(deps: PartnersDeps) {
  const { db, audit, ledger, sessions, members, wallet, accounts, now, timeZone } = deps;
  const repo = createPartnersRepository(db);

  /** The partner row a viewer of role `partner` is, or undefined for the house's own roles. */
  async function selfOf(viewer: PartnerViewer, trx?: Database): Promise<PartnerRow | undefined> {
    if (viewer.role !== 'partner') return undefined;
    const self = await repo.byId(viewer.id, trx);
    if (!self) throw notFound();
    return self;
  }

  /** Whether `target` is in the viewer's subtree (the partner itself included). */
  function within(self: PartnerRow | undefined, target: PartnerRow): boolean {
    return self === undefined || target.path.includes(self.id);
  }

  /** The partner named `partnerId` as the viewer may see it, else 404. */
  async function visible(viewer: PartnerViewer, partnerId: string, trx?: Database): Promise<PartnerRow> {
    const target = await repo.byOperatorId(partnerId, trx);
    if (!target) throw notFound();
    if (!within(await selfOf(viewer, trx), target)) throw notFound();
    return target;
  }

  /** The first rate of `rates` above `limit`'s, for the 400 `rates.<name>` `max`. */
  function above(rates: Rates, limit: Rates): TPartnerRateName | undefined {
    return PARTNER_RATE_NAMES.find((name) => rates[name] > limit[name]);
  }

  async function compute(partner: PartnerRow, from: string, to: string, trx?: Database) {
    const tree = await repo.subtree(partner.id, trx);
    const paths = new Map(tree.map((p) => [p.id, p.path]));
    const ids = tree.map((p) => p.id);
    const [groups, history, players] = await Promise.all([
      wallet.partnerStakes({ from, to, partnerIds: ids }, trx),
      repo.rateHistory(ids, trx),
      wallet.partnerPlayers({ from, to, partnerIds: ids }, trx),
    ]);
    const ratesAt = ratesAtEpoch(
      history.map((h) => ({ partnerId: h.partner_id, epoch: h.epoch, rates: ratesOf(h) })),
    );
    return { groups, paths, ratesAt, players };
  }

  function commission(partner: PartnerRow, c: Awaited<ReturnType<typeof compute>>, day?: string): Commission {
    const groups = day === undefined ? c.groups : c.groups.filter((g) => g.day === day);
    return commissionOf(partner, groups, (id) => c.paths.get(id), c.ratesAt);
  }

  /**
   * What rollbacks after settled days change in the partner's earlier settlements (migration
   * 0027): each settlement a late rollback of its subtree touched, recomputed from the day rows as
   * they are now, against what it counted so far. `adjustment` is the sum of the differences (a
   * rollback lowers commission, so it is at most 0 in practice).
   */
  async function lateCorrections(partner: PartnerRow, trx?: Database) {
    const late = await repo.lateOnSettledDays(partner.id, trx);
    const touched = await repo.settlementsByIds([...new Set(late.map((l) => l.settlementId))], trx);
    const corrections: { settlementId: number; from: string; to: string; before: number; after: number }[] =
      [];
    let adjustment = 0;
    for (const s of touched) {
      const after = commission(partner, await compute(partner, s.from_day, s.to_day, trx)).total;
      if (after === s.counted) continue;
      adjustment += after - s.counted;
      corrections.push({ settlementId: s.id, from: s.from_day, to: s.to_day, before: s.counted, after });
    }
    return { adjustment, corrections, lateIds: late.map((l) => l.lateId) };
  }

  /** The deduction carried out of the partner's latest settlement (0 when none). */
  async function carriedOf(partnerId: number, trx?: Database): Promise<number> {
    return (await repo.latestSettlement(partnerId, trx))?.carried_out ?? 0;
  }

  async function viewOf(rows: PartnerRow[], all: PartnerRow[]) {
    const counts = await members.memberCountsByPartner(all.map((p) => p.id));
    const byId = new Map(all.map((p) => [p.id, p]));
    return rows.map((p) => {
      let count = 0;
      for (const q of all) if (q.path.includes(p.id)) count += counts.get(q.id) ?? 0;
      const parent = p.parent_id === null ? undefined : byId.get(p.parent_id);
      return {
        partnerId: p.operator_id,
        name: p.name,
        parentId: parent ? parent.operator_id : null,
        depth: p.depth,
        rates: ratesOf(p),
        members: count,
        enabled: p.enabled,
        regDate: p.created_at.toISOString(),
      };
    });
  }

  /**
   * Each row's subtree figures today and this month (the tree view's `figures=true`): the day rows
   * of the month and the approved cash of every partner of `all` read once, then summed up each
   * row's subtree (`all` holds every partner the viewer sees, so every subtree is in it).
   */
  async function treeFigures(rows: PartnerRow[], all: PartnerRow[]) {
    const at = now();
    const today = siteDay(at, timeZone);
    const month = siteMonth(at, timeZone);
    const since = { day: siteDayStart(today, timeZone), month: siteMonthStart(month, timeZone) };
    const ids = all.map((p) => p.id);
    const [groups, cash] = await Promise.all([
      wallet.partnerStakes({ from: `${month}-01`, to: today, partnerIds: ids }),
      repo.cashByPartner(ids, since),
    ]);
    type Figures = { deposits: number; withdrawals: number; stakes: number; wins: number };
    const zero = (): Figures => ({ deposits: 0, withdrawals: 0, stakes: 0, wins: 0 });
    const own = new Map<number, { day: Figures; month: Figures }>();
    const ownOf = (id: number) => {
      let entry = own.get(id);
      if (!entry) own.set(id, (entry = { day: zero(), month: zero() }));
      return entry;
    };
    for (const g of groups) {
      const entry = ownOf(g.partnerId);
      entry.month.stakes += g.stakes;
      entry.month.wins += g.wins;
      if (g.day === today) {
        entry.day.stakes += g.stakes;
        entry.day.wins += g.wins;
      }
    }
    for (const [id, c] of cash) {
      const entry = ownOf(id);
      entry.day.deposits += c.day.deposits;
      entry.day.withdrawals += c.day.withdrawals;
      entry.month.deposits += c.month.deposits;
      entry.month.withdrawals += c.month.withdrawals;
    }
    const figuresOf = (row: PartnerRow) => {
      const day = zero();
      const monthSum = zero();
      for (const q of all) {
        if (!q.path.includes(row.id)) continue;
        const entry = own.get(q.id);
        if (!entry) continue;
        for (const k of ['deposits', 'withdrawals', 'stakes', 'wins'] as const) {
          day[k] += entry.day[k];
          monthSum[k] += entry.month[k];
        }
      }
      return {
        today: { from: since.day.toISOString(), ...day, ggr: day.stakes - day.wins },
        month: { from: since.month.toISOString(), ...monthSum, ggr: monthSum.stakes - monthSum.wins },
      };
    };
    return new Map(rows.map((row) => [row.id, figuresOf(row)]));
  }

  return {
    // --- scope, for the member list and profile of modules/backoffice ---

    /**
     * The partners whose members a viewer may list: undefined for all (the house's roles without a
     * filter), else the ids. `partnerId` filters (its own members, or with `deep` its subtree's);
     * one outside the viewer's subtree answers 404.
     */
    async memberScope(
      viewer: PartnerViewer,
      filter: { partnerId?: string | undefined; deep?: boolean | undefined },
    ): Promise<number[] | undefined> {
      const self = await selfOf(viewer);
      const target = filter.partnerId !== undefined ? await visible(viewer, filter.partnerId) : self;
      if (!target) return undefined;
      if (filter.partnerId !== undefined && !filter.deep) return [target.id];
      return (await repo.subtree(target.id)).map((p) => p.id);
    },

    /** Whether the viewer may see a member of this partner (null: directly under the house). */
    async seesMemberOf(viewer: PartnerViewer, partnerId: number | null): Promise<boolean> {
      const self = await selfOf(viewer);
      if (!self) return true;
      if (partnerId === null) return false;
      const target = await repo.byId(partnerId);
      return target !== undefined && within(self, target);
    },

    /** Whether `partnerId` names a partner (inside the caller's transaction when it passes one). */
    async exists(partnerId: string, trx?: Database): Promise<boolean> {
      return (await repo.byOperatorId(partnerId, trx)) !== undefined;
    },

    /** The partner ids (operator ids) of partner row ids, in one read. */
    async partnerIdsOf(ids: readonly (number | null)[]): Promise<Map<number, string>> {
      const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
      return new Map((await repo.byIds(wanted)).map((p) => [p.id, p.operator_id]));
    },

    /** Moves a member to a partner, or directly under the house (owner; audited). */
    async moveMember(userId: string, partnerId: string | null, who: AuditActor) {
      return db.transaction().execute(async (trx) => {
        const target = partnerId === null ? null : await repo.byOperatorId(partnerId, trx);
        if (target === undefined) throw notFound();
        const moved = await members.setPartner(userId, target?.id ?? null, trx);
        if (!moved) throw notFound();
        const before =
          moved.before === null ? null : ((await repo.byId(moved.before, trx))?.operator_id ?? null);
        await audit.record(
          who,
          {
            action: 'member.partner',
            target: `member:${userId}`,
            before: { partnerId: before },
            after: { partnerId: target?.operator_id ?? null },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    // --- the tree ---

    async list(viewer: PartnerViewer, query: TPartnersQuery) {
      const self = await selfOf(viewer);
      const all = await repo.subtree(self?.id ?? null);
      let rows = all;
      const parentId = query.parentId;
      if (parentId !== undefined) {
        if (parentId === '') rows = self ? [] : all.filter((p) => p.parent_id === null);
        else {
          const parent = all.find((p) => p.operator_id === parentId.toLowerCase());
          if (!parent) throw notFound();
          rows = all.filter((p) => p.parent_id === parent.id);
        }
      }
      const page = rows.slice((query.page - 1) * query.pageSize, query.page * query.pageSize);
      const list = await viewOf(page, all);
      if (query.figures !== 'true') return { status: 'success' as const, list, maxCount: rows.length };
      const figures = await treeFigures(page, all);
      return {
        status: 'success' as const,
        list: list.map((row, i) => ({ ...row, figures: figures.get(page[i]!.id)! })),
        maxCount: rows.length,
      };
    },

    /**
     * A new partner under `parentId` (the viewer itself when a partner names none): its operator
     * account, its row and its rates, at most the parent's, checked under the parent's path lock.
     */
    async create(viewer: PartnerViewer, body: TPartnerCreateRequest, who: AuditActor) {
      const self = await selfOf(viewer);
      const parentName = body.parentId ?? (self ? self.operator_id : null);
      // Hashed before any lock is taken: the path's locks last no longer than the writes.
      const passwordHash = await hashPassword(body.password);
      return db.transaction().execute(async (trx) => {
        let parent: PartnerRow | undefined;
        if (parentName !== null) {
          const found = await repo.byOperatorId(parentName, trx);
          if (!found || !within(self, found)) throw notFound();
          const locked = await repo.lockRows(found.path, trx);
          parent = locked.find((p) => p.id === found.id);
          if (!parent) throw notFound();
          const over = above(body.rates, ratesOf(parent));
          if (over) throw invalid(`rates.${over}`, 'max');
        }
        const id = await accounts.insert(body.partnerId.toLowerCase(), passwordHash, trx);
        if (id === undefined) return { status: 'already' as const };
        const at = now();
        const path = [...(parent?.path ?? []), id];
        await repo.insert(
          { id, parentId: parent?.id ?? null, name: body.name, path, rates: body.rates, at },
          trx,
        );
        await repo.recordRates(id, await repo.epoch(trx), body.rates, at, trx);
        await audit.record(
          who,
          {
            action: 'partner.create',
            target: `partner:${body.partnerId.toLowerCase()}`,
            after: { name: body.name, parentId: parent?.operator_id ?? null, rates: body.rates },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /**
     * Changes a partner (the owner, or an ancestor: never the partner itself). New rates are checked
     * against the parent's and the children's under the path's locks, and count from a new epoch.
     */
    async patch(viewer: PartnerViewer, partnerId: string, body: TPartnerPatchRequest, who: AuditActor) {
      const self = await selfOf(viewer);
      return db.transaction().execute(async (trx) => {
        const found = await repo.byOperatorId(partnerId, trx);
        if (!found || !within(self, found) || found.id === self?.id) throw notFound();
        // The account first, then the path (the one lock order, above): the Operators screen
        // deactivating this partner at the same moment holds the account and waits for the row.
        await accounts.lock(found.id, trx);
        const locked = await repo.lockRows(found.path, trx);
        const target = locked.find((p) => p.id === found.id)!;
        const parent = target.parent_id === null ? undefined : locked.find((p) => p.id === target.parent_id);
        const before = { name: target.name, rates: ratesOf(target), enabled: target.enabled };
        const rates = { ...before.rates, ...body.rates };
        const ratesChanged = PARTNER_RATE_NAMES.some((n) => rates[n] !== before.rates[n]);
        if (ratesChanged) {
          const overParent = parent && above(rates, ratesOf(parent));
          if (overParent) throw invalid(`rates.${overParent}`, 'max');
          for (const child of await repo.children(target.id, trx)) {
            const overChild = above(ratesOf(child), rates);
            if (overChild) throw invalid(`rates.${overChild}`, 'max');
          }
        }
        const at = now();
        await repo.update(
          target.id,
          {
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
            ...(ratesChanged ? rates : {}),
          },
          trx,
        );
        if (ratesChanged) await repo.recordRates(target.id, await repo.nextEpoch(trx), rates, at, trx);
        if (body.enabled !== undefined && body.enabled !== target.enabled) {
          await accounts.setActive(target.id, body.enabled, trx);
          if (!body.enabled) await sessions.revokeAllFor('operator', target.id, {}, trx);
        }
        const after = { name: body.name ?? before.name, rates, enabled: body.enabled ?? before.enabled };
        await audit.record(
          who,
          { action: 'partner.update', target: `partner:${target.operator_id}`, before, after },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    /**
     * The partner's `enabled` follows its operator account when the Operators screen deactivates
     * or reactivates it (the account itself and its sessions are the operators service's), in the
     * caller's transaction; audited as a partner change.
     */
    async switchEnabled(id: number, enabled: boolean, who: AuditActor, trx: Database) {
      const [target] = await repo.lockRows([id], trx);
      if (!target || target.enabled === enabled) return;
      await repo.update(target.id, { enabled }, trx);
      await audit.record(
        who,
        {
          action: 'partner.update',
          target: `partner:${target.operator_id}`,
          before: { enabled: target.enabled },
          after: { enabled },
        },
        trx,
      );
    },

    // --- codes ---

    async codes(viewer: PartnerViewer, partnerId: string) {
      const partner = await visible(viewer, partnerId);
      const list = await members.partnerCodes(partner.id);
      return {
        status: 'success' as const,
        list: list.map((c) => ({
          code: c.code,
          domain: c.domain,
          enabled: c.enabled,
          members: c.members,
          regDate: c.regDate,
        })),
      };
    },

    async addCode(viewer: PartnerViewer, partnerId: string, body: TPartnerCodeRequest, who: AuditActor) {
      const partner = await visible(viewer, partnerId);
      return db.transaction().execute(async (trx) => {
        const created = await members.createRegCode(
          {
            code: body.code,
            domain: body.domain ?? '',
            memo: `partner:${partner.operator_id}`,
            enabled: true,
            partnerId: partner.id,
          },
          trx,
        );
        if (created.status !== 'success') return { status: 'already' as const };
        await audit.record(
          who,
          {
            action: 'partner.code',
            target: `partner:${partner.operator_id}`,
            after: { code: body.code, domain: body.domain ?? '' },
          },
          trx,
        );
        return { status: 'success' as const };
      });
    },

    // --- figures and settlements ---

    /** The formula's figures of a period (docs/api/backoffice-partners.md), whether it is settled, the deduction carried. */
    async settlement(viewer: PartnerViewer, partnerId: string, period: { from: string; to: string }) {
      const partner = await visible(viewer, partnerId);
      const c = await compute(partner, period.from, period.to);
      const figures = commission(partner, c);
      const settled = await repo.settledDays(partner.id, period.from, period.to);
      const days = dayList(period.from, period.to);
      return {
        status: 'success' as const,
        partnerId: partner.operator_id,
        from: period.from,
        to: period.to,
        ...figures,
        members: c.players,
        settled: settled.length === days.length,
        carried: await carriedOf(partner.id),
        adjustment: (await lateCorrections(partner)).adjustment,
      };
    },

    /** Each day's figures of a period. */
    async days(viewer: PartnerViewer, partnerId: string, period: { from: string; to: string }) {
      const partner = await visible(viewer, partnerId);
      const c = await compute(partner, period.from, period.to);
      const settled = new Set(await repo.settledDays(partner.id, period.from, period.to));
      return {
        status: 'success' as const,
        list: dayList(period.from, period.to).map((day) => {
          const f = commission(partner, c, day);
          return {
            day,
            stakes: f.stakes.casino + f.stakes.slot + f.stakes.mini,
            wins: f.wins.casino + f.wins.slot + f.wins.mini,
            rolling: f.rolling.casino + f.rolling.slot + f.rolling.mini,
            losing: f.losing,
            total: f.total,
            settled: settled.has(day),
          };
        }),
      };
    },

    async settlements(viewer: PartnerViewer, partnerId: string, page: { page: number; pageSize: number }) {
      const partner = await visible(viewer, partnerId);
      const { rows, total } = await repo.settlements(partner.id, {
        offset: (page.page - 1) * page.pageSize,
        limit: page.pageSize,
      });
      return {
        status: 'success' as const,
        maxCount: total,
        list: rows.map((s) => ({
          id: s.id,
          partnerId: partner.operator_id,
          from: s.from_day,
          to: s.to_day,
          rolling: s.rolling,
          losing: s.losing,
          total: s.total,
          carriedIn: s.carried_in,
          adjustment: s.adjustment,
          paid: s.paid,
          carriedOut: s.carried_out,
          regDate: s.created_at.toISOString(),
        })),
      };
    },

    /**
     * Settles a period (owner), in the caller's transaction: `already` when a day of it is settled;
     * 400 `to` `max` when it reaches today. The total, plus the adjustment of rollbacks after days
     * settled before (lateCorrections), less the deduction carried in, is paid into the partner's
     * commission balance as one ledger transfer when positive, else carried out.
     */
    async settle(partnerId: string, period: { from: string; to: string }, who: AuditActor, trx: Database) {
      if (period.to >= siteDay(now(), timeZone)) throw invalid('to', 'max');
      const found = await repo.byOperatorId(partnerId, trx);
      if (!found) throw notFound();
      // One settlement of a partner at a time: its row is the lock.
      await repo.lockRows([found.id], trx);
      const days = dayList(period.from, period.to);
      if ((await repo.settledDays(found.id, period.from, period.to, trx)).length > 0)
        return { status: 'already' as const };
      const c = await compute(found, period.from, period.to, trx);
      const figures = commission(found, c);
      const carriedIn = await carriedOf(found.id, trx);
      // Rollbacks after days settled before: their settlements' difference is carried in here.
      const late = await lateCorrections(found, trx);
      for (const c of late.corrections) await repo.setCounted(c.settlementId, c.after, trx);
      const net = figures.total + late.adjustment - carriedIn;
      const paid = Math.max(0, net);
      const id = await repo.insertSettlement(
        {
          partner_id: found.id,
          from_day: period.from,
          to_day: period.to,
          rolling: figures.rolling.casino + figures.rolling.slot + figures.rolling.mini,
          losing: figures.losing,
          total: figures.total,
          carried_in: carriedIn,
          paid,
          carried_out: Math.max(0, -net),
          operator_id: who.operatorId ?? 0,
          created_at: now(),
          counted: figures.total,
          adjustment: late.adjustment,
        },
        days,
        trx,
      );
      await repo.markLateSeen(found.id, late.lateIds, id, trx);
      if (paid > 0) {
        const transfer = await ledger.transfer(
          {
            debit: { system: COMMISSION_SOURCE },
            credit: partnerAccount(found),
            amount: paid,
            code: 'partner_commission',
            idempotencyKey: `settlement:${id}`,
            source: LEDGER_SOURCE,
            meta: { partnerId: found.operator_id, from: period.from, to: period.to },
          },
          trx,
        );
        await repo.setSettlementTransfer(id, transfer.transferId, trx);
      }
      await audit.record(
        who,
        {
          action: 'partner.settle',
          target: `partner:${found.operator_id}`,
          after: {
            id,
            from: period.from,
            to: period.to,
            ...figures,
            carriedIn,
            adjustment: late.adjustment,
            ...(late.corrections.length > 0 ? { corrections: late.corrections } : {}),
            paid,
            carriedOut: Math.max(0, -net),
          },
        },
        trx,
      );
      return {
        status: 'success' as const,
        id,
        paid,
        total: figures.total,
        carried: carriedIn,
        adjustment: late.adjustment,
      };
    },

    /**
     * A settlement run (owner): every partner's period settled, top-down, in the caller's
     * transaction; partners with a day of it settled already are counted and left as they were.
     */
    async settleAll(period: { from: string; to: string }, who: AuditActor, trx: Database) {
      if (period.to >= siteDay(now(), timeZone)) throw invalid('to', 'max');
      let settled = 0;
      let paid = 0;
      let already = 0;
      for (const partner of await repo.subtree(null, trx)) {
        const answer = await this.settle(partner.operator_id, period, who, trx);
        if (answer.status === 'already') already += 1;
        else {
          settled += 1;
          paid += answer.paid;
        }
      }
      return { status: 'success' as const, settled, paid, already };
    },

    // --- balance and payouts ---

    async balance(viewer: PartnerViewer, partnerId: string) {
      const partner = await visible(viewer, partnerId);
      const [balance, held, carried] = await Promise.all([
        ledger.accountBalance(partnerAccount(partner)),
        ledger.accountBalance(holdAccount(partner)),
        carriedOf(partner.id),
      ]);
      return { status: 'success' as const, balance, held, carried };
    },

    /**
     * The partner asks a payout of its commission balance (only the partner itself), in the caller's
     * transaction: held (`partner_hold:<id>`) until an owner decides; one pending at a time.
     */
    async requestPayout(
      viewer: PartnerViewer,
      partnerId: string,
      amount: number,
      who: AuditActor,
      trx: Database,
    ) {
      const partner = await visible(viewer, partnerId, trx);
      if (viewer.role !== 'partner' || partner.id !== viewer.id) throw new AppError('denied');
      await repo.lockRows([partner.id], trx);
      if (await repo.pendingPayout(partner.id, trx)) return { status: 'wait' as const };
      const balance = await ledger.accountBalance(partnerAccount(partner), trx);
      if (amount > balance) return { status: 'balance' as const };
      const id = await repo.insertPayout({ partnerId: partner.id, amount, at: now() }, trx);
      const hold = await ledger.transfer(
        {
          debit: partnerAccount(partner),
          credit: holdAccount(partner),
          amount,
          code: 'partner_payout_hold',
          idempotencyKey: `payout-hold:${id}`,
          source: LEDGER_SOURCE,
          meta: { partnerId: partner.operator_id, payoutId: id },
        },
        trx,
      );
      await repo.setPayoutHold(id, hold.transferId, trx);
      await audit.record(
        who,
        {
          action: 'partner.payout.request',
          target: `partner_payout:${id}`,
          after: { partnerId: partner.operator_id, amount },
        },
        trx,
      );
      return { status: 'success' as const, id };
    },

    async payouts(viewer: PartnerViewer, query: TPayoutsQuery) {
      const self = await selfOf(viewer);
      let partnerIds: number[] | null = null;
      if (query.partnerId !== undefined) partnerIds = [(await visible(viewer, query.partnerId)).id];
      else if (self) partnerIds = (await repo.subtree(self.id)).map((p) => p.id);
      const { rows, total } = await repo.payouts(
        { partnerIds, state: query.state },
        { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
      );
      return {
        status: 'success' as const,
        maxCount: total,
        list: rows.map((p) => ({
          id: p.id,
          partnerId: p.operator_id,
          amount: p.amount,
          state: p.state,
          reason: p.reason,
          regDate: p.created_at.toISOString(),
          decidedDate: p.decided_at ? p.decided_at.toISOString() : null,
        })),
      };
    },

    /** Approves (paid out through the bank) or rejects (back to the balance) a held payout (owner). */
    async decidePayout(
      partnerId: string,
      id: number,
      action: 'approve' | 'reject',
      reason: string | null,
      who: AuditActor,
      trx: Database,
    ) {
      const partner = await repo.byOperatorId(partnerId, trx);
      if (!partner) throw notFound();
      const payout = await repo.lockPayout(id, trx);
      if (!payout || payout.partner_id !== partner.id) throw notFound();
      if (payout.state !== 'wait') return { status: 'already' as const };
      await ledger.transfer(
        {
          debit: holdAccount(partner),
          credit: action === 'approve' ? { system: 'bank_clearing' } : partnerAccount(partner),
          amount: payout.amount,
          code: action === 'approve' ? 'partner_payout' : 'partner_payout_reject',
          idempotencyKey: `payout-${action}:${id}`,
          source: LEDGER_SOURCE,
          meta: { partnerId: partner.operator_id, payoutId: id },
        },
        trx,
      );
      const state = action === 'approve' ? ('approved' as const) : ('rejected' as const);
      await repo.decidePayout(id, { state, reason, by: who.operatorId ?? 0, at: now() }, trx);
      await audit.record(
        who,
        {
          action: `partner.payout.${action}`,
          target: `partner_payout:${id}`,
          before: { state: 'wait' },
          after: { state, amount: payout.amount, ...(reason ? { reason } : {}) },
        },
        trx,
      );
      return { status: 'success' as const };
    },

    /** The partner console's dashboard: its subtree's members and partners, today's and the month's figures. */
    async summary(viewer: PartnerViewer, partnerId: string) {
      const partner = await visible(viewer, partnerId);
      const tree = await repo.subtree(partner.id);
      const ids = tree.map((p) => p.id);
      const at = now();
      const today = siteDay(at, timeZone);
      const monthFirst = `${siteMonth(at, timeZone)}-01`;
      const [counts, groups, todayCash, monthCash] = await Promise.all([
        members.memberCountsByPartner(ids),
        wallet.partnerStakes({ from: monthFirst, to: today, partnerIds: ids }),
        repo.cashFigures(ids, siteDayStart(today, timeZone)),
        repo.cashFigures(ids, siteMonthStart(siteMonth(at, timeZone), timeZone)),
      ]);
      const sum = (day?: string) => {
        let stakes = 0;
        let wins = 0;
        for (const g of groups) {
          if (day !== undefined && g.day !== day) continue;
          stakes += g.stakes;
          wins += g.wins;
        }
        return { stakes, wins, ggr: stakes - wins };
      };
      let memberCount = 0;
      for (const n of counts.values()) memberCount += n;
      return {
        status: 'success' as const,
        partnerId: partner.operator_id,
        members: memberCount,
        partners: tree.length - 1,
        today: { from: siteDayStart(today, timeZone).toISOString(), ...todayCash, ...sum(today) },
        month: {
          from: siteMonthStart(siteMonth(at, timeZone), timeZone).toISOString(),
          ...monthCash,
          ...sum(),
        },
      };
    },
  };
}

/** The days from `from` to `to`, both included (`YYYY-MM-DD`). */
function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

export type PartnersService = ReturnType<typeof createPartnersService>;
