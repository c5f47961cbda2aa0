import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** Key/value rows of the `settings` table (jsonb values). */
export function createSettingsRepository(db: Database) {
  return {
    async get(key: string, trx: Database = db): Promise<unknown> {
      const row = await trx.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
      return row?.value;
    },

    /** Reads the value and locks its row (when it exists) until the transaction ends. */
    async getForUpdate(key: string, trx: Database): Promise<unknown> {
      const row = await trx
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .forUpdate()
        .executeTakeFirst();
      return row?.value;
    },

    /** Stores the value unless the key exists already (the first instance to write wins). */
    async insertIfAbsent(key: string, value: unknown, trx: Database = db): Promise<void> {
      const json = JSON.stringify(value);
      await trx
        .insertInto('settings')
        .values({ key, value: sql`${json}::jsonb` })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },

    async put(key: string, value: unknown, trx: Database = db): Promise<void> {
      const json = JSON.stringify(value);
      await trx
        .insertInto('settings')
        .values({ key, value: sql`${json}::jsonb` })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: sql`${json}::jsonb`, updated_at: sql`now()` }),
        )
        .execute();
    },
  };
}
