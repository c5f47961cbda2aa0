import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { OperatorRole, OperatorsTable } from '../../db/schema.ts';

/** One operator as the account and operator screens need it (the hashes and secrets stay here). */
export type OperatorSecurityRow = Pick<
  Selectable<OperatorsTable>,
  | 'id'
  | 'operator_id'
  | 'password_hash'
  | 'role'
  | 'totp_secret'
  | 'totp_pending_secret'
  | 'is_active'
  | 'must_change_password'
  | 'created_at'
  | 'last_login_at'
>;

const COLUMNS = [
  'id',
  'operator_id',
  'password_hash',
  'role',
  'totp_secret',
  'totp_pending_secret',
  'is_active',
  'must_change_password',
  'created_at',
  'last_login_at',
] as const;

/** What an owner or the operator itself may change on an operator's row. */
export interface OperatorChange {
  role?: OperatorRole;
  is_active?: boolean;
  password_hash?: string;
  must_change_password?: boolean;
  totp_secret?: string | null;
  totp_pending_secret?: string | null;
  totp_last_step?: number | null;
}

/**
 * The SQL of operator accounts (docs/api/backoffice-operators.md): the `operators` table belongs to
 * the back-office module, which writes it only here (sign-in and the first-start owner included)
 * and reads it here and in backoffice.repository.ts.
 */
export function createOperatorsRepository(db: Database) {
  return {
    async byId(id: number, trx: Database = db): Promise<OperatorSecurityRow | undefined> {
      return trx.selectFrom('operators').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    /** The row, locked until the transaction ends. */
    async lockById(id: number, trx: Database): Promise<OperatorSecurityRow | undefined> {
      return trx
        .selectFrom('operators')
        .select(COLUMNS)
        .where('id', '=', id)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /** The row of a (lower-cased) operator id, locked until the transaction ends. */
    async lockByOperatorId(operatorId: string, trx: Database): Promise<OperatorSecurityRow | undefined> {
      return trx
        .selectFrom('operators')
        .select(COLUMNS)
        .where('operator_id', '=', operatorId)
        .forNoKeyUpdate()
        .executeTakeFirst();
    },

    /**
     * Locks every active owner's row and returns their ids: two owners changing each other at the
     * same moment take turns, so the second one sees what the first one left (the last-owner guard).
     */
    // The locks of operators rows are `for no key update`: they exclude each other as `for update`
    // would, but not the `for key share` of a foreign key check. Every audit record names its
    // operator through one, so with `for update` an owner's PATCH of a partner (holding the partner's
    // rows) waited on the owners' rows held by a deactivation waiting on that partner: a deadlock.
    async lockActiveOwners(trx: Database): Promise<number[]> {
      const rows = await trx
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'owner')
        .where('is_active', '=', true)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute();
      return rows.map((r) => r.id);
    },

    /** Whether an active owner other than `exceptId` has TOTP on (owners then must have it). */
    async activeOwnerWithTotp(exceptId: number | null, trx: Database = db): Promise<boolean> {
      let query = trx
        .selectFrom('operators')
        .select('id')
        .where('role', '=', 'owner')
        .where('is_active', '=', true)
        .where('totp_secret', 'is not', null);
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return (await query.limit(1).executeTakeFirst()) !== undefined;
    },

    async list(trx: Database = db) {
      return trx
        .selectFrom('operators')
        .select([
          'id',
          'operator_id',
          'role',
          'is_active',
          'must_change_password',
          'created_at',
          'last_login_at',
          sql<boolean>`totp_secret is not null`.as('has_totp'),
        ])
        .orderBy('id')
        .execute();
    },

    async insert(
      row: {
        operatorId: string;
        passwordHash: string;
        role: OperatorRole;
        totpSecret: string | null;
        mustChangePassword: boolean;
      },
      trx: Database,
    ): Promise<number | undefined> {
      const inserted = await trx
        .insertInto('operators')
        .values({
          operator_id: row.operatorId,
          password_hash: row.passwordHash,
          role: row.role,
          totp_secret: row.totpSecret,
          must_change_password: row.mustChangePassword,
        })
        .onConflict((oc) => oc.column('operator_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted?.id;
    },

    /** The rows whose TOTP secret or pending secret is still plain text (not `v1:`), locked. */
    async lockPlainTotpSecrets(trx: Database) {
      return trx
        .selectFrom('operators')
        .select(['id', 'totp_secret', 'totp_pending_secret'])
        .where((eb) =>
          eb.or([eb('totp_secret', 'not like', 'v1:%'), eb('totp_pending_secret', 'not like', 'v1:%')]),
        )
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /**
     * Replaces the stored TOTP secret `from` by `to` (a plain secret by its sealed form); nothing
     * when the secret changed meanwhile (a reset or a removal wins).
     */
    async replaceTotpSecret(id: number, from: string, to: string, trx: Database = db): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ totp_secret: to })
        .where('id', '=', id)
        .where('totp_secret', '=', from)
        .execute();
    },

    async touchLastLogin(id: number, at: Date, trx: Database = db): Promise<void> {
      await trx.updateTable('operators').set({ last_login_at: at }).where('id', '=', id).execute();
    },

    async update(id: number, change: OperatorChange, trx: Database): Promise<void> {
      await trx.updateTable('operators').set(change).where('id', '=', id).execute();
    },

    /**
     * Accepts a TOTP step once, at sign-in and when an operator confirms a code: succeeds only when
     * the step is later than the last accepted one, so a code (or an earlier one) cannot be replayed,
     * even by two sign-ins racing.
     */
    async acceptTotpStep(id: number, step: number, trx: Database = db): Promise<boolean> {
      const row = await trx
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
