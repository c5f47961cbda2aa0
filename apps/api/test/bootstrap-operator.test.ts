import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { loadConfig } from '../src/config.ts';
import { seedOnFirstStart } from '../src/seed.ts';
import { createServices } from '../src/services.ts';
import { verifyPassword } from '../src/modules/auth/passwords.ts';
import { createTestDatabase, type TestDatabase } from './harness.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

function recordingLogger() {
  const lines: { level: string; data: Record<string, unknown>; message: string }[] = [];
  const log = (level: string) => (data: Record<string, unknown>, message: string) =>
    lines.push({ level, data, message });
  return {
    lines,
    logger: {
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
      debug: log('debug'),
    } as unknown as Logger,
  };
}

describe('the bootstrap owner', () => {
  it('is created once on an empty database, with a generated password printed once', async () => {
    const config = loadConfig({ SEED_DEMO: 'false', BOOTSTRAP_ADMIN_ID: 'Boss' });
    const first = recordingLogger();
    const report = await seedOnFirstStart({
      services: createServices({
        secretsKey: randomBytes(32),
        config,
        db: database.db,
        dbKind: database.kind,
      }),
      logger: first.logger,
    });
    // The generated password is reported once for the first-start block, never in a log line.
    expect(report.owner?.operatorId).toBe('boss');
    const password = report.owner!.password!;
    expect(JSON.stringify(first.lines)).not.toContain(password);
    expect(password.length).toBeGreaterThanOrEqual(20);

    const operator = await database.db.selectFrom('operators').selectAll().executeTakeFirstOrThrow();
    expect(operator).toMatchObject({
      operator_id: 'boss',
      role: 'owner',
      is_active: true,
      totp_secret: null,
    });
    expect(operator.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(operator.password_hash, password)).toBe(true);

    const again = recordingLogger();
    const config2 = loadConfig({ SEED_DEMO: 'false', BOOTSTRAP_ADMIN_PASSWORD: 'another-password' });
    const second = await seedOnFirstStart({
      services: createServices({
        secretsKey: randomBytes(32),
        config: config2,
        db: database.db,
        dbKind: database.kind,
      }),
      logger: again.logger,
    });
    expect(second).toEqual({});
    expect(again.lines.filter((l) => l.data?.password !== undefined)).toEqual([]);
    expect(await database.db.selectFrom('operators').select('id').execute()).toHaveLength(1);
    const audit = await database.db.selectFrom('audit_log').selectAll().execute();
    // The owner once, and the first terms and privacy versions (published at every first start) once.
    expect(audit.filter((row) => row.action.startsWith('operator.'))).toMatchObject([
      { action: 'operator.bootstrap', actor: 'system', target: 'operator:boss' },
    ]);
    expect(audit.filter((row) => row.action === 'legal.publish')).toHaveLength(2);
    expect(audit).toHaveLength(3);
    expect(JSON.stringify(audit)).not.toContain(password);
  });
});
