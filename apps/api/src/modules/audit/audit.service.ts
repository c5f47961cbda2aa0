import type { Database } from '../../db/database.ts';
import { addDays, siteDayStart } from '@casino/contracts/site-time';
import { createAuditRepository, type AuditFilter } from './audit.repository.ts';

/** Who did it: an operator, or the system itself (operatorId null, e.g. the bootstrap step). */
export interface AuditActor {
  operatorId: number | null;
  /** The operator's sign-in id, or 'system'. */
  actor: string;
  ip: string | null;
}

export interface AuditEntry {
  /** What, as `<area>.<verb>`: `deposit.approve`, `member.adjust`, `settings.cashier` ... */
  action: string;
  /** On what, as `<kind>:<id>`: `deposit:12`, `member:alice`, `settings:cashier` ... */
  target: string;
  before?: unknown;
  after?: unknown;
}

function rowOf(who: AuditActor, entry: AuditEntry) {
  return {
    operatorId: who.operatorId,
    actor: who.actor,
    action: entry.action,
    target: entry.target,
    before: entry.before,
    after: entry.after,
    ip: who.ip,
  };
}

/**
 * The append-only audit log: every operator action that changes money, a member or content. Write
 * it inside the action's own transaction, so an action and its record commit or vanish together.
 * The database refuses updates and deletes of the log (a trigger), whatever the code above it does.
 */
export function createAuditService(deps: {
  db: Database;
  /** The site's time zone (config SITE_TIME_ZONE): the days the log is filtered by. */
  zone: string;
}) {
  const { zone } = deps;
  const repo = createAuditRepository(deps.db);
  return {
    record(who: AuditActor, entry: AuditEntry, trx?: Database): Promise<void> {
      return repo.insert(rowOf(who, entry), trx);
    },

    /** One action's records in one statement (a CSV import's entries; a few thousand at most). */
    recordMany(who: AuditActor, entries: readonly AuditEntry[], trx?: Database): Promise<void> {
      return repo.insertMany(
        entries.map((entry) => rowOf(who, entry)),
        trx,
      );
    },

    /**
     * The log, newest first, filtered (docs/api/backoffice-reports.md): `operatorId` (any case),
     * `action` (exact, or every action of an area when it has no dot), `member` (target
     * `member:<userId>`), `target`, and the site's days `from`..`to` (both included).
     */
    async list(
      options: {
        operatorId?: string | undefined;
        action?: string | undefined;
        member?: string | undefined;
        target?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
        page: number;
        pageSize: number;
      },
      trx?: Database,
    ) {
      const offset = (options.page - 1) * options.pageSize;
      const filter: AuditFilter = {
        actor: options.operatorId?.toLowerCase() || undefined,
        action: options.action || undefined,
        actionArea: options.action ? !options.action.includes('.') : undefined,
        // A member's own entries are filed under `member:<userId>` (user ids are kept lower-case).
        target: options.target || (options.member ? `member:${options.member.toLowerCase()}` : undefined),
        from: options.from ? siteDayStart(options.from, zone) : undefined,
        to: options.to ? siteDayStart(addDays(options.to, 1), zone) : undefined,
      };
      const [rows, maxCount] = await Promise.all([
        repo.list({ ...filter, limit: options.pageSize, offset }, trx),
        repo.count(filter, trx),
      ]);
      return {
        maxCount,
        list: rows.map((r) => ({
          id: r.id,
          operatorId: r.actor,
          action: r.action,
          target: r.target,
          before: r.before ?? null,
          after: r.after ?? null,
          ip: r.ip,
          regDate: r.created_at.toISOString(),
        })),
      };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
