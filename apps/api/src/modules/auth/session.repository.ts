import type { Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { SessionsTable } from '../../db/schema.ts';

export type SubjectKind = SessionsTable['subject_kind'];

/** A session row as read (picked from the Kysely schema, so a column change shows up here). */
export type SessionRow = Pick<
  Selectable<SessionsTable>,
  'id' | 'subject_kind' | 'subject_id' | 'created_at' | 'last_active_at' | 'expires_at'
>;

export interface NewSessionRow {
  tokenHash: string;
  subjectKind: SubjectKind;
  subjectId: number;
  /** A launch token's provider (`subjectKind` 'game'). */
  provider?: string;
  /** A launch token's member session: the token is deleted with it (migration 0017). */
  openedBy?: number;
  createdAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

const SESSION_COLUMNS = [
  'id',
  'subject_kind',
  'subject_id',
  'created_at',
  'last_active_at',
  'expires_at',
] as const;

/** The session (of that kind) a token's hash names. */
function byToken(trx: Database, subjectKind: SubjectKind, tokenHash: string) {
  return trx
    .selectFrom('sessions')
    .select(SESSION_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .where('subject_kind', '=', subjectKind);
}

/** SQL of the `sessions` table. Tokens never reach the database: only their SHA-256 hashes do. */
export function createSessionRepository(db: Database) {
  return {
    async insert(row: NewSessionRow, trx?: Database): Promise<SessionRow> {
      return (trx ?? db)
        .insertInto('sessions')
        .values({
          token_hash: row.tokenHash,
          subject_kind: row.subjectKind,
          subject_id: row.subjectId,
          provider: row.provider ?? null,
          opened_by: row.openedBy ?? null,
          created_at: row.createdAt,
          last_active_at: row.createdAt,
          expires_at: row.expiresAt,
          ip: row.ip,
          user_agent: row.userAgent,
        })
        .returning(SESSION_COLUMNS)
        .executeTakeFirstOrThrow();
    },

    /** A subject's live sessions (not past either timeout) with where they came from, newest first. */
    /** The addresses of a member's sessions (live or not yet swept), newest first. */
    async memberIps(memberId: number, limit: number, trx?: Database): Promise<string[]> {
      const rows = await (trx ?? db)
        .selectFrom('sessions')
        .select(['ip', (eb) => eb.fn.max('id').as('last')])
        .where('subject_kind', '=', 'member')
        .where('subject_id', '=', memberId)
        .where('ip', 'is not', null)
        .groupBy('ip')
        .orderBy('last', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => r.ip!);
    },

    /** Other members with a session from any of these addresses. */
    async membersOnIps(ips: readonly string[], exceptId: number, limit: number, trx?: Database) {
      if (ips.length === 0) return [];
      return (trx ?? db)
        .selectFrom('sessions')
        .select(['subject_id as member_id', 'ip'])
        .distinct()
        .where('subject_kind', '=', 'member')
        .where('ip', 'in', [...new Set(ips)])
        .where('subject_id', '<>', exceptId)
        .limit(limit)
        .execute();
    },

    async listLiveOfSubject(
      subjectKind: SubjectKind,
      subjectId: number,
      at: Date,
      idleCutoff: Date,
      trx?: Database,
    ) {
      return (trx ?? db)
        .selectFrom('sessions')
        .select(['id', 'ip', 'user_agent', 'created_at', 'last_active_at'])
        .where('subject_kind', '=', subjectKind)
        .where('subject_id', '=', subjectId)
        .where('expires_at', '>', at)
        .where('last_active_at', '>', idleCutoff)
        .orderBy('id', 'desc')
        .limit(100)
        .execute();
    },

    async findByTokenHash(
      subjectKind: SubjectKind,
      tokenHash: string,
      trx?: Database,
    ): Promise<SessionRow | undefined> {
      return byToken(trx ?? db, subjectKind, tokenHash).executeTakeFirst();
    },

    /** A provider's live or expired launch token. */
    async findGameToken(
      provider: string,
      tokenHash: string,
      trx?: Database,
    ): Promise<SessionRow | undefined> {
      return byToken(trx ?? db, 'game', tokenHash)
        .where('provider', '=', provider)
        .executeTakeFirst();
    },

    /** A launch token's use: its end moves to `expiresAt` (forward only). */
    async extendGameToken(id: number, at: Date, expiresAt: Date, trx?: Database): Promise<void> {
      await (trx ?? db)
        .updateTable('sessions')
        .set({ last_active_at: at, expires_at: expiresAt })
        .where('id', '=', id)
        .where('expires_at', '<', expiresAt)
        .execute();
    },

    /** Moves `last_active_at` forward only (two requests racing never move it back). */
    async touch(id: number, at: Date, trx?: Database): Promise<void> {
      await (trx ?? db)
        .updateTable('sessions')
        .set({ last_active_at: at })
        .where('id', '=', id)
        .where('last_active_at', '<', at)
        .execute();
    },

    /** Ends one session, and with it the launch tokens it opened (`on delete cascade`). */
    async deleteById(id: number, trx?: Database): Promise<boolean> {
      const result = await (trx ?? db).deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Deletes one expired session. Its launch tokens are detached first: an expiry is not a
     * sign-out, and they keep their own 12 hours (migration 0017).
     */
    async deleteExpiredById(id: number, trx?: Database): Promise<boolean> {
      const q = trx ?? db;
      await q.updateTable('sessions').set({ opened_by: null }).where('opened_by', '=', id).execute();
      const result = await q.deleteFrom('sessions').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteOwn(
      subjectKind: SubjectKind,
      subjectId: number,
      id: number,
      trx?: Database,
    ): Promise<boolean> {
      const result = await (trx ?? db)
        .deleteFrom('sessions')
        .where('id', '=', id)
        .where('subject_kind', '=', subjectKind)
        .where('subject_id', '=', subjectId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteByTokenHash(subjectKind: SubjectKind, tokenHash: string, trx?: Database): Promise<boolean> {
      const result = await (trx ?? db)
        .deleteFrom('sessions')
        .where('token_hash', '=', tokenHash)
        .where('subject_kind', '=', subjectKind)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async deleteBySubject(
      subjectKind: SubjectKind,
      subjectId: number,
      exceptSessionId: number | undefined,
      trx?: Database,
    ): Promise<number> {
      // A member's launch tokens end with the member's sessions (docs/api/member-calls.md, `open-game`).
      const kinds: SubjectKind[] = subjectKind === 'member' ? ['member', 'game'] : [subjectKind];
      let query = (trx ?? db)
        .deleteFrom('sessions')
        .where('subject_kind', 'in', kinds)
        .where('subject_id', '=', subjectId);
      if (exceptSessionId !== undefined) query = query.where('id', '<>', exceptSessionId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Deletes one subject's sessions that are past their absolute or idle expiry. */
    async deleteExpiredOfSubject(
      subjectKind: SubjectKind,
      subjectId: number,
      at: Date,
      idleSince: Date,
      trx?: Database,
    ): Promise<void> {
      const q = trx ?? db;
      const expired = q
        .selectFrom('sessions')
        .select('id')
        .where('subject_kind', '=', subjectKind)
        .where('subject_id', '=', subjectId)
        .where((eb) => eb.or([eb('expires_at', '<=', at), eb('last_active_at', '<=', idleSince)]));
      // Their launch tokens are detached first: an expiry is not a sign-out (migration 0017).
      await q.updateTable('sessions').set({ opened_by: null }).where('opened_by', 'in', expired).execute();
      await q.deleteFrom('sessions').where('id', 'in', expired).execute();
    },

    /**
     * Deletes every session past its absolute or idle expiry (launch tokens have no idle rule).
     * The launch tokens of an expired member session are detached first: an expiry is not a
     * sign-out, and they keep their own 12 hours (migration 0017).
     */
    async deleteExpired(at: Date, idleSince: Date, trx?: Database): Promise<number> {
      const q = trx ?? db;
      const expired = q
        .selectFrom('sessions')
        .select('id')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', at),
            eb.and([eb('subject_kind', '<>', 'game'), eb('last_active_at', '<=', idleSince)]),
          ]),
        );
      await q.updateTable('sessions').set({ opened_by: null }).where('opened_by', 'in', expired).execute();
      const result = await q.deleteFrom('sessions').where('id', 'in', expired).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
