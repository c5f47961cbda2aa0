import { sql } from 'kysely';
import type { TLinkKind } from '@casino/contracts/backoffice-fraud';
import type { Database } from '../../db/database.ts';
import type { FraudAction, FraudFlagKind, SignalKind } from '../../db/schema.ts';

export interface SignalValue {
  kind: SignalKind;
  value: string;
}

/** One shared value between the member asked about and another member. */
export interface LinkRow {
  member_id: number;
  kind: TLinkKind;
  value: string;
  since: Date;
}

/** Which shared kinds link: always device, bank and phone; the address and its range only when IP links are on, seen since `ipSince`. */
export interface LinkScope {
  ipSince: Date | null;
}

function linkFilter(scope: LinkScope, self: string, other: string) {
  const fixed = sql`${sql.ref(`${self}.kind`)} in ('device', 'bank', 'phone')`;
  if (scope.ipSince === null) return fixed;
  return sql`(${fixed} or (${sql.ref(`${self}.kind`)} in ('ip', 'range') and ${sql.ref(`${self}.last_seen`)} >= ${scope.ipSince} and ${sql.ref(`${other}.last_seen`)} >= ${scope.ipSince}))`;
}

/** The tables of abuse signals (0030_fraud_signals): the members' signals, the settings, the review entries. */
export function createFraudRepository(db: Database) {
  return {
    /**
     * Records what one request told (one statement): a new value with its first and last seen, a
     * known one's last seen moved on and its count raised.
     */
    async record(
      memberId: number,
      signals: readonly SignalValue[],
      at: Date,
      trx: Database = db,
    ): Promise<void> {
      if (signals.length === 0) return;
      await trx
        .insertInto('member_signals')
        .values(
          signals.map((s) => ({
            member_id: memberId,
            kind: s.kind,
            value: s.value,
            first_seen: at,
            last_seen: at,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['member_id', 'kind', 'value']).doUpdateSet({
            last_seen: sql`greatest(member_signals.last_seen, excluded.last_seen)`,
            seen: sql`member_signals.seen + 1`,
          }),
        )
        .execute();
    },

    /** The members (other than `except`) who told any of `values` (linking kinds only), with what and since when. */
    async membersSharing(
      values: readonly SignalValue[],
      scope: LinkScope,
      except: number | null,
    ): Promise<LinkRow[]> {
      const linking = values.filter(
        (v) =>
          v.kind === 'device' ||
          v.kind === 'bank' ||
          v.kind === 'phone' ||
          (scope.ipSince !== null && (v.kind === 'ip' || v.kind === 'range')),
      );
      if (linking.length === 0) return [];
      const pairs = sql.join(linking.map((v) => sql`(${v.kind}, ${v.value})`));
      const result = await sql<{ member_id: number | string; kind: TLinkKind; value: string; since: Date }>`
        select o.member_id, o.kind, o.value, o.first_seen as since
        from member_signals o
        where (o.kind, o.value) in (${pairs})
          and (${except}::bigint is null or o.member_id <> ${except}::bigint)
          and (o.kind in ('device', 'bank', 'phone') or o.last_seen >= ${scope.ipSince})
        limit 5000`.execute(db);
      return result.rows.map((r) => ({ ...r, member_id: Number(r.member_id) }));
    },

    /** Every value `memberId` shares with another member, by the link scope (the graph's edges). */
    async linksOf(memberId: number, scope: LinkScope, trx: Database = db): Promise<LinkRow[]> {
      const result = await sql<{ member_id: number | string; kind: TLinkKind; value: string; since: Date }>`
        select o.member_id, m.kind, m.value, greatest(m.first_seen, o.first_seen) as since
        from member_signals m
        join member_signals o on o.kind = m.kind and o.value = m.value and o.member_id <> m.member_id
        where m.member_id = ${memberId} and ${linkFilter(scope, 'm', 'o')}
        order by since
        limit 5000`.execute(trx);
      return result.rows.map((r) => ({ ...r, member_id: Number(r.member_id) }));
    },

    /**
     * How many members `memberId` is linked to by its stored signals and `values` (what the request
     * being checked told, perhaps not stored yet): the sign-in check, run beside the recording.
     */
    async linkedCount(
      memberId: number,
      values: readonly SignalValue[],
      scope: LinkScope,
      at: Date,
      trx: Database = db,
    ): Promise<number> {
      const told =
        values.length === 0
          ? sql``
          : sql`union all select kind, value, ${at}::timestamptz as last_seen from (values ${sql.join(
              values.map((v) => sql`(${v.kind}::text, ${v.value}::text)`),
            )}) as t(kind, value)`;
      const result = await sql<{ n: number | string }>`
        select count(distinct o.member_id) as n
        from (select kind, value, last_seen from member_signals where member_id = ${memberId} ${told}) as m
        join member_signals o on o.kind = m.kind and o.value = m.value and o.member_id <> ${memberId}
        where ${linkFilter(scope, 'm', 'o')}`.execute(trx);
      return Number(result.rows[0]?.n ?? 0);
    },

    signalsOf(memberId: number) {
      return db
        .selectFrom('member_signals')
        .select(['kind', 'value', 'first_seen', 'last_seen', 'seen'])
        .where('member_id', '=', memberId)
        .orderBy('last_seen', 'desc')
        .limit(500)
        .execute();
    },

    membersByIds(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('members')
        .select(['id', 'user_id', 'nick', 'state'])
        .where('id', 'in', ids)
        .execute();
    },

    /** The rings: each linking value told by two members or more, the largest first. */
    async rings(filter: { kind?: TLinkKind | undefined; scope: LinkScope; page: number; pageSize: number }) {
      const kinds: TLinkKind[] = filter.kind
        ? [filter.kind]
        : filter.scope.ipSince === null
          ? ['device', 'bank', 'phone']
          : ['device', 'bank', 'phone', 'ip', 'range'];
      const since = filter.scope.ipSince;
      const recent = sql`(kind in ('device', 'bank', 'phone') or (${since}::timestamptz is not null and last_seen >= ${since}))`;
      const groups = sql`
        select kind, value, count(*) as n, min(first_seen) as first_seen, max(last_seen) as last_seen
        from member_signals
        where kind in (${sql.join(kinds)}) and ${recent}
        group by kind, value
        having count(*) > 1`;
      const [rows, total] = await Promise.all([
        sql<{ kind: TLinkKind; value: string; n: number | string; first_seen: Date; last_seen: Date }>`
          select * from (${groups}) as g order by n desc, last_seen desc, kind, value
          limit ${filter.pageSize} offset ${(filter.page - 1) * filter.pageSize}`.execute(db),
        sql<{ n: number | string }>`select count(*) as n from (${groups}) as g`.execute(db),
      ]);
      const list = rows.rows;
      const members =
        list.length === 0
          ? []
          : (
              await sql<{
                kind: TLinkKind;
                value: string;
                member_id: number | string;
                user_id: string;
                state: string;
              }>`
                select s.kind, s.value, s.member_id, m.user_id, m.state
                from member_signals s join members m on m.id = s.member_id
                where (s.kind, s.value) in (${sql.join(list.map((r) => sql`(${r.kind}, ${r.value})`))}) and ${recent}
                order by s.first_seen`.execute(db)
            ).rows;
      return { rows: list, members, total: Number(total.rows[0]?.n ?? 0) };
    },

    async settings(trx: Database = db) {
      return trx.selectFrom('fraud_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    },

    async putSettings(
      values: {
        register_action: FraudAction;
        sign_in_action: FraudAction;
        link_threshold: number;
        ip_links: boolean;
        ip_link_days: number;
        skip_flagged_promotions: boolean;
        refuse_opposite_bets: boolean;
        updated_by: string;
        updated_at: Date;
      },
      trx: Database,
    ) {
      const before = await trx
        .selectFrom('fraud_settings')
        .selectAll()
        .where('id', '=', 1)
        .forUpdate()
        .executeTakeFirstOrThrow();
      await trx.updateTable('fraud_settings').set(values).where('id', '=', 1).execute();
      return before;
    },

    /**
     * A review entry; a `once` entry is not added while the member has an open one of its kind. The
     * `not exists` read alone races (parallel detections, two instances): the partial unique index
     * `fraud_flags_open_once` (0032) keeps one open `once` entry per kind and member.
     */
    async insertFlag(
      flag: {
        kind: FraudFlagKind;
        memberId: number | null;
        action: 'flag' | 'refuse';
        details: unknown;
        at: Date;
      },
      options: { once?: boolean } = {},
      trx: Database = db,
    ): Promise<void> {
      const values = sql`(${flag.kind}::text, ${flag.memberId}::bigint, ${flag.action}::text, ${JSON.stringify(flag.details)}::jsonb, ${flag.at}::timestamptz)`;
      if (options.once && flag.memberId !== null)
        await sql`
          insert into fraud_flags (kind, member_id, action, details, at, once)
          select v.*, true from (values ${values}) as v(kind, member_id, action, details, at)
          where not exists (
            select 1 from fraud_flags where member_id = ${flag.memberId} and kind = ${flag.kind} and state = 'open')
          on conflict (kind, member_id) where state = 'open' and once do nothing`.execute(trx);
      else
        await sql`insert into fraud_flags (kind, member_id, action, details, at) values ${values}`.execute(
          trx,
        );
    },

    async flags(filter: {
      kind?: FraudFlagKind | undefined;
      state?: 'open' | 'closed' | undefined;
      page: number;
      pageSize: number;
    }) {
      let query = db.selectFrom('fraud_flags as f').leftJoin('members as m', 'm.id', 'f.member_id');
      if (filter.kind) query = query.where('f.kind', '=', filter.kind);
      if (filter.state) query = query.where('f.state', '=', filter.state);
      const [rows, count] = await Promise.all([
        query
          .select([
            'f.id',
            'f.kind',
            'f.member_id',
            'm.user_id',
            'f.action',
            'f.details',
            'f.state',
            'f.note',
            'f.at',
          ])
          .orderBy('f.at', 'desc')
          .orderBy('f.id', 'desc')
          .limit(filter.pageSize)
          .offset((filter.page - 1) * filter.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    /**
     * Which of `memberIds` are flagged (docs/api/backoffice-fraud.md "Promotions and flagged
     * members"): named by an open review entry, as its member (any kind) or as one of the other
     * members (`with`) of an open `bonus_hunt` or `opposite_bet` entry. One statement.
     */
    async flaggedAmong(memberIds: readonly number[], trx: Database = db): Promise<Set<number>> {
      if (memberIds.length === 0) return new Set();
      const ids = sql.join(memberIds.map((id) => sql`${id}::bigint`));
      const result = await sql<{ id: number | string }>`
        select f.member_id as id from fraud_flags f
        where f.state = 'open' and f.member_id in (${ids})
        union
        select o.id from fraud_flags f
        cross join lateral (
          select case when jsonb_typeof(e.value) = 'number' then (e.value #>> '{}')::bigint
                      else (e.value ->> 'memberId')::bigint end as id
          from jsonb_array_elements(
            case when jsonb_typeof(f.details -> 'with') = 'array' then f.details -> 'with' else '[]'::jsonb end
          ) as e(value)
        ) as o
        where f.state = 'open' and f.kind in ('bonus_hunt', 'opposite_bet') and o.id in (${ids})`.execute(
        trx,
      );
      return new Set(result.rows.map((r) => Number(r.id)));
    },

    async lockFlag(id: number, trx: Database) {
      return trx
        .selectFrom('fraud_flags')
        .select(['id', 'kind', 'member_id', 'state', 'note'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async closeFlag(id: number, note: string, trx: Database): Promise<void> {
      await trx.updateTable('fraud_flags').set({ state: 'closed', note }).where('id', '=', id).execute();
    },

    // --- opposite bets ---

    async memberIdByUserId(userId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('user_id', '=', userId.toLowerCase())
        .executeTakeFirst();
      return row?.id;
    },

    async memberIdsByUserIds(userIds: readonly string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('members')
        .select(['id', 'user_id'])
        .where('user_id', 'in', userIds)
        .execute();
      return new Map(rows.map((r) => [r.user_id, r.id]));
    },

    /**
     * One statement: records the member's stakes in the round and answers the other members' stakes
     * on any of `opposite` (the insert is not seen by the read, which leaves the member out anyway).
     */
    async stakeAndOpposites(
      stake: {
        provider: string;
        roundKey: string;
        userId: string;
        spots: readonly string[];
        roundId: string;
      },
      opposite: readonly string[],
      at: Date,
    ): Promise<{ user_id: string; spot: string; round_id: string }[]> {
      const rows = sql.join(
        stake.spots.map(
          (spot) =>
            sql`(${stake.provider}, ${stake.roundKey}, ${stake.userId}, ${spot}, ${stake.roundId}, ${at}::timestamptz)`,
        ),
      );
      const others =
        opposite.length === 0
          ? sql`select null::text as user_id, null::text as spot, null::text as round_id where false`
          : sql`select user_id, spot, round_id from fraud_round_bets
              where provider = ${stake.provider} and round_key = ${stake.roundKey}
                and user_id <> ${stake.userId} and spot in (${sql.join(opposite)})
              limit 200`;
      const result = await sql<{ user_id: string; spot: string; round_id: string }>`
        with recorded as (
          insert into fraud_round_bets (provider, round_key, user_id, spot, round_id, at)
          values ${rows}
          on conflict do nothing
        )
        ${others}`.execute(db);
      return result.rows;
    },

    /** Takes back the member's stakes of a round (a bet refused after all). */
    async dropStakes(provider: string, roundKey: string, userId: string, roundId: string): Promise<void> {
      await db
        .deleteFrom('fraud_round_bets')
        .where('provider', '=', provider)
        .where('round_key', '=', roundKey)
        .where('user_id', '=', userId)
        .where('round_id', '=', roundId)
        .execute();
    },

    /** Which of `others` share a linking value with `memberId` (by the link scope). */
    async linkedAmong(
      memberId: number,
      others: readonly number[],
      scope: LinkScope,
      trx: Database = db,
    ): Promise<Set<number>> {
      if (others.length === 0) return new Set();
      const result = await sql<{ member_id: number | string }>`
        select distinct o.member_id
        from member_signals m
        join member_signals o on o.kind = m.kind and o.value = m.value
        where m.member_id = ${memberId}
          and o.member_id in (${sql.join(others)})
          and ${linkFilter(scope, 'm', 'o')}`.execute(trx);
      return new Set(result.rows.map((r) => Number(r.member_id)));
    },

    /**
     * The members linked to `memberId` (by the link scope) who were paid a first-deposit bonus
     * (`deposit_bonuses`, cashier) or a referral reward (`referral_payouts`, rewards): read here in
     * one statement, as the review entry is written in the payment's transaction.
     */
    async linkedBonusTakers(memberId: number, scope: LinkScope, trx: Database = db): Promise<number[]> {
      const result = await sql<{ member_id: number | string }>`
        select distinct o.member_id
        from member_signals m
        join member_signals o on o.kind = m.kind and o.value = m.value and o.member_id <> m.member_id
        where m.member_id = ${memberId} and ${linkFilter(scope, 'm', 'o')}
          and (
            exists (
              select 1 from deposit_bonuses b
              where b.member_id = o.member_id and b.kind = 'first' and b.transfer_id is not null)
            or exists (
              select 1 from referral_payouts r
              where r.recommender_id = o.member_id and r.transfer_id is not null))
        order by o.member_id
        limit 50`.execute(trx);
      return result.rows.map((r) => Number(r.member_id));
    },

    /** Which of `memberIds` are on the watch list. */
    async watched(memberIds: readonly number[]): Promise<Set<number>> {
      if (memberIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('fraud_watch')
        .select('member_id')
        .where('member_id', 'in', memberIds)
        .execute();
      return new Set(rows.map((r) => r.member_id));
    },

    async pruneRoundBets(before: Date): Promise<number> {
      const result = await db.deleteFrom('fraud_round_bets').where('at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    // --- the watch list ---

    watchList() {
      return db
        .selectFrom('fraud_watch as w')
        .innerJoin('members as m', 'm.id', 'w.member_id')
        .select(['w.member_id', 'm.user_id', 'w.reason', 'w.added_by', 'w.added_at'])
        .orderBy('w.added_at', 'desc')
        .limit(1000)
        .execute();
    },

    async addWatch(
      entry: { memberId: number; reason: string; addedBy: string },
      trx: Database,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('fraud_watch')
        .values({ member_id: entry.memberId, reason: entry.reason, added_by: entry.addedBy })
        .onConflict((oc) => oc.column('member_id').doNothing())
        .returning('member_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async removeWatch(memberId: number, trx: Database) {
      return trx
        .deleteFrom('fraud_watch')
        .where('member_id', '=', memberId)
        .returning(['member_id', 'reason', 'added_by'])
        .executeTakeFirst();
    },

    /** The review entries since `since` by kind and those refused, the blacklist hits since then, and the open entries. */
    async summary(since: Date) {
      const [byKind, hits, open] = await Promise.all([
        sql<{ kind: string; n: number | string; refused: number | string }>`
          select kind, count(*) as n, count(*) filter (where action = 'refuse') as refused
          from fraud_flags where at >= ${since} group by kind`.execute(db),
        sql<{ n: number | string }>`select count(*) as n from blacklist_hits where at >= ${since}`.execute(
          db,
        ),
        sql<{ n: number | string }>`select count(*) as n from fraud_flags where state = 'open'`.execute(db),
      ]);
      return {
        byKind: byKind.rows.map((r) => ({ kind: r.kind, n: Number(r.n), refused: Number(r.refused) })),
        hits: Number(hits.rows[0]?.n ?? 0),
        open: Number(open.rows[0]?.n ?? 0),
      };
    },

    async openCount(): Promise<number> {
      const row = await db
        .selectFrom('fraud_flags')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('state', '=', 'open')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Drops the signals last seen before `before` (the retention of docs/security.md); how many. */
    async pruneSignals(before: Date): Promise<number> {
      const result = await db.deleteFrom('member_signals').where('last_seen', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
