import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

export interface AuditRow {
  operatorId: number | null;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/**
 * What the audit log viewer filters by: the operator's sign-in id (`actor`), the action (exact, or
 * every action of an area when `actionArea`), the target, and [from, to) of `created_at`.
 */
export interface AuditFilter {
  actor?: string | undefined;
  action?: string | undefined;
  actionArea?: boolean | undefined;
  target?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function filtered<Q extends SelectQueryBuilder<DB, 'audit_log', object>>(q: Q, f: AuditFilter): Q {
  let out = q;
  if (f.actor) out = out.where('actor', '=', f.actor) as Q;
  // Every `<area>.<verb>`: the range from `<area>.` up to `<area>/` ('/' follows '.').
  if (f.action && f.actionArea)
    out = out.where('action', '>=', `${f.action}.`).where('action', '<', `${f.action}/`) as Q;
  else if (f.action) out = out.where('action', '=', f.action) as Q;
  if (f.target) out = out.where('target', '=', f.target) as Q;
  if (f.from) out = out.where('created_at', '>=', f.from) as Q;
  if (f.to) out = out.where('created_at', '<', f.to) as Q;
  return out;
}

function valuesOf(row: AuditRow) {
  return {
    operator_id: row.operatorId,
    actor: row.actor,
    action: row.action,
    target: row.target,
    before: row.before === undefined ? null : JSON.stringify(row.before),
    after: row.after === undefined ? null : JSON.stringify(row.after),
    ip: row.ip,
  };
}

export function createAuditRepository(db: Database) {
  return {
    async insert(row: AuditRow, trx: Database = db): Promise<void> {
      await trx.insertInto('audit_log').values(valuesOf(row)).execute();
    },

    /** Several records in one statement (at most a few thousand: 7 parameters each). */
    async insertMany(rows: readonly AuditRow[], trx: Database = db): Promise<void> {
      if (rows.length > 0) await trx.insertInto('audit_log').values(rows.map(valuesOf)).execute();
    },

    async list(filter: AuditFilter & { limit: number; offset: number }, trx: Database = db) {
      return filtered(trx.selectFrom('audit_log').selectAll(), filter)
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .offset(filter.offset)
        .execute();
    },

    async count(filter: AuditFilter, trx: Database = db): Promise<number> {
      const q = filtered(
        trx.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')),
        filter,
      );
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
