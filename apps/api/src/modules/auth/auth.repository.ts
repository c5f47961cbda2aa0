import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** SQL of the auth module's own rows in `settings` (the shared CSRF secret). */
export function createAuthRepository(db: Database) {
  return {
    async getSetting(key: string, trx?: Database): Promise<unknown> {
      const row = await (trx ?? db)
        .selectFrom('settings')
        .select('value')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value;
    },

    /** Stores the value unless the key exists already (the first instance to write wins). */
    async insertSettingIfAbsent(key: string, value: unknown, trx?: Database): Promise<void> {
      const json = JSON.stringify(value);
      await (trx ?? db)
        .insertInto('settings')
        .values({ key, value: sql`${json}::jsonb` })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
    },
  };
}
