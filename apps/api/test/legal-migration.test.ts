import { promises as fs } from 'node:fs';
import path from 'node:path';
import { FileMigrationProvider, Migrator } from 'kysely/migration';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';

// Migration 0018_legal_acceptances on a database that already has members: each member's
// acceptance at registration (kept on the member's row since 0009) becomes its first record.

const migrationFolder = path.resolve(import.meta.dirname, '../src/db/migrations');
let handle: DatabaseHandle | undefined;

afterAll(async () => {
  await handle?.close();
});

describe('0018_legal_acceptances', () => {
  it('records the registration acceptance of the members there were, with their address', async () => {
    handle = await openDatabase({});
    const { db } = handle;
    const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
    const before = await migrator.migrateTo('0017_game_token_sessions');
    expect(before.error).toBeUndefined();

    await db.insertInto('reg_codes').values({ code: 'OLD' }).execute();
    const member = (userId: string, terms: number | null, privacy: number | null, ip: string | null) =>
      db
        .insertInto('members')
        .values({
          user_id: userId,
          nick: userId,
          password_hash: 'x',
          exchange_password_hash: 'x',
          phone: `010${userId.length}${Math.floor(Math.random() * 1e7)}`,
          bankname: '004',
          bank_owner: '홍길동',
          banknum: String(Math.floor(Math.random() * 1e12)),
          reg_code: 'OLD',
          reg_ip: ip,
          created_at: new Date('2025-03-01T00:00:00Z'),
          terms_version: terms,
          privacy_version: privacy,
          terms_accepted_at: terms === null && privacy === null ? null : new Date('2025-03-01T00:00:00Z'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const both = await member('both', 2, 1, '192.0.2.1');
    const none = await member('none', null, null, '192.0.2.2');

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();
    const rows = await db
      .selectFrom('legal_acceptances')
      .select(['member_id', 'kind', 'version', 'accepted_at', 'ip', 'user_agent', 'context'])
      .orderBy('member_id')
      .orderBy('kind')
      .execute();
    const at = new Date('2025-03-01T00:00:00Z');
    expect(rows).toEqual([
      {
        member_id: both.id,
        kind: 'privacy',
        version: 1,
        accepted_at: at,
        ip: '192.0.2.1',
        user_agent: null,
        context: 'registration',
      },
      {
        member_id: both.id,
        kind: 'terms',
        version: 2,
        accepted_at: at,
        ip: '192.0.2.1',
        user_agent: null,
        context: 'registration',
      },
    ]);
    expect(rows.some((r) => r.member_id === none.id)).toBe(false);
    // Append-only: an acceptance is never changed or removed.
    await expect(sql`update legal_acceptances set version = 9`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from legal_acceptances`.execute(db)).rejects.toThrow(/append-only/);
  });
});
