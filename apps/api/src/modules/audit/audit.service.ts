import type { Database } from '../../db/database.ts';
import { createAuditRepository } from './audit.repository.ts';

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

/**
 * The append-only audit log: every operator action that changes money, a member or content. Write
 * it inside the action's own transaction, so an action and its record commit or vanish together.
 * The database refuses updates and deletes of the log (a trigger), whatever the code above it does.
 */
export function createAuditService(deps: { db: Database }) {
  const repo = createAuditRepository(deps.db);
  return {
    record(who: AuditActor, entry: AuditEntry, trx?: Database): Promise<void> {
      return repo.insert(
        {
          operatorId: who.operatorId,
          actor: who.actor,
          action: entry.action,
          target: entry.target,
          before: entry.before,
          after: entry.after,
          ip: who.ip,
        },
        trx,
      );
    },

    async list(options: { target?: string; page: number; pageSize: number }, trx?: Database) {
      const offset = (options.page - 1) * options.pageSize;
      const [rows, maxCount] = await Promise.all([
        repo.list({ target: options.target, limit: options.pageSize, offset }, trx),
        repo.count({ target: options.target }, trx),
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
