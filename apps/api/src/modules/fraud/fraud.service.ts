import {
  LINK_WEIGHTS,
  type TFraudLinksResponse,
  type TFraudSummary,
  type TFraudSettings,
  type TLinkKind,
} from '@casino/contracts/backoffice-fraud';
import { addressRange, normalizeClientIp, normalizeDigits } from '@casino/contracts/backoffice-blacklist';
import { siteDay, siteDayStart } from '@casino/contracts/site-time';
import type { Database } from '../../db/database.ts';
import { keptRead } from '../../lib/kept-reads.ts';
import type { FraudFlagKind } from '../../db/schema.ts';
import type { AuditActor, AuditService } from '../audit/audit.service.ts';
import type { ClientDevice } from '../auth/device.ts';
import { createFraudRepository, type LinkRow, type LinkScope, type SignalValue } from './fraud.repository.ts';
import { askReputation, type IpReputation } from './ip-reputation.ts';

/** How long a signal is kept after it was last seen (docs/security.md "Abuse signals"). */
export const SIGNAL_RETENTION_DAYS = 365;
/** How long a refused request's blacklist hit is kept (docs/security.md). */
export const BLACKLIST_HIT_RETENTION_DAYS = 365;
/** How long an instance keeps the settings it read (a change elsewhere applies within it). */
export const SETTINGS_KEPT_MS = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a request told about its member, each optional. */
export interface SignalProbe {
  ip?: string | null | undefined;
  device?: ClientDevice | null | undefined;
  phone?: string | null | undefined;
  bank?: string | null | undefined;
  depositor?: string | null | undefined;
}

/** The signals of a probe in their stored form (bad values are left out, never stored raw). */
export function signalsOf(probe: SignalProbe): SignalValue[] {
  const out: SignalValue[] = [];
  const ip = probe.ip ? normalizeClientIp(probe.ip) : undefined;
  if (ip) {
    out.push({ kind: 'ip', value: ip });
    const range = addressRange(ip);
    if (range) out.push({ kind: 'range', value: range });
  }
  if (probe.device) {
    out.push({ kind: 'device', value: probe.device.id });
    out.push({ kind: 'browser', value: probe.device.browser });
  }
  const phone = probe.phone ? normalizeDigits(probe.phone) : undefined;
  if (phone) out.push({ kind: 'phone', value: phone });
  const bank = probe.bank ? normalizeDigits(probe.bank) : undefined;
  if (bank) out.push({ kind: 'bank', value: bank });
  const depositor = probe.depositor?.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, 64);
  if (depositor) out.push({ kind: 'depositor', value: depositor });
  return out;
}

/** A link's score: the weights of the distinct kinds shared, at most 100. */
export function linkScore(kinds: Iterable<TLinkKind>): number {
  let total = 0;
  for (const kind of new Set(kinds)) total += LINK_WEIGHTS[kind];
  return Math.min(100, total);
}

/** The links of one member grouped by the other member. */
function groupLinks(rows: readonly LinkRow[]) {
  const byMember = new Map<number, { by: { kind: TLinkKind; value: string; since: Date }[] }>();
  for (const row of rows) {
    const entry = byMember.get(row.member_id) ?? { by: [] };
    if (!entry.by.some((b) => b.kind === row.kind && b.value === row.value))
      entry.by.push({ kind: row.kind, value: row.value, since: row.since });
    byMember.set(row.member_id, entry);
  }
  return byMember;
}

/** What registration asks before it writes the member: whether to refuse it, and the links to flag. */
export interface RegistrationVerdict {
  refused: boolean;
  flag: { linked: number; by: TLinkKind[]; members: number[] } | null;
}

/**
 * Abuse signals and linked accounts (docs/security.md "Abuse signals", docs/api/backoffice-fraud.md):
 * the signals recorded at registration, sign-in and the cashier's requests, the links they make,
 * the operator's setting applied to registration and sign-in, the review entries.
 */
export function createFraudService(deps: {
  db: Database;
  audit: AuditService;
  now: () => Date;
  /** An operator's IP-reputation service (ip-reputation.ts); none by default. */
  ipReputation?: IpReputation | undefined;
  /** The site's time zone (the dashboard card's day); Asia/Seoul unless given. */
  zone?: string | undefined;
}) {
  const { db, audit, now } = deps;

  /** A `risky` address by the operator's IP-reputation service: a review entry, the request goes on. */
  async function reputationOf(
    kind: 'linked_register' | 'linked_sign_in',
    memberId: number | null,
    ip: string | null | undefined,
    details: Record<string, unknown>,
  ): Promise<void> {
    const address = ip ? normalizeClientIp(ip) : undefined;
    if (!deps.ipReputation || !address) return;
    if ((await askReputation(deps.ipReputation, address)) !== 'risky') return;
    await repo.insertFlag(
      {
        kind,
        memberId,
        action: 'flag',
        details: { ...details, reputation: 'risky', ip: address },
        at: now(),
      },
      { once: memberId !== null },
    );
  }
  const repo = createFraudRepository(db);
  // The settings as registration, sign-in and the wallet read them: kept SETTINGS_KEPT_MS, dropped
  // here at a change (another instance sees it within that time).
  const kept = keptRead(() => repo.settings(), { maxAgeMs: SETTINGS_KEPT_MS, now });

  async function scopeOf(settings?: { ip_links: boolean; ip_link_days: number }): Promise<LinkScope> {
    const s = settings ?? (await kept.get());
    return { ipSince: s.ip_links ? new Date(now().getTime() - s.ip_link_days * DAY_MS) : null };
  }

  /** Which of `memberIds` promotions skip: the setting is on and they are flagged. */
  async function skippedAmong(memberIds: readonly number[], trx?: Database): Promise<Set<number>> {
    // In a transaction the row is read in it (the embedded database has one connection).
    const settings = trx ? await repo.settings(trx) : await kept.get();
    if (!settings.skip_flagged_promotions || memberIds.length === 0) return new Set();
    return repo.flaggedAmong(memberIds, trx);
  }

  function settingsView(row: Awaited<ReturnType<typeof repo.settings>>) {
    return {
      status: 'success' as const,
      settings: {
        registerAction: row.register_action,
        signInAction: row.sign_in_action,
        linkThreshold: row.link_threshold,
        ipLinks: row.ip_links,
        ipLinkDays: row.ip_link_days,
        skipFlaggedPromotions: row.skip_flagged_promotions,
        refuseOppositeBets: row.refuse_opposite_bets,
      },
      updatedBy: row.updated_by,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  return {
    /** Records what a request told about its member (one statement). */
    async record(memberId: number, probe: SignalProbe, trx?: Database): Promise<void> {
      await repo.record(memberId, signalsOf(probe), now(), trx);
    },

    /**
     * Before a registration is written: the members the new one would be linked to by its device,
     * phone, bank account (and address, with IP links on), and what the setting does with them.
     * A refusal is recorded as a review entry at once (its member is named in the details).
     */
    async admitRegistration(probe: SignalProbe, userId: string): Promise<RegistrationVerdict> {
      const settings = await kept.get();
      if (settings.register_action === 'allow') return { refused: false, flag: null };
      const rows = await repo.membersSharing(signalsOf(probe), await scopeOf(settings), null);
      const members = [...new Set(rows.map((r) => r.member_id))];
      if (members.length < settings.link_threshold) return { refused: false, flag: null };
      const flag = {
        linked: members.length,
        by: [...new Set(rows.map((r) => r.kind))],
        members: members.slice(0, 50),
      };
      if (settings.register_action === 'refuse') {
        await repo.insertFlag({
          kind: 'linked_register',
          memberId: null,
          action: 'refuse',
          details: { userId, ...flag },
          at: now(),
        });
        return { refused: true, flag };
      }
      return { refused: false, flag };
    },

    /**
     * After a registration: its signals recorded, and its review entry when the verdict flagged it.
     * A new member linked to the recommender they named (one recommends the other) makes a
     * `bonus_hunt` entry on the recommender, who would take the referral reward.
     */
    async registered(
      memberId: number,
      probe: SignalProbe,
      verdict: RegistrationVerdict,
      recommenderId?: number,
    ): Promise<void> {
      await repo.record(memberId, signalsOf(probe), now());
      await reputationOf('linked_register', memberId, probe.ip, {});
      if (verdict.flag)
        await repo.insertFlag({
          kind: 'linked_register',
          memberId,
          action: 'flag',
          details: verdict.flag,
          at: now(),
        });
      if (recommenderId === undefined || recommenderId === memberId) return;
      if ((await repo.linkedAmong(recommenderId, [memberId], await scopeOf())).size === 0) return;
      await repo.insertFlag(
        {
          kind: 'bonus_hunt',
          memberId: recommenderId,
          action: 'flag',
          details: { bonus: 'referral', referees: [memberId], with: [memberId] },
          at: now(),
        },
        { once: true },
      );
    },

    /**
     * A sign-in that passed the password and the member's state: its signals recorded, then the
     * setting applied to the member's links. False: refused (the caller answers as for wrong
     * credentials); an open entry is added once per member while none is open.
     */
    async admitSignIn(memberId: number, probe: SignalProbe): Promise<boolean> {
      const signals = signalsOf(probe);
      const at = now();
      const settings = await kept.get();
      // The recording and the link count run side by side (the count reads what this sign-in told
      // with what is stored), so a sign-in waits for one statement, not two.
      const [, linked] = await Promise.all([
        repo.record(memberId, signals, at),
        settings.sign_in_action === 'allow'
          ? Promise.resolve(0)
          : repo.linkedCount(memberId, signals, await scopeOf(settings), at),
      ]);
      await reputationOf('linked_sign_in', memberId, probe.ip, {});
      if (settings.sign_in_action === 'allow') return true;
      if (linked < settings.link_threshold) return true;
      const refuse = settings.sign_in_action === 'refuse';
      await repo.insertFlag(
        {
          kind: 'linked_sign_in',
          memberId,
          action: refuse ? 'refuse' : 'flag',
          details: { linked },
          at: now(),
        },
        { once: true },
      );
      return !refuse;
    },

    /** Whether two members shared a device (the referral rule of docs/promotions.md). */
    async sharesDevice(memberId: number, probe: SignalProbe): Promise<boolean> {
      const device = signalsOf(probe).filter((s) => s.kind === 'device');
      if (device.length === 0) return false;
      const stored = await repo.signalsOf(memberId);
      return stored.some((s) => s.kind === 'device' && device.some((d) => d.value === s.value));
    },

    /** The members `memberId` is linked to (the graph's edges), with scores, and its own signals. */
    async links(memberId: number): Promise<TFraudLinksResponse> {
      const [self] = await repo.membersByIds([memberId]);
      if (!self) return { status: 'not_found' };
      const grouped = groupLinks(await repo.linksOf(memberId, await scopeOf()));
      const others = await repo.membersByIds([...grouped.keys()]);
      const links = others
        .map((m) => {
          const by = grouped.get(m.id)!.by;
          const since = by.reduce((a, b) => (b.since < a ? b.since : a), by[0]!.since);
          return {
            memberId: m.id,
            userId: m.user_id,
            nick: m.nick,
            state: m.state,
            score: linkScore(by.map((b) => b.kind)),
            since: since.toISOString(),
            by: by.map((b) => ({ kind: b.kind, value: b.value, since: b.since.toISOString() })),
          };
        })
        .sort((a, b) => b.score - a.score || a.since.localeCompare(b.since));
      const top = links[0]?.score ?? 0;
      const signals = await repo.signalsOf(memberId);
      return {
        status: 'success',
        member: { memberId: self.id, userId: self.user_id, nick: self.nick, state: self.state },
        score: Math.min(100, top + 10 * Math.max(0, links.length - 1)),
        links,
        signals: signals.map((s) => ({
          kind: s.kind,
          value: s.value,
          firstSeen: s.first_seen.toISOString(),
          lastSeen: s.last_seen.toISOString(),
          seen: Number(s.seen),
        })),
      };
    },

    async rings(filter: { kind?: TLinkKind | undefined; page: number; pageSize: number }) {
      const { rows, members, total } = await repo.rings({ ...filter, scope: await scopeOf() });
      return {
        status: 'success' as const,
        maxCount: total,
        list: rows.map((r) => {
          const ring = members.filter((m) => m.kind === r.kind && m.value === r.value);
          return {
            kind: r.kind,
            value: r.value,
            count: Number(r.n),
            firstSeen: r.first_seen.toISOString(),
            lastSeen: r.last_seen.toISOString(),
            members: ring.map((m) => ({ memberId: Number(m.member_id), userId: m.user_id, state: m.state })),
          };
        }),
      };
    },

    async flags(filter: {
      kind?: FraudFlagKind | undefined;
      state?: 'open' | 'closed' | undefined;
      page: number;
      pageSize: number;
    }) {
      const { rows, total } = await repo.flags(filter);
      return {
        status: 'success' as const,
        maxCount: total,
        list: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          memberId: r.member_id,
          userId: r.user_id,
          action: r.action,
          details: (r.details ?? {}) as Record<string, unknown>,
          state: r.state,
          note: r.note,
          at: r.at.toISOString(),
        })),
      };
    },

    /** Records a review entry (opposite bets and bonus hunts come here from their modules). */
    async flag(
      entry: { kind: FraudFlagKind; memberId: number; details: unknown },
      trx?: Database,
    ): Promise<void> {
      await repo.insertFlag({ ...entry, action: 'flag', at: now() }, {}, trx);
    },

    /**
     * Bonus hunting at a first-deposit bonus (in the payment's transaction, before it pays): the
     * members linked to this one who were paid a first-deposit bonus or a referral reward make an
     * entry (one open entry per member). Whether such members were found (the caller then asks
     * `skipsPromotions`).
     */
    async bonusTaken(memberId: number, trx: Database): Promise<boolean> {
      const settings = await repo.settings(trx);
      const scope: LinkScope = {
        ipSince: settings.ip_links ? new Date(now().getTime() - settings.ip_link_days * DAY_MS) : null,
      };
      const others = await repo.linkedBonusTakers(memberId, scope, trx);
      if (others.length === 0) return false;
      await repo.insertFlag(
        {
          kind: 'bonus_hunt',
          memberId,
          action: 'flag',
          details: { bonus: 'first', with: others },
          at: now(),
        },
        { once: true },
        trx,
      );
      return true;
    },

    /**
     * Bonus hunting at a referral reward, before the settlement pays the recommender: an entry
     * (one open per member) when the recommender is linked to one of the referees whose stakes earn
     * it (`referees`), or to members paid a first-deposit bonus or a referral reward (`with` names
     * them all). Whether it was flagged now.
     */
    async referralDue(recommenderId: number, refereeIds: readonly number[]): Promise<boolean> {
      const scope = await scopeOf();
      const [linkedReferees, takers] = await Promise.all([
        repo.linkedAmong(recommenderId, refereeIds, scope),
        repo.linkedBonusTakers(recommenderId, scope),
      ]);
      if (linkedReferees.size === 0 && takers.length === 0) return false;
      const referees = [...linkedReferees].sort((a, b) => a - b);
      await repo.insertFlag(
        {
          kind: 'bonus_hunt',
          memberId: recommenderId,
          action: 'flag',
          details: { bonus: 'referral', referees, with: [...new Set([...referees, ...takers])] },
          at: now(),
        },
        { once: true },
      );
      return true;
    },

    /**
     * Whether promotions skip the member: the setting is on and the member is flagged (named by an
     * open review entry: `flaggedAmong` of the repository).
     */
    async skipsPromotions(memberId: number, trx?: Database): Promise<boolean> {
      return (await skippedAmong([memberId], trx)).has(memberId);
    },

    /** Which of `memberIds` promotions skip (none while the setting is off). */
    skippedAmong,

    /** Closes a review entry with the operator's note (audited in the same transaction). */
    async close(id: number, note: string, who: AuditActor): Promise<'success' | 'not_found' | 'already'> {
      return db.transaction().execute(async (trx) => {
        const row = await repo.lockFlag(id, trx);
        if (!row) return 'not_found';
        if (row.state === 'closed') return 'already';
        await repo.closeFlag(id, note, trx);
        await audit.record(
          who,
          {
            action: 'fraud.close',
            target: `fraud_flag:${id}`,
            before: { state: 'open' },
            after: { state: 'closed', note },
          },
          trx,
        );
        return 'success';
      });
    },

    async settings() {
      return settingsView(await repo.settings());
    },

    /** The settings row as kept for the hot paths (SETTINGS_KEPT_MS). */
    settingsRow() {
      return kept.get();
    },

    /** The dashboard's card: the site day's entries by kind, refusals and blacklist hits, the open entries. */
    async summary(): Promise<TFraudSummary> {
      const zone = deps.zone ?? 'Asia/Seoul';
      const day = siteDay(now(), zone);
      const { byKind, hits, open } = await repo.summary(siteDayStart(day, zone));
      const count = (kind: string) => byKind.find((k) => k.kind === kind)?.n ?? 0;
      return {
        status: 'success',
        day,
        entries: {
          linked_register: count('linked_register'),
          linked_sign_in: count('linked_sign_in'),
          opposite_bet: count('opposite_bet'),
          bonus_hunt: count('bonus_hunt'),
        },
        refused: byKind.reduce((sum, k) => sum + k.refused, 0),
        blacklistHits: hits,
        open,
      };
    },

    /** How many review entries are open (the operators' `queue` event). */
    openCount(): Promise<number> {
      return repo.openCount();
    },

    async watchList() {
      const rows = await repo.watchList();
      return {
        status: 'success' as const,
        list: rows.map((r) => ({
          memberId: r.member_id,
          userId: r.user_id,
          reason: r.reason,
          addedBy: r.added_by,
          addedAt: r.added_at.toISOString(),
        })),
      };
    },

    /** Puts a member on the opposite-betting watch list (audited); `already` when on it, `not_found` for no such member. */
    async watch(
      userId: string,
      reason: string,
      who: AuditActor,
    ): Promise<'success' | 'already' | 'not_found'> {
      const memberId = await repo.memberIdByUserId(userId);
      if (memberId === undefined) return 'not_found';
      return db.transaction().execute(async (trx) => {
        if (!(await repo.addWatch({ memberId, reason, addedBy: who.actor }, trx))) return 'already';
        await audit.record(
          who,
          { action: 'fraud.watch', target: `member:${memberId}`, after: { reason } },
          trx,
        );
        return 'success';
      });
    },

    async unwatch(memberId: number, who: AuditActor): Promise<'success' | 'not_found'> {
      return db.transaction().execute(async (trx) => {
        const row = await repo.removeWatch(memberId, trx);
        if (!row) return 'not_found';
        await audit.record(
          who,
          {
            action: 'fraud.unwatch',
            target: `member:${memberId}`,
            before: { reason: row.reason, addedBy: row.added_by },
          },
          trx,
        );
        return 'success';
      });
    },

    async updateSettings(input: TFraudSettings, who: AuditActor) {
      const view = await db.transaction().execute(async (trx) => {
        const before = await repo.putSettings(
          {
            register_action: input.registerAction,
            sign_in_action: input.signInAction,
            link_threshold: input.linkThreshold,
            ip_links: input.ipLinks,
            ip_link_days: input.ipLinkDays,
            skip_flagged_promotions: input.skipFlaggedPromotions,
            refuse_opposite_bets: input.refuseOppositeBets,
            updated_by: who.actor,
            updated_at: now(),
          },
          trx,
        );
        await audit.record(
          who,
          {
            action: 'settings.fraud',
            target: 'fraud_settings',
            before: settingsView(before).settings,
            after: input,
          },
          trx,
        );
        return settingsView(await repo.settings(trx));
      });
      kept.forget();
      return view;
    },

    /** The periodic prune (docs/security.md): signals not seen within their retention; how many went. */
    async pruneSignals(): Promise<number> {
      return repo.pruneSignals(new Date(now().getTime() - SIGNAL_RETENTION_DAYS * DAY_MS));
    },
  };
}

export type FraudService = ReturnType<typeof createFraudService>;
