import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';
import type { LedgerService } from '../src/modules/ledger/ledger.service.ts';

let seq = 0;

/**
 * Inserts a bare member row (the ledger tests need only the foreign key target) and opens the
 * member's accounts, funded from bank_clearing when `cash` or `comp` is given.
 */
export async function createLedgerMember(
  db: Database,
  ledger: LedgerService,
  overrides: { cash?: number; comp?: number; game?: number } = {},
): Promise<number> {
  seq += 1;
  const tag = `${seq.toString(36)}${randomBytes(3).toString('hex')}`;
  const digits = String(Number.parseInt(randomBytes(4).toString('hex'), 16))
    .padStart(9, '0')
    .slice(0, 9);
  const row = await db
    .insertInto('members')
    .values({
      user_id: `l${tag}`,
      nick: `n${tag}`,
      password_hash: 'x',
      exchange_password_hash: 'x',
      phone: `010${digits}${seq}`,
      bankname: 'KB',
      bank_owner: 'owner',
      banknum: `${digits}${seq}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ledger.openMemberAccounts(row.id);
  for (const kind of ['cash', 'comp', 'game'] as const) {
    const amount = overrides[kind];
    if (amount) {
      await ledger.transfer({
        debit: { system: kind === 'comp' ? 'comp_expense' : 'bank_clearing' },
        credit: { memberId: row.id, kind },
        amount,
        code: kind === 'comp' ? 'comp' : 'deposit',
        idempotencyKey: `fund-${row.id}-${kind}`,
        source: 'test',
      });
    }
  }
  return row.id;
}

/** Whether the file runs on the PostgreSQL server (concurrency tests mean something only there). */
export const onPostgres = Boolean(process.env.DATABASE_URL);
