import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Database } from './database.ts';

export interface SeedDeps {
  config: Config;
  db: Database;
  logger: Logger;
  /** Where DEMO_MEMBER_PASSWORD is read from; process.env by default. */
  env?: NodeJS.ProcessEnv;
}

/**
 * First-start content. The bootstrap operator is created on any empty database; demo content
 * (a registration code bound to localhost, a demo member, ...) only when SEED_DEMO is on, which is
 * the default on the embedded database. Each step checks what is there, so a restart adds nothing.
 */
export async function seedOnFirstStart(deps: SeedDeps): Promise<void> {
  await seedBootstrapOperator(deps);
  if (deps.config.seedDemo) await seedDemoMember(deps);
}

/**
 * The first `owner` operator (API.md section 4), only when there is no operator at all: id
 * BOOTSTRAP_ADMIN_ID, password BOOTSTRAP_ADMIN_PASSWORD or a random one printed once, here.
 */
async function seedBootstrapOperator(deps: SeedDeps): Promise<void> {
  const { createBackofficeService } = await import('../modules/backoffice/backoffice.service.ts');
  const { createLedgerService } = await import('../modules/ledger/ledger.service.ts');
  const { createAuditService } = await import('../modules/audit/audit.service.ts');
  const backoffice = createBackofficeService({
    db: deps.db,
    ledger: createLedgerService({ db: deps.db }),
    audit: createAuditService({ db: deps.db }),
    now: () => new Date(),
  });
  const result = await backoffice.ensureBootstrapOwner({
    operatorId: deps.config.bootstrapAdminId,
    password: deps.config.bootstrapAdminPassword,
  });
  if (!result.created) return;
  if (result.generatedPassword) {
    deps.logger.warn(
      { operatorId: result.operatorId, password: result.generatedPassword },
      'back-office owner created with a generated password (shown only this once): sign in and keep it safe',
    );
  } else {
    deps.logger.info({ operatorId: result.operatorId }, 'back-office owner created with BOOTSTRAP_ADMIN_PASSWORD');
  }
}

export const DEMO_REG_CODE = 'DEMO';
export const DEMO_USER_ID = 'demo';

/**
 * Demo content for a fresh install, only when there is no registration code yet: the code `DEMO`
 * bound to `localhost` (so the register page pre-fills it) and the member `demo` with its accounts,
 * in one transaction. The password is DEMO_MEMBER_PASSWORD when set (8..64 characters), else a
 * random one printed once to the start log with the id and the exchange password.
 */
async function seedDemoMember(deps: SeedDeps): Promise<void> {
  const { randomBytes, randomInt } = await import('node:crypto');
  const { createMembersService } = await import('../modules/members/members.service.ts');
  const { createSessionService } = await import('../modules/auth/session.service.ts');
  const { createSignInLimiter } = await import('../modules/auth/sign-in-limiter.ts');
  const { createLedgerService } = await import('../modules/ledger/ledger.service.ts');
  const { createPgRateLimiter } = await import('../lib/rate-limiter.ts');
  const { db, config, logger } = deps;
  const now = () => new Date();
  const members = createMembersService({
    db,
    ledger: createLedgerService({ db }),
    sessions: createSessionService({
      db,
      idleMs: config.sessionIdleMs,
      absoluteMs: config.sessionAbsoluteMs,
      now,
    }),
    signInLimiter: createSignInLimiter({ rateLimiter: createPgRateLimiter(db, now), limits: config }),
    now,
  });

  const fromEnv = (deps.env ?? process.env).DEMO_MEMBER_PASSWORD;
  const isEnvUsable = typeof fromEnv === 'string' && fromEnv.length >= 8 && fromEnv.length <= 64;
  if (fromEnv && !isEnvUsable) {
    logger.warn('DEMO_MEMBER_PASSWORD must be 8..64 characters; a random password is used instead');
  }
  const password = isEnvUsable ? fromEnv : randomBytes(12).toString('base64url');
  const exchangePassword = String(randomInt(0, 1_000_000)).padStart(6, '0');

  const memberId = await members.seedDemoMember({
    code: DEMO_REG_CODE,
    domain: 'localhost',
    member: {
      userId: DEMO_USER_ID,
      password,
      nick: '데모회원',
      phone: '01000000000',
      bankname: '004',
      bankOwner: '데모',
      banknum: '1000000000',
      exchangePassword,
      code: DEMO_REG_CODE,
    },
  });
  if (memberId === null) return;
  await seedDemoCashier(deps, memberId, exchangePassword);
  logger.warn(
    {
      regCode: DEMO_REG_CODE,
      userId: DEMO_USER_ID,
      password: isEnvUsable ? '(DEMO_MEMBER_PASSWORD)' : password,
      exchangePassword,
    },
    'demo member created (SEED_DEMO): sign in with this id and password',
  );
}

/** What the demo member's money history holds after the first start (won and points). */
export const DEMO_CASHIER = { deposit: 100_000, withdrawal: 30_000, compPoints: 15_000 } as const;

/**
 * The demo member's cashier history, made through the same services and ledger transfers as a real
 * one, so every screen has something true to show: a deposit approved (a note tells the member), a
 * withdrawal approved (its hold posted, another note), and comp points granted by an adjustment. The
 * decisions are taken in the name of the bootstrap owner and audited as the system's. Runs only
 * right after the demo member was created; without the bootstrap owner (a database whose operators
 * were made otherwise) the member keeps zero balances.
 */
async function seedDemoCashier(deps: SeedDeps, memberId: number, exchangePassword: string): Promise<void> {
  const { createLedgerService } = await import('../modules/ledger/ledger.service.ts');
  const { createAuditService } = await import('../modules/audit/audit.service.ts');
  const { createBackofficeService } = await import('../modules/backoffice/backoffice.service.ts');
  const { createCashierService } = await import('../modules/cashier/cashier.service.ts');
  const { createCommunityService } = await import('../modules/community/community.service.ts');
  const { createSettingsService } = await import('../modules/settings/settings.service.ts');
  const { createPgRateLimiter } = await import('../lib/rate-limiter.ts');
  const { db, config, logger } = deps;
  const now = () => new Date();
  const ledger = createLedgerService({ db });
  const audit = createAuditService({ db });
  const backoffice = createBackofficeService({ db, ledger, audit, now });
  const cashier = createCashierService({
    db,
    ledger,
    settings: createSettingsService({ db }),
    community: createCommunityService({ db }),
    rateLimiter: createPgRateLimiter(db, now),
    now,
  });
  const owner = await backoffice.operatorByOperatorId(config.bootstrapAdminId);
  if (!owner) {
    logger.info('demo member seeded without money: the bootstrap owner is not there to approve its requests');
    return;
  }
  const operator = { id: owner.id, operatorId: owner.operator_id };
  const system = { operatorId: null, actor: 'system', ip: null };
  const pendingOf = async (kind: 'deposit' | 'withdraw') => {
    const queue = await cashier.queue(kind, { states: ['wait'], page: 1, pageSize: 100, showBank: false });
    const request = queue.list.find((r) => r.userId === DEMO_USER_ID);
    if (!request) throw new Error(`demo seed: the ${kind} request was not written`);
    return request.id;
  };
  const approve = async (kind: 'deposit' | 'withdraw') => {
    const id = await pendingOf(kind);
    await db.transaction().execute(async (trx) => {
      const result = await cashier.approve(kind, id, operator, trx);
      if (result.status !== 'success') throw new Error(`demo seed: approving ${kind} ${id} answered ${result.status}`);
      await audit.record(system, { action: `${kind}.approve`, target: `${kind}:${id}`, before: result.before, after: { ...result.after, demo: true } }, trx);
    });
  };

  const deposit = await cashier.applyDeposit(memberId, { amount: DEMO_CASHIER.deposit });
  if (deposit.status !== 'success') throw new Error(`demo seed: the deposit answered ${deposit.status}`);
  await approve('deposit');
  const withdrawal = await cashier.applyWithdraw(memberId, { amount: DEMO_CASHIER.withdrawal, exchangePassword });
  if (withdrawal.status !== 'success') throw new Error(`demo seed: the withdrawal answered ${withdrawal.status}`);
  await approve('withdraw');
  await db.transaction().execute(async (trx) => {
    const reason = '데모 콤프 지급';
    const result = await backoffice.adjust(DEMO_USER_ID, { amount: DEMO_CASHIER.compPoints, reason, kind: 'point' }, operator, 'demo-seed-comp', trx);
    if (result.status !== 'success') throw new Error(`demo seed: the comp adjustment answered ${result.status}`);
    await audit.record(system, { action: 'member.adjust', target: `member:${DEMO_USER_ID}`, before: result.before, after: { ...result.after, amount: DEMO_CASHIER.compPoints, reason } }, trx);
  });
}
