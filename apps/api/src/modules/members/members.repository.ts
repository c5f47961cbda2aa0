import { sql, type ReferenceExpression, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import { batchedLookup } from '../../db/batched-lookup.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type {
  DB,
  MembersTable,
  MemberSignInOutcome,
  MemberSignInsTable,
  MemberState,
  ReferralFlag,
  RegCodesTable,
  SessionsTable,
} from '../../db/schema.ts';

// Row types are picked from the Kysely schema (db/schema.ts), so a column change shows up here.
export type MemberCredentials = Pick<
  Selectable<MembersTable>,
  'id' | 'user_id' | 'password_hash' | 'exchange_password_hash' | 'state'
>;

export type MemberProfile = Pick<
  Selectable<MembersTable>,
  'id' | 'user_id' | 'nick' | 'phone' | 'bankname' | 'bank_owner' | 'banknum' | 'level' | 'state'
>;

export interface NewMemberRow {
  userId: string;
  nick: string;
  passwordHash: string;
  exchangePasswordHash: string;
  phone: string;
  bankname: string;
  bankOwner: string;
  banknum: string;
  state: MemberState;
  regCode: string;
  regIp: string | null;
  createdAt: Date;
  /** The legal document versions in force that the member accepted by registering (null: none yet). */
  termsVersion?: number | null;
  privacyVersion?: number | null;
}

export type RegCodeRow = Pick<Selectable<RegCodesTable>, 'code' | 'domain'>;

/** The back office's member list filters (all optional; see `search`). */
export interface MemberSearch {
  userId?: string | undefined;
  nick?: string | undefined;
  phone?: string | undefined;
  level?: number | undefined;
  state?: MemberState | undefined;
  regCode?: string | undefined;
  domain?: string | undefined;
  /** Members of these partners only (a partner's subtree, docs/api/backoffice-partners.md). */
  partnerIds?: readonly number[] | undefined;
}

export type MemberListRow = Pick<
  Selectable<MembersTable>,
  | 'id'
  | 'user_id'
  | 'nick'
  | 'phone'
  | 'level'
  | 'state'
  | 'bankname'
  | 'bank_owner'
  | 'banknum'
  | 'reg_code'
  | 'created_at'
  | 'last_login_at'
  | 'partner_id'
> & { reg_domain: string | null; cash: number; comp: number };

/** A LIKE pattern's literal text (`%`, `_` and the escape character itself). */
function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The session columns the session service's timeout rules need (`sessions.admit`). */
type SessionColumns = Pick<
  Selectable<SessionsTable>,
  'id' | 'subject_kind' | 'subject_id' | 'created_at' | 'last_active_at' | 'expires_at'
>;

/**
 * The ends of the member's breaks (protection module, `member_breaks`), read with the session: whether
 * one is permanent, and the latest `until` (null when the member never took a timed one).
 */
export interface BreakColumns {
  break_permanent: boolean | null;
  break_until: Date | null;
}

/**
 * What the member must do first (members.requirements.ts): the forced password change, and the
 * legal versions the member accepted beside the versions in force (legal's `legal_documents`).
 */
export type RequirementColumns = Pick<
  Selectable<MembersTable>,
  'must_change_password' | 'terms_version' | 'privacy_version'
> & { terms_current: number | null; privacy_current: number | null };

/** A member session with who it belongs to: what every member call needs before it runs. */
export type PrincipalRow = SessionColumns &
  BreakColumns &
  RequirementColumns &
  Pick<Selectable<MembersTable>, 'user_id' | 'nick' | 'level' | 'state'>;

/** A sign-in attempt as the sign-in history shows it. */
export type MemberSignInRow = Pick<
  Selectable<MemberSignInsTable>,
  'id' | 'at' | 'ip' | 'user_agent' | 'outcome'
>;

/** The member as TUser shows it: profile, balances and the two unread counts. */
export type MemberViewRow = Omit<MemberProfile, 'id'> &
  RequirementColumns & {
    member_id: number;
    cash: number;
    comp: number;
    game: number;
    note_count: number;
    help_count: number;
  };

export type MemberSessionViewRow = SessionColumns & BreakColumns & MemberViewRow;

// The hot statements of the member calls (decision record 0009). Each is one round trip and a named
// prepared statement on PostgreSQL. They read, besides `members`, the session (owned by auth), the
// member's balances (ledger) and unread counts (community), for that one round trip: the only reads
// of other modules' tables outside their repositories, and reads only. The ends of the member's
// breaks (protection's `member_breaks`) come along, so a session never outlives a break's start, and
// the versions of the terms and privacy policy in force (legal's `legal_documents`, two index-only
// lookups), so a member who has not accepted the newest is asked to before moving money or playing.
const REQUIREMENT_SELECT = `m.must_change_password, m.terms_version, m.privacy_version,
  (select max(d.version) from legal_documents d where d.kind = 'terms') as terms_current,
  (select max(d.version) from legal_documents d where d.kind = 'privacy') as privacy_current`;
const SESSION_SELECT = `s.id, s.subject_kind, s.subject_id, s.created_at, s.last_active_at, s.expires_at,
  (select bool_or(b.until is null) from member_breaks b where b.member_id = s.subject_id) as break_permanent,
  (select max(b.until) from member_breaks b where b.member_id = s.subject_id) as break_until`;
const MEMBER_VIEW_SELECT = `m.id as member_id, m.user_id, m.nick, m.phone, m.bankname, m.bank_owner, m.banknum, m.level, m.state,
  ${REQUIREMENT_SELECT},
  coalesce((select a.balance from accounts a where a.member_id = m.id and a.kind = 'cash'), 0) as cash,
  coalesce((select a.balance from accounts a where a.member_id = m.id and a.kind = 'comp'), 0) as comp,
  coalesce((select a.balance from accounts a where a.member_id = m.id and a.kind = 'game'), 0) as game,
  (select count(*)::int from notes n
    where n.member_id = m.id and not n.is_read and n.deleted_at is null) as note_count,
  (select count(*)::int from helps h
    where h.member_id = m.id and h.state = 'already' and not h.is_read and h.deleted_at is null) as help_count`;

// Several sessions at once (`$1` an array of token hashes): the member calls that arrive together
// share one statement (db/batched-lookup.ts).
const principalsBySessions = preparedStatement<PrincipalRow & { token_hash: string }>(
  'member_principals_by_sessions',
  `select s.token_hash, ${SESSION_SELECT}, m.user_id, m.nick, m.level, m.state, ${REQUIREMENT_SELECT}
   from sessions s join members m on m.id = s.subject_id
   where s.token_hash = any($1::text[]) and s.subject_kind = 'member'`,
);

const viewsBySessions = preparedStatement<MemberSessionViewRow & { token_hash: string }>(
  'member_views_by_sessions',
  `select s.token_hash, ${SESSION_SELECT}, ${MEMBER_VIEW_SELECT}
   from sessions s join members m on m.id = s.subject_id
   where s.token_hash = any($1::text[]) and s.subject_kind = 'member'`,
);

const viewById = preparedStatement<MemberViewRow>(
  'member_view_by_id',
  `select ${MEMBER_VIEW_SELECT} from members m where m.id = $1`,
);

const PROFILE_COLUMNS = [
  'id',
  'user_id',
  'nick',
  'phone',
  'bankname',
  'bank_owner',
  'banknum',
  'level',
  'state',
] as const;

/**
 * An enabled registration code, matched regardless of letter case (members type codes by hand);
 * an exact match wins over a case-insensitive one.
 */
function enabledRegCode(executor: Database, code: string) {
  return executor
    .selectFrom('reg_codes')
    .select(['code', 'domain'])
    .where(sql<string>`lower(code)`, '=', code.toLowerCase())
    .where('is_enabled', '=', true)
    .orderBy(sql`code = ${code}`, 'desc')
    .limit(1);
}

/** Whether a member has `value` in `column` (a user id, nick, phone or account number taken). */
async function anyMember(
  executor: Database,
  column: ReferenceExpression<DB, 'members'>,
  value: string,
): Promise<boolean> {
  const row = await executor.selectFrom('members').select('id').where(column, '=', value).executeTakeFirst();
  return row !== undefined;
}

/**
 * SQL of the `members` table (the registration codes are written by reg-codes.repository.ts and
 * read here by registration), and the member calls' hot statements (above).
 */
export function createMembersRepository(db: Database) {
  const principalBySession = batchedLookup({
    readMany: async (hashes: readonly string[]) =>
      (await db.executeQuery(principalsBySessions([hashes]))).rows,
    keyOf: (row) => row.token_hash,
  });
  const viewBySession = batchedLookup({
    readMany: async (hashes: readonly string[]) => (await db.executeQuery(viewsBySessions([hashes]))).rows,
    keyOf: (row) => row.token_hash,
  });
  return {
    /** The columns the cashier decides on: state, bank account and exchange password hash. */
    async cashierView(memberId: number, trx: Database = db) {
      return trx
        .selectFrom('members')
        .select(['id', 'user_id', 'state', 'bankname', 'bank_owner', 'banknum', 'exchange_password_hash'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    /**
     * The cashier's withdrawal checks: the member's registration address and the addresses of its
     * latest successful sign-ins (distinct, newest first).
     */
    async reviewAddresses(memberId: number, limit: number, trx: Database = db) {
      const [member, signIns] = await Promise.all([
        trx.selectFrom('members').select('reg_ip').where('id', '=', memberId).executeTakeFirst(),
        trx
          .selectFrom('member_sign_ins')
          .select(['ip', (eb) => eb.fn.max('at').as('last')])
          .where('member_id', '=', memberId)
          .where('outcome', '=', 'success')
          .where('ip', 'is not', null)
          .groupBy('ip')
          .orderBy('last', 'desc')
          .limit(limit)
          .execute(),
      ]);
      return { regIp: member?.reg_ip ?? null, signInIps: signIns.map((r) => r.ip!) };
    },

    /** Other members that registered or signed in from any of these addresses (at most `limit` rows). */
    async membersOnAddresses(ips: readonly string[], exceptId: number, limit: number, trx: Database = db) {
      if (ips.length === 0) return [];
      const list = [...new Set(ips)];
      const [registered, signedIn] = await Promise.all([
        trx
          .selectFrom('members')
          .select(['id as member_id', 'user_id', 'reg_ip as ip'])
          .where('reg_ip', 'in', list)
          .where('id', '<>', exceptId)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
        trx
          .selectFrom('member_sign_ins as s')
          .innerJoin('members as m', 'm.id', 's.member_id')
          .select(['s.member_id', 'm.user_id', 's.ip'])
          .distinct()
          .where('s.ip', 'in', list)
          .where('s.member_id', '<>', exceptId)
          .where('s.outcome', '=', 'success')
          .limit(limit)
          .execute(),
      ]);
      return [
        ...registered.map((r) => ({
          memberId: r.member_id,
          userId: r.user_id,
          ip: r.ip!,
          source: 'reg' as const,
        })),
        ...signedIn.map((r) => ({
          memberId: r.member_id,
          userId: r.user_id,
          ip: r.ip!,
          source: 'sign_in' as const,
        })),
      ];
    },

    /** The member (other than `exceptId`) whose registered bank account number this is, if any. */
    async membersWithBanknum(banknum: string, exceptId: number, trx: Database = db) {
      return trx
        .selectFrom('members')
        .select(['id', 'user_id'])
        .where('banknum', '=', banknum)
        .where('id', '<>', exceptId)
        .execute();
    },

    /** The user ids of several members (lists of other modules that name members by id). */
    async userIdsOf(memberIds: readonly number[], trx: Database = db): Promise<Map<number, string>> {
      if (memberIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('members')
        .select(['id', 'user_id'])
        .where('id', 'in', [...new Set(memberIds)])
        .execute();
      return new Map(rows.map((r) => [r.id, r.user_id]));
    },

    /** A member's id and state by user id (the provider wallet names members by user id). */
    async idAndState(userId: string, trx: Database = db) {
      return trx
        .selectFrom('members')
        .select(['id', 'user_id', 'state'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** A member as the back office shows it. */
    async detailByUserId(userId: string, trx: Database = db) {
      return trx
        .selectFrom('members')
        .select([
          'id',
          'user_id',
          'nick',
          'phone',
          'bankname',
          'bank_owner',
          'banknum',
          'level',
          'state',
          'reg_code',
          'created_at',
          'last_login_at',
          'must_change_password',
          'partner_id',
        ])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Moves a member to a partner (null: directly under the house); the row locked, its partner before. */
    async setPartner(
      userId: string,
      partnerId: number | null,
      trx: Database,
    ): Promise<{ id: number; before: number | null } | undefined> {
      const row = await trx
        .selectFrom('members')
        .select(['id', 'partner_id'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return undefined;
      await trx.updateTable('members').set({ partner_id: partnerId }).where('id', '=', row.id).execute();
      return { id: row.id, before: row.partner_id };
    },

    /**
     * A new member joining on a site's host (docs/api/backoffice-sites.md) belongs to the site's
     * partner (its operator id) unless its registration code gave it one already.
     */
    async joinSitePartner(memberId: number, partnerOperatorId: string, trx: Database): Promise<void> {
      // A partner is an operator (its id is the operator's row id), and one of role partner.
      await sql`
        update members set partner_id = o.id
        from operators o join partners p on p.id = o.id
        where members.id = ${memberId} and members.partner_id is null
          and o.operator_id = ${partnerOperatorId.toLowerCase()}`.execute(trx);
    },

    /** How many members each of these partners holds directly. */
    async countByPartner(partnerIds: readonly number[], trx: Database = db): Promise<Map<number, number>> {
      if (partnerIds.length === 0) return new Map();
      const { rows } = await sql<{ partner_id: number; n: number }>`
        select partner_id, count(*)::int as n from members
        where partner_id = any(${partnerIds.map(Number)}::bigint[]) group by partner_id`.execute(trx);
      return new Map(rows.map((r) => [r.partner_id, r.n]));
    },

    /** The ids of the members of these partners. */
    async idsOfPartners(partnerIds: readonly number[], trx: Database = db): Promise<number[]> {
      if (partnerIds.length === 0) return [];
      const { rows } = await sql<{ id: number }>`
        select id from members where partner_id = any(${partnerIds.map(Number)}::bigint[])`.execute(trx);
      return rows.map((r) => r.id);
    },

    async findCredentialsByUserId(userId: string, trx?: Database): Promise<MemberCredentials | undefined> {
      return (trx ?? db)
        .selectFrom('members')
        .select(['id', 'user_id', 'password_hash', 'exchange_password_hash', 'state'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async findCredentialsById(id: number, trx?: Database): Promise<MemberCredentials | undefined> {
      return (trx ?? db)
        .selectFrom('members')
        .select(['id', 'user_id', 'password_hash', 'exchange_password_hash', 'state'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async findProfile(id: number, trx?: Database): Promise<MemberProfile | undefined> {
      return (trx ?? db)
        .selectFrom('members')
        .select(PROFILE_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * A member session and its member (every member call), in one statement shared with the
     * other calls of the same moment.
     */
    principalBySession(tokenHash: string): Promise<PrincipalRow | undefined> {
      return principalBySession(tokenHash);
    },

    /**
     * A member session with the member as TUser shows it (the health poll), in one statement
     * shared with the other polls of the same moment. `id` is the session's; the member's is
     * `member_id` (the session's subject).
     */
    viewBySession(tokenHash: string): Promise<MemberSessionViewRow | undefined> {
      return viewBySession(tokenHash);
    },

    /** The member as TUser shows it, in one statement. */
    async viewById(memberId: number, trx?: Database): Promise<MemberViewRow | undefined> {
      return (await (trx ?? db).executeQuery(viewById([memberId]))).rows[0];
    },

    userIdExists(userId: string, trx?: Database): Promise<boolean> {
      return anyMember(trx ?? db, 'user_id', userId);
    },

    /** Nicknames are unique regardless of Latin letter case (the index is on lower(nick)). */
    nickExists(nick: string, trx?: Database): Promise<boolean> {
      return anyMember(trx ?? db, sql<string>`lower(nick)`, nick.toLowerCase());
    },

    phoneExists(phone: string, trx?: Database): Promise<boolean> {
      return anyMember(trx ?? db, 'phone', phone);
    },

    banknumExists(banknum: string, trx?: Database): Promise<boolean> {
      return anyMember(trx ?? db, 'banknum', banknum);
    },

    async insertMember(row: NewMemberRow, trx?: Database): Promise<number> {
      const inserted = await (trx ?? db)
        .insertInto('members')
        .values({
          user_id: row.userId,
          nick: row.nick,
          password_hash: row.passwordHash,
          exchange_password_hash: row.exchangePasswordHash,
          phone: row.phone,
          bankname: row.bankname,
          bank_owner: row.bankOwner,
          banknum: row.banknum,
          state: row.state,
          reg_code: row.regCode,
          reg_ip: row.regIp,
          created_at: row.createdAt,
          updated_at: row.createdAt,
          terms_version: row.termsVersion ?? null,
          privacy_version: row.privacyVersion ?? null,
          terms_accepted_at: row.termsVersion != null || row.privacyVersion != null ? row.createdAt : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    /**
     * The member's reality-check interval in minutes (0: off), the `reality_check_minutes` column
     * the protection module's migration 0015 added; undefined for an unknown member.
     */
    async realityCheckMinutes(memberId: number, trx: Database = db): Promise<number | undefined> {
      const row = await trx
        .selectFrom('members')
        .select('reality_check_minutes')
        .where('id', '=', memberId)
        .executeTakeFirst();
      return row?.reality_check_minutes;
    },

    async setRealityCheckMinutes(memberId: number, minutes: number, trx: Database = db): Promise<void> {
      await trx
        .updateTable('members')
        .set({ reality_check_minutes: minutes })
        .where('id', '=', memberId)
        .execute();
    },

    async setLastLogin(id: number, at: Date, trx?: Database): Promise<void> {
      await (trx ?? db).updateTable('members').set({ last_login_at: at }).where('id', '=', id).execute();
    },

    /**
     * A new login password. `mustChange` is true for an operator's reset (the member must change it
     * at the next sign-in); a member's own change clears it.
     */
    async setPasswordHash(
      id: number,
      passwordHash: string,
      at: Date,
      trx?: Database,
      mustChange = false,
    ): Promise<void> {
      await (trx ?? db)
        .updateTable('members')
        .set({ password_hash: passwordHash, must_change_password: mustChange, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /** The legal versions the member accepted, locked until the caller's transaction ends. */
    async lockAcceptedVersions(id: number, trx: Database) {
      return trx
        .selectFrom('members')
        .select(['terms_version', 'privacy_version'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The latest legal versions the member accepted (the kinds given), and when. */
    async setAcceptedVersions(
      id: number,
      versions: ReadonlyArray<{ kind: 'terms' | 'privacy'; version: number }>,
      at: Date,
      trx: Database,
    ): Promise<void> {
      const set: { terms_version?: number; privacy_version?: number } = {};
      for (const { kind, version } of versions) set[`${kind}_version`] = version;
      await trx
        .updateTable('members')
        .set({ ...set, terms_accepted_at: at, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    async setExchangePasswordHash(
      id: number,
      exchangePasswordHash: string,
      at: Date,
      trx?: Database,
    ): Promise<void> {
      await (trx ?? db)
        .updateTable('members')
        .set({ exchange_password_hash: exchangePasswordHash, updated_at: at })
        .where('id', '=', id)
        .execute();
    },

    /**
     * The enabled code, locked against deletion and disabling until the registration's transaction
     * ends (`for share`), so a member is never registered under a code that has just gone.
     */
    async lockEnabledRegCode(code: string, trx: Database): Promise<RegCodeRow | undefined> {
      return enabledRegCode(trx, code).forShare().executeTakeFirst();
    },

    async findEnabledRegCode(code: string, trx?: Database): Promise<RegCodeRow | undefined> {
      return enabledRegCode(trx ?? db, code).executeTakeFirst();
    },

    /**
     * Enabled codes bound to a domain that mentions `host` somewhere (a cheap pre-filter: the
     * caller decides with the contract's host matcher), oldest first.
     */
    async enabledRegCodesMentioning(host: string, trx?: Database): Promise<RegCodeRow[]> {
      return (trx ?? db)
        .selectFrom('reg_codes')
        .select(['code', 'domain'])
        .where('is_enabled', '=', true)
        .where(sql<boolean>`strpos(lower(domain), ${host.toLowerCase()}) > 0`)
        .orderBy('created_at')
        .orderBy('code')
        .limit(100)
        .execute();
    },

    /**
     * The back office's member list: filters (userId and phone from the start, nick anywhere,
     * level, state, registration code, the code's domain), newest first, one page and the total.
     */
    async search(
      filter: MemberSearch,
      page: { offset: number; limit: number },
      trx: Database = db,
    ): Promise<{ rows: MemberListRow[]; total: number }> {
      let query = trx.selectFrom('members as m').leftJoin('reg_codes as rc', 'rc.code', 'm.reg_code');
      if (filter.userId) query = query.where('m.user_id', 'like', `${likeEscape(filter.userId)}%`);
      if (filter.nick)
        query = query.where(sql<string>`lower(m.nick)`, 'like', `%${likeEscape(filter.nick.toLowerCase())}%`);
      if (filter.phone) query = query.where('m.phone', 'like', `${likeEscape(filter.phone)}%`);
      if (filter.level !== undefined) query = query.where('m.level', '=', filter.level);
      if (filter.state) query = query.where('m.state', '=', filter.state);
      if (filter.regCode)
        query = query.where(sql<string>`lower(m.reg_code)`, '=', filter.regCode.toLowerCase());
      if (filter.domain)
        query = query.where(sql<boolean>`strpos(lower(rc.domain), ${filter.domain.toLowerCase()}) > 0`);
      if (filter.partnerIds)
        query = query.where(sql<boolean>`m.partner_id = any(${filter.partnerIds.map(Number)}::bigint[])`);
      const [rows, count] = await Promise.all([
        query
          .select([
            'm.id',
            'm.user_id',
            'm.nick',
            'm.phone',
            'm.level',
            'm.state',
            'm.bankname',
            'm.bank_owner',
            'm.banknum',
            'm.reg_code',
            'rc.domain as reg_domain',
            'm.created_at',
            'm.last_login_at',
            'm.partner_id',
            sql<number>`coalesce((select a.balance from accounts a where a.member_id = m.id and a.kind = 'cash'), 0)`.as(
              'cash',
            ),
            sql<number>`coalesce((select a.balance from accounts a where a.member_id = m.id and a.kind = 'comp'), 0)`.as(
              'comp',
            ),
          ])
          .orderBy('m.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        query.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        rows: rows.map((r) => ({ ...r, cash: Number(r.cash), comp: Number(r.comp) })),
        total: count.n,
      };
    },

    /** A member's state, locked until the caller's transaction ends (a back-office state change). */
    async lockState(userId: string, trx: Database) {
      return trx
        .selectFrom('members')
        .select(['id', 'user_id', 'state', 'level', 'must_change_password'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    async setState(id: number, state: MemberState, at: Date, trx: Database): Promise<void> {
      await trx.updateTable('members').set({ state, updated_at: at }).where('id', '=', id).execute();
    },

    async setLevel(id: number, level: number, at: Date, trx: Database): Promise<void> {
      await trx.updateTable('members').set({ level, updated_at: at }).where('id', '=', id).execute();
    },

    /** A member's level and state (the levels' benefits and automatic promotion, docs/api/levels.md). */
    async levelOf(
      id: number,
      trx: Database = db,
    ): Promise<{ level: number; state: MemberState; user_id: string } | undefined> {
      return trx
        .selectFrom('members')
        .select(['level', 'state', 'user_id'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Raises a member's level to `level` when it is lower (never lowers it): the level before, or
     * undefined when nothing changed. One statement, so parallel promotions settle on the highest.
     */
    async raiseLevel(id: number, level: number, at: Date, trx: Database): Promise<number | undefined> {
      const row = await sql<{ before: number }>`
        update members m set level = ${level}, updated_at = ${at}
        from (select id, level from members where id = ${id} for update) old
        where m.id = old.id and old.level < ${level}
        returning old.level as before`.execute(trx);
      return row.rows[0]?.before;
    },

    /** One sign-in attempt on a known member id (the sign-in history). */
    async insertSignIn(
      row: {
        memberId: number;
        at: Date;
        ip: string | null;
        userAgent: string | null;
        outcome: MemberSignInOutcome;
      },
      trx?: Database,
    ): Promise<void> {
      await (trx ?? db)
        .insertInto('member_sign_ins')
        .values({
          member_id: row.memberId,
          at: row.at,
          ip: row.ip,
          user_agent: row.userAgent,
          outcome: row.outcome,
        })
        .execute();
    },

    /** The member's latest successful sign-in before `before` (the one before the current session's). */
    async successfulSignInBefore(
      memberId: number,
      before: Date,
      trx: Database = db,
    ): Promise<Pick<MemberSignInRow, 'at' | 'ip'> | undefined> {
      return trx
        .selectFrom('member_sign_ins')
        .select(['at', 'ip'])
        .where('member_id', '=', memberId)
        .where('outcome', '=', 'success')
        .where('at', '<', before)
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** A member's sign-in attempts, newest first, one page and the total. */
    async signIns(
      memberId: number,
      page: { offset: number; limit: number },
      trx: Database = db,
    ): Promise<{ rows: MemberSignInRow[]; total: number }> {
      const [rows, count] = await Promise.all([
        trx
          .selectFrom('member_sign_ins')
          .select(['id', 'at', 'ip', 'user_agent', 'outcome'])
          .where('member_id', '=', memberId)
          .orderBy('at', 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        trx
          .selectFrom('member_sign_ins')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('member_id', '=', memberId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    // --- referral links (0025; docs/promotions.md "Referral") ---

    /** The member a registration names as recommender, with what the link's checks compare. */
    async recommenderByUserId(userId: string, trx: Database = db) {
      return trx
        .selectFrom('members')
        .select(['id', 'reg_ip', 'banknum'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Whether the member registered or ever signed in from `ip`. */
    async usedAddress(memberId: number, ip: string, trx: Database = db): Promise<boolean> {
      const row = await sql<{ used: boolean }>`
        select exists (select 1 from members where id = ${memberId} and reg_ip = ${ip})
            or exists (select 1 from member_sign_ins where member_id = ${memberId} and ip = ${ip}) as used`.execute(
        trx,
      );
      return row.rows[0]?.used === true;
    },

    async setRecommender(
      memberId: number,
      recommenderId: number,
      flag: ReferralFlag | null,
      trx: Database = db,
    ): Promise<void> {
      await trx
        .updateTable('members')
        .set({ recommender_id: recommenderId, referral_flag: flag })
        .where('id', '=', memberId)
        .execute();
    },

    /** The members who joined naming `recommenderId` (a self-link left out), newest first, one page and the total. */
    async referees(recommenderId: number, page: { offset: number; limit: number }, trx: Database = db) {
      const base = trx
        .selectFrom('members')
        .where('recommender_id', '=', recommenderId)
        .where('id', '<>', recommenderId);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'nick', 'created_at'])
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: count.n };
    },

    /** The recommender of each of these members whose link is paid (not flagged). */
    async paidRecommenders(memberIds: readonly number[], trx: Database = db): Promise<Map<number, number>> {
      if (memberIds.length === 0) return new Map();
      const rows = await trx
        .selectFrom('members')
        .select(['id', 'recommender_id'])
        .where('id', 'in', [...memberIds])
        .where('recommender_id', 'is not', null)
        .where('referral_flag', 'is', null)
        .execute();
      return new Map(rows.map((r) => [r.id, r.recommender_id!]));
    },

    /** Level and state of each of these members (what a reward looks at). */
    async rewardProfiles(memberIds: readonly number[], trx: Database = db) {
      if (memberIds.length === 0) return [];
      return trx
        .selectFrom('members')
        .select(['id', 'level', 'state'])
        .where('id', 'in', [...memberIds])
        .execute();
    },

    /** The flagged referral links, newest first, one page and the total. */
    async flaggedReferrals(page: { offset: number; limit: number }, trx: Database = db) {
      const [rows, count] = await Promise.all([
        trx
          .selectFrom('members as m')
          .innerJoin('members as r', 'r.id', 'm.recommender_id')
          .select(['m.user_id', 'm.nick', 'r.user_id as recommender', 'm.referral_flag', 'm.created_at'])
          .where('m.referral_flag', 'is not', null)
          .orderBy('m.created_at', 'desc')
          .orderBy('m.id', 'desc')
          .offset(page.offset)
          .limit(page.limit)
          .execute(),
        trx
          .selectFrom('members')
          .select([
            sql<number>`count(*) filter (where referral_flag is not null)::int`.as('flagged'),
            sql<number>`count(*) filter (where recommender_id is not null)::int`.as('links'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, flagged: count.flagged, links: count.links };
    },

    /** The user id of the member's recommender, or null. */
    async recommenderOf(memberId: number, trx: Database = db): Promise<string | null> {
      const row = await trx
        .selectFrom('members as m')
        .innerJoin('members as r', 'r.id', 'm.recommender_id')
        .select('r.user_id')
        .where('m.id', '=', memberId)
        .executeTakeFirst();
      return row?.user_id ?? null;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
