import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

// PGlite is one connection. This file proves that the dialect's queue runs transactions one at a
// time: concurrent transactions never interleave their statements, and a query from outside waits
// for the transaction in progress. It always runs on PGlite, whatever DATABASE_URL says: on
// PostgreSQL each transaction has its own connection and interleaving is the database's business.
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({});
  await migrateToLatest(handle.db);
});

afterAll(async () => {
  await handle?.close();
});

describe('PGlite transaction queue', () => {
  it('runs concurrent transactions one after the other, never interleaving their statements', async () => {
    const { db } = handle;
    const log: string[] = [];
    const run = (name: string) =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ txid: string }>`select txid_current()::text as txid`.execute(trx);
        const txid = rows[0]!.txid;
        for (let step = 1; step <= 4; step += 1) {
          log.push(`${name}${step}`);
          await trx
            .insertInto('settings')
            .values({ key: `queue:${name}:${step}`, value: sql`${JSON.stringify({ txid })}::jsonb` })
            .execute();
          // Yield to the event loop so that the other transaction would get a turn if it could.
          await sleep(5);
          const again = await sql<{ txid: string }>`select txid_current()::text as txid`.execute(trx);
          expect(again.rows[0]!.txid).toBe(txid);
        }
        return txid;
      });

    const [a, b, c] = await Promise.all([run('A'), run('B'), run('C')]);
    expect(new Set([a, b, c]).size).toBe(3);
    // Each transaction's steps are contiguous: A1..A4 then B1..B4 then C1..C4 (in queue order).
    expect(log).toEqual(['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4']);
    const rows = await db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'queue:%')
      .execute();
    expect(rows).toHaveLength(12);
    for (const row of rows) {
      const name = row.key.split(':')[1]!;
      expect((row.value as { txid: string }).txid).toBe({ A: a, B: b, C: c }[name]);
    }
  });

  it('makes a query from outside wait until the transaction in progress has committed', async () => {
    const { db } = handle;
    const order: string[] = [];
    let releaseTransaction!: () => void;
    const gate = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));

    const transaction = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('settings')
        .values({ key: 'queue:outside', value: sql`'1'::jsonb` })
        .execute();
      entered();
      await gate;
      order.push('commit');
    });
    await inside;
    const outside = db
      .selectFrom('settings')
      .select('key')
      .where('key', '=', 'queue:outside')
      .execute()
      .then((rows) => {
        order.push('outside');
        return rows;
      });
    await sleep(30);
    // The outside query has not run: it is queued behind the open transaction.
    expect(order).toEqual([]);
    releaseTransaction();
    await transaction;
    // It ran after the commit and therefore sees the committed row.
    expect(await outside).toEqual([{ key: 'queue:outside' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('rolls back a failed transaction and hands the connection on', async () => {
    const { db } = handle;
    const failing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('settings')
        .values({ key: 'queue:rolled-back', value: sql`'1'::jsonb` })
        .execute();
      throw new Error('boom');
    });
    const next = db.transaction().execute(async (trx) => {
      return trx.selectFrom('settings').select('key').where('key', '=', 'queue:rolled-back').execute();
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await next).toEqual([]);
  });
});
