import type { Database } from '../../db/database.ts';

export interface AuditRow {
  operatorId: number | null;
  actor: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

export function createAuditRepository(db: Database) {
  return {
    async insert(row: AuditRow, trx: Database = db): Promise<void> {
      await trx
        .insertInto('audit_log')
        .values({
          operator_id: row.operatorId,
          actor: row.actor,
          action: row.action,
          target: row.target,
          before: row.before === undefined ? null : JSON.stringify(row.before),
          after: row.after === undefined ? null : JSON.stringify(row.after),
          ip: row.ip,
        })
        .execute();
    },

    async list(options: { target?: string; limit: number; offset: number }, trx: Database = db) {
      let q = trx.selectFrom('audit_log').selectAll();
      if (options.target) q = q.where('target', '=', options.target);
      return q.orderBy('id', 'desc').limit(options.limit).offset(options.offset).execute();
    },

    async count(options: { target?: string }, trx: Database = db): Promise<number> {
      let q = trx.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n'));
      if (options.target) q = q.where('target', '=', options.target);
      const row = await q.executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
