import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, type TestDatabase } from './harness.ts';
import { preparedNameOf, preparedStatement } from '../src/db/prepared.ts';

const answer = preparedStatement<{ n: number }>('test_prepared_answer', 'select $1::int + 1 as n');

describe('preparedStatement', () => {
  it('names a declared text and refuses a second text under the same name', () => {
    expect(preparedNameOf('select $1::int + 1 as n')).toBe('test_prepared_answer');
    expect(preparedNameOf('select 1')).toBeUndefined();
    expect(() => preparedStatement('test_prepared_answer', 'select 2')).toThrow(/declared twice/);
    expect(() => preparedStatement('Bad-Name', 'select 3')).toThrow(/identifier/);
  });
});

describe('prepared statements on the database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
  });

  it('run with their parameters, and on PostgreSQL the connection keeps them prepared', async () => {
    expect((await database.db.executeQuery(answer([41]))).rows).toEqual([{ n: 42 }]);
    expect((await database.db.executeQuery(answer([1]))).rows).toEqual([{ n: 2 }]);
    if (!onPostgres) return;
    // One connection in this pool: the statement above ran on the connection asked here.
    const prepared = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(
      database.db,
    );
    expect(prepared.rows.map((r) => r.name)).toContain('test_prepared_answer');
    // An ordinary statement is not kept.
    expect(prepared.rows).toHaveLength(1);
  });
});
