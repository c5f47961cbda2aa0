import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { createSessionRepository, type SessionRow, type SubjectKind } from './session.repository.ts';

export type { SubjectKind } from './session.repository.ts';

/** A live session as the service hands it out. */
export interface Session {
  id: number;
  subjectKind: SubjectKind;
  subjectId: number;
  createdAt: Date;
  lastActiveAt: Date;
  /** The absolute end: creation + absolute timeout. */
  absoluteExpiresAt: Date;
  /** When the session ends without further activity: the earlier of the idle and absolute ends. */
  expiresAt: Date;
}

export interface CreatedSession {
  /** The cookie value: 256 random bits, base64url. Only its SHA-256 hash is stored. */
  token: string;
  session: Session;
}

export interface SessionServiceDeps {
  db: Database;
  /** Idle timeout: a session without activity for this long is over. */
  idleMs: number;
  /** Absolute timeout: a session is over this long after sign-in, whatever the activity. */
  absoluteMs: number;
  now: () => Date;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** A launch token is good for bets this long after its last use (docs/api/member-calls.md, `open-game`). */
export const GAME_TOKEN_TTL_MS = 12 * 3_600_000;
/** Expired sessions of every subject are swept at most this often per instance, on sign-in. */
const SWEEP_INTERVAL_MS = 10 * 60_000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Server-side sessions for members (cookie `sid`) and operators (cookie `bo_sid`): a random token
 * in the cookie, its hash in `sessions`. Expired sessions are deleted lazily: when they are next
 * presented, when their subject signs in again, and by a sweep at most every ten minutes.
 */
export function createSessionService(deps: SessionServiceDeps) {
  const { idleMs, absoluteMs, now } = deps;
  const repo = createSessionRepository(deps.db);
  // Writing last_active_at on every request would cost a write per call; a minute of imprecision
  // on a 30-minute idle timeout is not worth that.
  const touchIntervalMs = Math.min(60_000, Math.floor(idleMs / 30));
  let lastSweepAt = 0;

  function view(row: SessionRow): Session {
    const idleEnd = row.last_active_at.getTime() + idleMs;
    return {
      id: row.id,
      subjectKind: row.subject_kind,
      subjectId: row.subject_id,
      createdAt: row.created_at,
      lastActiveAt: row.last_active_at,
      absoluteExpiresAt: row.expires_at,
      expiresAt: new Date(Math.min(idleEnd, row.expires_at.getTime())),
    };
  }

  async function sweep(at: Date): Promise<void> {
    if (at.getTime() - lastSweepAt < SWEEP_INTERVAL_MS) return;
    lastSweepAt = at.getTime();
    await repo.deleteExpired(at, new Date(at.getTime() - idleMs));
  }

  /** The stored hash of a cookie value, or undefined when it cannot be a token of ours. */
  function tokenHashOf(token: string | undefined): string | undefined {
    return typeof token === 'string' && TOKEN_PATTERN.test(token) ? hashToken(token) : undefined;
  }

  /**
   * The timeout rules: null, and the row deleted, when it is past its idle or absolute end; else
   * the session, its activity marked when `touch` is set (written at most once a minute).
   */
  async function admit(
    row: SessionRow,
    options: { touch: boolean },
    trx?: Database,
  ): Promise<Session | null> {
    const at = now();
    if (at >= row.expires_at || at.getTime() >= row.last_active_at.getTime() + idleMs) {
      await repo.deleteExpiredById(row.id, trx);
      return null;
    }
    if (options.touch && at.getTime() - row.last_active_at.getTime() >= touchIntervalMs) {
      await repo.touch(row.id, at, trx);
      row.last_active_at = at;
    }
    return view(row);
  }

  return {
    idleMs,
    absoluteMs,
    tokenHashOf,
    /**
     * The timeout rules applied to a session row another module read together with its own data
     * (the member calls read the session and the member in one statement, `sessionRowColumns`).
     */
    admit,

    /** Opens a session for a subject that has just proven who it is. */
    async create(
      subjectKind: SubjectKind,
      subjectId: number,
      meta: { ip?: string | null; userAgent?: string | null } = {},
      trx?: Database,
    ): Promise<CreatedSession> {
      const at = now();
      const token = randomBytes(32).toString('base64url');
      await repo.deleteExpiredOfSubject(subjectKind, subjectId, at, new Date(at.getTime() - idleMs), trx);
      const row = await repo.insert(
        {
          tokenHash: hashToken(token),
          subjectKind,
          subjectId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + absoluteMs),
          ip: meta.ip?.slice(0, 64) ?? null,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        },
        trx,
      );
      if (!trx?.isTransaction) await sweep(at);
      return { token, session: view(row) };
    },

    /**
     * The live session behind a token, or null. An expired one is deleted. `touch` marks the
     * subject's activity and extends the idle timeout (never past the absolute one).
     */
    async resolve(
      subjectKind: SubjectKind,
      token: string | undefined,
      options: { touch: boolean },
      trx?: Database,
    ): Promise<Session | null> {
      const tokenHash = tokenHashOf(token);
      if (!tokenHash) return null;
      const row = await repo.findByTokenHash(subjectKind, tokenHash, trx);
      return row ? admit(row, options, trx) : null;
    },

    /** The addresses of a member's sessions, newest first (the cashier's withdrawal checks). */
    memberIps(memberId: number, trx?: Database): Promise<string[]> {
      return repo.memberIps(memberId, 10, trx);
    },

    /** Other members with a session from any of these addresses (the cashier's withdrawal checks). */
    async membersOnIps(ips: readonly string[], exceptId: number, trx?: Database) {
      const rows = await repo.membersOnIps(ips, exceptId, 20, trx);
      return rows.map((r) => ({ memberId: r.member_id, ip: r.ip! }));
    },

    /** A subject's live sessions with their address and user agent (the operator's sessions list). */
    listLive(subjectKind: SubjectKind, subjectId: number, trx?: Database) {
      const at = now();
      return repo.listLiveOfSubject(subjectKind, subjectId, at, new Date(at.getTime() - idleMs), trx);
    },

    /**
     * Ends one of a subject's own sessions (a member signing out one device) and the launch tokens
     * it opened; false when it has none by that id.
     */
    async revokeOwn(subjectKind: SubjectKind, subjectId: number, sessionId: number, trx?: Database) {
      return repo.deleteOwn(subjectKind, subjectId, sessionId, trx);
    },

    /** Ends one session, and the launch tokens it opened. */
    async revoke(sessionId: number, trx?: Database): Promise<boolean> {
      return repo.deleteById(sessionId, trx);
    },

    /** Ends the session behind a token (sign-out), and the launch tokens it opened. */
    async revokeToken(subjectKind: SubjectKind, token: string | undefined, trx?: Database): Promise<boolean> {
      const tokenHash = tokenHashOf(token);
      return tokenHash ? repo.deleteByTokenHash(subjectKind, tokenHash, trx) : false;
    },

    /**
     * A launch token for one member and one provider (docs/api/member-calls.md, `open-game`), opened by the
     * member's session `sessionId`: good for 12 hours after its last use, and ended with that session
     * (sign-out, end-session, every session ended; migration 0017). Null when that session has just ended (a
     * sign-out racing the launch): the token is not made. Runs outside any transaction, since that refusal
     * would abort it.
     */
    async createGameToken(
      member: { memberId: number; sessionId: number },
      provider: string,
    ): Promise<string | null> {
      const at = now();
      const token = randomBytes(32).toString('base64url');
      try {
        await repo.insert({
          tokenHash: hashToken(token),
          subjectKind: 'game',
          subjectId: member.memberId,
          provider,
          openedBy: member.sessionId,
          createdAt: at,
          expiresAt: new Date(at.getTime() + GAME_TOKEN_TTL_MS),
          ip: null,
          userAgent: null,
        });
      } catch (error) {
        // foreign_key_violation: the opening session is gone.
        if ((error as { code?: unknown } | null)?.code === '23503') return null;
        throw error;
      }
      return token;
    },

    /**
     * The member behind a provider's live launch token, or null (unknown, another provider's, or
     * expired: then deleted). `use` extends it to 12 hours from now (written at most once a minute).
     */
    async resolveGameToken(
      provider: string,
      token: string | undefined,
      options: { use: boolean },
      trx?: Database,
    ): Promise<{ memberId: number } | null> {
      const tokenHash = tokenHashOf(token);
      if (!tokenHash) return null;
      const row = await repo.findGameToken(provider, tokenHash, trx);
      if (!row) return null;
      const at = now();
      if (at >= row.expires_at) {
        await repo.deleteById(row.id, trx);
        return null;
      }
      if (options.use && at.getTime() - row.last_active_at.getTime() >= 60_000)
        await repo.extendGameToken(row.id, at, new Date(at.getTime() + GAME_TOKEN_TTL_MS), trx);
      return { memberId: row.subject_id };
    },

    /**
     * Ends every session of a subject (blocking a member, a password change, a disabled operator),
     * except `exceptSessionId` when given; a member's launch tokens end with them. Returns how many ended.
     */
    async revokeAllFor(
      subjectKind: SubjectKind,
      subjectId: number,
      options: { exceptSessionId?: number } = {},
      trx?: Database,
    ): Promise<number> {
      return repo.deleteBySubject(subjectKind, subjectId, options.exceptSessionId, trx);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
