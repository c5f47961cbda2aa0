import { verify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { seedOnFirstStart } from '../src/db/seed.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.close();
  database = undefined;
});

function recordingLogger() {
  const lines: { level: string; obj: unknown; msg: unknown }[] = [];
  const record = (level: string) => (obj: unknown, msg?: unknown) => lines.push({ level, obj, msg });
  const logger = {
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: record('debug'),
  } as unknown as Logger;
  return { logger, lines };
}

describe('seedOnFirstStart (demo content)', () => {
  it('creates the DEMO code on localhost and the demo member with its accounts once, printing a generated password', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const config = loadConfig({ SEED_DEMO: 'true' });
    const first = recordingLogger();
    await seedOnFirstStart({ config, db, logger: first.logger, env: {} });

    const code = await db.selectFrom('reg_codes').select(['code', 'domain', 'is_enabled']).execute();
    expect(code).toEqual([{ code: 'DEMO', domain: 'localhost', is_enabled: true }]);
    const member = await db
      .selectFrom('members')
      .select(['id', 'user_id', 'state', 'reg_code', 'password_hash'])
      .where('user_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ user_id: 'demo', state: 'active', reg_code: 'DEMO' });
    const accounts = await db
      .selectFrom('accounts')
      .select(['kind', 'balance'])
      .where('member_id', '=', member.id)
      .orderBy('kind')
      .execute();
    expect(accounts).toEqual([
      { kind: 'cash', balance: 0 },
      { kind: 'comp', balance: 0 },
      { kind: 'game', balance: 0 },
    ]);
    const line = first.lines.find((l) => (l.obj as { userId?: string }).userId === 'demo');
    const printed = (line?.obj as { password: string }).password;
    expect(printed).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await verify(member.password_hash, printed)).toBe(true);

    const second = recordingLogger();
    await seedOnFirstStart({ config, db, logger: second.logger, env: {} });
    expect(await db.selectFrom('members').select('id').where('user_id', '=', 'demo').execute()).toHaveLength(
      1,
    );
    expect(await db.selectFrom('reg_codes').select('code').execute()).toHaveLength(1);
    expect(second.lines.some((l) => (l.obj as { userId?: string }).userId === 'demo')).toBe(false);
  });

  it('uses DEMO_MEMBER_PASSWORD without printing it, and adds nothing when a code exists or SEED_DEMO is off', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const off = recordingLogger();
    await seedOnFirstStart({ config: loadConfig({ SEED_DEMO: 'false' }), db, logger: off.logger, env: {} });
    expect(await db.selectFrom('reg_codes').select('code').execute()).toEqual([]);

    const { logger, lines } = recordingLogger();
    await seedOnFirstStart({
      config: loadConfig({ SEED_DEMO: 'true' }),
      db,
      logger,
      env: { DEMO_MEMBER_PASSWORD: 'demo-pass-2024!' },
    });
    const member = await db
      .selectFrom('members')
      .select('password_hash')
      .where('user_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(await verify(member.password_hash, 'demo-pass-2024!')).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('demo-pass-2024!');

    // A database whose operators already made a code of their own gets no demo content.
    await database.close();
    database = await createTestDatabase();
    await database.db.insertInto('reg_codes').values({ code: 'OWN', domain: 'casino.example' }).execute();
    await seedOnFirstStart({ config: loadConfig({ SEED_DEMO: 'true' }), db: database.db, logger, env: {} });
    expect(await database.db.selectFrom('members').select('id').execute()).toEqual([]);
  });
});
