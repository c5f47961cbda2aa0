import { randomBytes } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import type { Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { DEMO_CASHIER, DEMO_CATALOG, formatFirstStartBanner, seedOnFirstStart } from '../src/seed.ts';
import { createServices } from '../src/services.ts';
import { DEMO_NOTICES } from '../src/seed-community.ts';
import { DEMO_BANNERS } from '../src/seed-banners.ts';
import { createLedgerService } from '../src/modules/ledger/ledger.service.ts';
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

/** The seed as main.ts runs it: through one service graph of the composition root. */
function seed(config: Config, db: Database, logger: Logger, env: NodeJS.ProcessEnv) {
  return seedOnFirstStart({
    services: createServices({ secretsKey: randomBytes(32), config, db, dbKind: database!.kind }),
    logger,
    env,
  });
}

describe('seedOnFirstStart (demo content)', () => {
  it('creates the DEMO code on localhost and the demo member with its accounts once, printing a generated password', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const config = loadConfig({ SEED_DEMO: 'true' });
    const first = recordingLogger();
    const report = await seed(config, db, first.logger, {});

    const code = await db
      .selectFrom('reg_codes')
      .select(['code', 'domain', 'is_enabled'])
      .orderBy('created_at')
      .execute();
    // The second site's code comes with the demo's second site (seed-sites.ts), on 127.0.0.1.
    expect(code).toEqual([
      { code: 'DEMO', domain: 'localhost', is_enabled: true },
      { code: 'OCEAN', domain: '127.0.0.1', is_enabled: true },
    ]);
    const sites = await db.selectFrom('sites').select(['name', 'reg_code', 'theme_primary']).execute();
    expect(sites).toEqual([{ name: 'BLUE OCEAN', reg_code: 'OCEAN', theme_primary: '#38bdf8' }]);
    expect(await db.selectFrom('site_domains').select('host').execute()).toEqual([{ host: '127.0.0.1' }]);
    const member = await db
      .selectFrom('members')
      .select(['id', 'user_id', 'state', 'reg_code', 'password_hash'])
      .where('user_id', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(member).toMatchObject({ user_id: 'demo', state: 'active', reg_code: 'DEMO' });
    // Registered like any member after version 1 of the legal texts: it accepted them (so its
    // first sign-in asks nothing, docs/api/member-calls.md "Newer terms").
    expect(
      await db
        .selectFrom('legal_acceptances')
        .select(['kind', 'version', 'context'])
        .where('member_id', '=', member.id)
        .orderBy('kind')
        .execute(),
    ).toEqual([
      { kind: 'privacy', version: 1, context: 'registration' },
      { kind: 'terms', version: 1, context: 'registration' },
    ]);
    const accounts = await db
      .selectFrom('accounts')
      .select(['kind', 'balance'])
      .where('member_id', '=', member.id)
      .orderBy('kind')
      .execute();
    // The demo money history: a deposit and a withdrawal approved, comp points granted, each
    // through the ledger, each with a note to the member, each audited.
    expect(accounts).toEqual([
      { kind: 'cash', balance: DEMO_CASHIER.deposit - DEMO_CASHIER.withdrawal },
      { kind: 'comp', balance: DEMO_CASHIER.compPoints },
      { kind: 'game', balance: 0 },
    ]);
    const deposits = await db
      .selectFrom('deposit_requests')
      .select(['amount', 'state'])
      .where('member_id', '=', member.id)
      .execute();
    expect(deposits).toEqual([{ amount: DEMO_CASHIER.deposit, state: 'already' }]);
    const withdraws = await db
      .selectFrom('withdraw_requests')
      .select(['amount', 'state'])
      .where('member_id', '=', member.id)
      .execute();
    expect(withdraws).toEqual([{ amount: DEMO_CASHIER.withdrawal, state: 'already' }]);
    const notes = await db
      .selectFrom('notes')
      .select('title')
      .where('member_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(notes.map((n) => n.title)).toEqual(['충전 완료 안내', '환전 완료 안내']);
    const audited = await db.selectFrom('audit_log').select(['actor', 'action']).orderBy('id').execute();
    expect(audited).toEqual([
      { actor: 'system', action: 'operator.bootstrap' },
      // Version 1 of the terms and of the privacy policy (not demo content: every site has them).
      { actor: 'system', action: 'legal.publish' },
      { actor: 'system', action: 'legal.publish' },
      { actor: 'system', action: 'deposit.approve' },
      { actor: 'system', action: 'withdraw.approve' },
      { actor: 'system', action: 'member.adjust' },
      // The demo catalog entries, through the catalog service the back office uses.
      { actor: 'system', action: 'provider.create' },
      { actor: 'system', action: 'game.create' },
      { actor: 'system', action: 'provider.create' },
      // The demo notices, popup and help answer, through the community service the back office uses.
      ...DEMO_NOTICES.map(() => ({ actor: 'system', action: 'notice.create' })),
      { actor: 'system', action: 'popup.create' },
      { actor: 'system', action: 'help.answer' },
      // The demo banners: the project's art rasterized through the media service, then a banner each.
      ...DEMO_BANNERS.flatMap(() => [
        { actor: 'system', action: 'media.upload' },
        { actor: 'system', action: 'banner.create' },
      ]),
      // The second site (seed-sites.ts): its registration code, then the site.
      { actor: 'system', action: 'regcode.create' },
      { actor: 'system', action: 'site.create' },
    ]);
    const banners = await db
      .selectFrom('banners')
      .select(['title', 'link', 'media_id'])
      .orderBy('id')
      .execute();
    expect(banners.map((b) => [b.title, b.link])).toEqual(DEMO_BANNERS.map((b) => [b.title, b.link]));
    expect(banners.every((b) => b.media_id !== null)).toBe(true);
    const invariants = await createLedgerService({ db }).checkInvariants();
    expect(invariants.violations).toEqual([]);
    // The generated password is reported for the first-start block, never written to a log line.
    const printed = report.demo!.password!;
    expect(JSON.stringify(first.lines)).not.toContain(printed);
    expect(report.demo).toMatchObject({ userId: 'demo', regCode: 'DEMO', regDomain: 'localhost' });
    expect(report.demo!.exchangePassword).toMatch(/^\d{6}$/);
    const banner = formatFirstStartBanner(report, 'http://localhost:3000');
    expect(banner).toContain(`id "demo"  password: ${printed}`);
    expect(banner).toContain(`exchange password (환전 비밀번호): ${report.demo!.exchangePassword}`);
    expect(banner).toContain(
      'Sign-up code    DEMO  (pre-filled on http://localhost; type it on other hosts)',
    );
    expect(banner).toContain('Second site     BLUE OCEAN on http://127.0.0.1:3000  (sign-up code OCEAN)');
    expect(printed).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await verify(member.password_hash, printed)).toBe(true);

    const second = recordingLogger();
    const again = await seed(config, db, second.logger, {});
    expect(await db.selectFrom('members').select('id').where('user_id', '=', 'demo').execute()).toHaveLength(
      1,
    );
    expect(await db.selectFrom('reg_codes').select('code').execute()).toHaveLength(2);
    expect(await db.selectFrom('sites').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('deposit_requests').select('id').execute()).toHaveLength(1);
    expect(await db.selectFrom('transfers').select('id').execute()).toHaveLength(4);
    expect(second.lines.some((l) => (l.obj as { userId?: string }).userId === 'demo')).toBe(false);
    expect(again).toEqual({});
    // On later starts the block keeps only the address.
    expect(
      formatFirstStartBanner(again, 'http://localhost:3000')
        .split('\n')
        .filter((l) => l.startsWith(' ')),
    ).toEqual([' Casino portal   http://localhost:3000']);
  });

  it('uses DEMO_MEMBER_PASSWORD without printing it, and adds nothing when a code exists or SEED_DEMO is off', async () => {
    database = await createTestDatabase();
    const { db } = database;
    const off = recordingLogger();
    await seed(loadConfig({ SEED_DEMO: 'false' }), db, off.logger, {});
    expect(await db.selectFrom('reg_codes').select('code').execute()).toEqual([]);

    const { logger, lines } = recordingLogger();
    const report = await seed(loadConfig({ SEED_DEMO: 'true' }), db, logger, {
      DEMO_MEMBER_PASSWORD: 'demo-pass-2024!',
    });
    expect(report.demo?.password).toBeUndefined();
    expect(formatFirstStartBanner(report, 'http://localhost:3000')).not.toContain('demo-pass-2024!');
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
    await seed(loadConfig({ SEED_DEMO: 'true' }), database.db, logger, {});
    expect(await database.db.selectFrom('members').select('id').execute()).toEqual([]);
    expect(await database.db.selectFrom('providers').select('code').execute()).toEqual([]);
  });

  it('adds the catalog states of the specification: a provider switched off and a sport provider', async () => {
    database = await createTestDatabase();
    const { db } = database;
    await seed(loadConfig({ SEED_DEMO: 'true' }), db, recordingLogger().logger, {});
    const providers = await db
      .selectFrom('providers')
      .select(['code', 'kind', 'enabled'])
      .orderBy('code')
      .execute();
    expect(providers).toEqual([
      { code: DEMO_CATALOG.disabled.code, kind: 'casino', enabled: false },
      { code: DEMO_CATALOG.sport.code, kind: 'sport', enabled: true },
    ]);
    const games = await db.selectFrom('games').select(['provider', 'code']).execute();
    expect(games).toEqual([{ provider: DEMO_CATALOG.disabled.code, code: DEMO_CATALOG.disabled.game }]);
    // A restart adds nothing.
    await seed(loadConfig({ SEED_DEMO: 'true' }), db, recordingLogger().logger, {});
    expect(await db.selectFrom('providers').select('code').execute()).toHaveLength(2);
  });
});
