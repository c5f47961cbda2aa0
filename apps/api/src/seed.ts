import { randomBytes, randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import { seedDemoBanners } from './seed-banners.ts';
import { seedDemoCommunity } from './seed-community.ts';
import { seedDemoSites } from './seed-sites.ts';
import type { Services } from './services.ts';

export interface SeedDeps {
  services: Services;
  logger: Logger;
  /** Where DEMO_MEMBER_PASSWORD is read from; process.env by default. */
  env?: NodeJS.ProcessEnv;
}

/**
 * What this start created, for the one readable block main.ts prints after `listen`. Secrets are
 * kept out of the structured log lines (log collectors keep them); they appear only here, and
 * only on the start that created them.
 */
export interface SeedReport {
  /** The bootstrap owner, when it was created on this start; `password` only when generated. */
  owner?: { operatorId: string; password?: string };
  /** The demo member, when it was created on this start; `password` only when generated. */
  demo?: { userId: string; password?: string; exchangePassword: string; regCode: string; regDomain: string };
  /** The demo's second site (seed-sites.ts), when it was created on this start. */
  site?: { name: string; domain: string; regCode: string };
}

/**
 * First-start content. The bootstrap operator and version 1 of the terms and the privacy policy
 * are created on any empty database; demo content (a registration code bound to localhost, a demo
 * member, ...) only when SEED_DEMO is on, which is the default on the embedded database. Each step checks what is there, so a restart adds nothing.
 * It works through the services of the composition root, like any other caller.
 */
export async function seedOnFirstStart(deps: SeedDeps): Promise<SeedReport> {
  const report: SeedReport = {};
  const owner = await seedBootstrapOperator(deps);
  if (owner) report.owner = owner;
  // A site cannot take members without terms and a privacy policy: version 1 in every locale,
  // which operators replace by publishing the next version (modules/legal/legal-texts.ts).
  const legal = await deps.services.legal.ensureFirstVersions();
  if (legal.length > 0) deps.logger.info({ kinds: legal }, 'legal documents published (version 1)');
  if (deps.services.config.seedDemo) {
    const demo = await seedDemoMember(deps);
    // Demo content goes with the demo member only: a database whose operators made codes of their
    // own gets none of it.
    if (demo) {
      report.demo = demo;
      await seedDemoCatalog(deps);
      await seedDemoCommunity(deps.services, deps.logger, demo.userId);
      await seedDemoBanners(deps.services, deps.logger);
      const site = await seedDemoSites(deps.services, deps.logger);
      if (site) report.site = site;
    }
  }
  return report;
}

/**
 * The first `owner` operator (docs/api/backoffice.md), only when there is no operator at all: id
 * BOOTSTRAP_ADMIN_ID, password BOOTSTRAP_ADMIN_PASSWORD or a random one reported once.
 */
async function seedBootstrapOperator(deps: SeedDeps): Promise<SeedReport['owner']> {
  const { backoffice, config } = deps.services;
  const result = await backoffice.ensureBootstrapOwner({
    operatorId: config.bootstrapAdminId,
    password: config.bootstrapAdminPassword,
  });
  if (!result.created) return undefined;
  deps.logger.info(
    { operatorId: result.operatorId, generatedPassword: Boolean(result.generatedPassword) },
    'back-office owner created',
  );
  return result.generatedPassword
    ? { operatorId: result.operatorId, password: result.generatedPassword }
    : { operatorId: result.operatorId };
}

export const DEMO_REG_CODE = 'DEMO';
export const DEMO_USER_ID = 'demo';
/** The host the demo code is bound to: the register page pre-fills the code there only. */
export const DEMO_REG_DOMAIN = 'localhost';

/**
 * Demo content for a fresh install, only when there is no registration code yet: the code `DEMO`
 * bound to `localhost` (so the register page pre-fills it) and the member `demo` with its accounts,
 * in one transaction. The password is DEMO_MEMBER_PASSWORD when set (8..64 characters), else a
 * random one reported once (with the id and the exchange password) for the first-start block.
 */
async function seedDemoMember(deps: SeedDeps): Promise<SeedReport['demo']> {
  const { logger } = deps;
  const { members } = deps.services;

  const fromEnv = (deps.env ?? process.env).DEMO_MEMBER_PASSWORD;
  const isEnvUsable = typeof fromEnv === 'string' && fromEnv.length >= 8 && fromEnv.length <= 64;
  if (fromEnv && !isEnvUsable) {
    logger.warn('DEMO_MEMBER_PASSWORD must be 8..64 characters; a random password is used instead');
  }
  const password = isEnvUsable ? fromEnv : randomBytes(12).toString('base64url');
  const exchangePassword = String(randomInt(0, 1_000_000)).padStart(6, '0');

  const memberId = await members.seedDemoMember({
    code: DEMO_REG_CODE,
    domain: DEMO_REG_DOMAIN,
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
  if (memberId === null) return undefined;
  await seedDemoCashier(deps, memberId, exchangePassword);
  logger.info(
    { regCode: DEMO_REG_CODE, userId: DEMO_USER_ID, passwordFromEnv: isEnvUsable },
    'demo member created (SEED_DEMO)',
  );
  return {
    userId: DEMO_USER_ID,
    ...(isEnvUsable ? {} : { password }),
    exchangePassword,
    regCode: DEMO_REG_CODE,
    regDomain: DEMO_REG_DOMAIN,
  };
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
  const { logger } = deps;
  const { db, config, backoffice, cashier, audit } = deps.services;
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
      if (result.status !== 'success')
        throw new Error(`demo seed: approving ${kind} ${id} answered ${result.status}`);
      await audit.record(
        system,
        {
          action: `${kind}.approve`,
          target: `${kind}:${id}`,
          before: result.before,
          after: { ...result.after, demo: true },
        },
        trx,
      );
    });
  };

  const deposit = await cashier.applyDeposit(memberId, { amount: DEMO_CASHIER.deposit });
  if (deposit.status !== 'success') throw new Error(`demo seed: the deposit answered ${deposit.status}`);
  await approve('deposit');
  const withdrawal = await cashier.applyWithdraw(memberId, {
    amount: DEMO_CASHIER.withdrawal,
    exchangePassword,
  });
  if (withdrawal.status !== 'success')
    throw new Error(`demo seed: the withdrawal answered ${withdrawal.status}`);
  await approve('withdraw');
  await db.transaction().execute(async (trx) => {
    const reason = '데모 콤프 지급';
    const result = await backoffice.adjust(
      DEMO_USER_ID,
      { amount: DEMO_CASHIER.compPoints, reason, kind: 'point' },
      operator,
      'demo-seed-comp',
      trx,
    );
    if (result.status !== 'success')
      throw new Error(`demo seed: the comp adjustment answered ${result.status}`);
    await audit.record(
      system,
      {
        action: 'member.adjust',
        target: `member:${DEMO_USER_ID}`,
        before: result.before,
        after: { ...result.after, amount: DEMO_CASHIER.compPoints, reason },
      },
      trx,
    );
  });
}

/**
 * The block main.ts prints to stdout after `listen`: plain text a person reads once, with the
 * address and whatever this start created (the owner's and the demo member's passwords, the
 * registration code). On later starts only the address line is left.
 */
export function formatFirstStartBanner(report: SeedReport, url: string): string {
  const rule = '─'.repeat(64);
  const lines = [` Casino portal   ${url}`];
  if (report.owner) {
    const password = report.owner.password
      ? `password: ${report.owner.password}  (shown only this once)`
      : 'password: from BOOTSTRAP_ADMIN_PASSWORD';
    lines.push(` Back office     owner "${report.owner.operatorId}"  ${password}`);
  }
  if (report.demo) {
    const password = report.demo.password
      ? `password: ${report.demo.password}`
      : 'password: from DEMO_MEMBER_PASSWORD';
    lines.push(
      ` Demo member     id "${report.demo.userId}"  ${password}  exchange password (환전 비밀번호): ${report.demo.exchangePassword}`,
    );
    lines.push(
      ` Sign-up code    ${report.demo.regCode}  (pre-filled on http://${report.demo.regDomain}; type it on other hosts)`,
    );
  }
  if (report.site) {
    const second = new URL(url);
    second.hostname = report.site.domain;
    lines.push(
      ` Second site     ${report.site.name} on ${second.origin}  (sign-up code ${report.site.regCode})`,
    );
  }
  return [rule, ...lines, rule].join('\n') + '\n';
}

/**
 * The catalog states the specification shows beside the house studio's games (which main.ts
 * registers on every install): an outside live-casino provider that the operator has switched off
 * (its tile reads "not in use", msg2002) and a sport provider entry (`get-sport-setting`; the portal
 * has no sport screen). They are demo entries of the operator's catalog, created once, and stand for
 * aggregators the operator would connect with their real launch URL and secret.
 */
export const DEMO_CATALOG = {
  disabled: { code: 'partner-live', game: 'partner-roulette' },
  sport: { code: 'partner-sport' },
} as const;

async function seedDemoCatalog(deps: SeedDeps): Promise<void> {
  const { catalog } = deps.services;
  const system = { operatorId: null, actor: 'system', ip: null };
  const secret = () => randomBytes(32).toString('base64url');
  const disabled = await catalog.createProvider(
    {
      code: DEMO_CATALOG.disabled.code,
      kind: 'casino',
      name: 'Partner Live',
      nameKo: '파트너 라이브',
      wallet: 'seamless',
      launchUrl: 'https://partner-live.example/launch',
      secret: secret(),
      enabled: false,
    },
    system,
  );
  if (disabled === 'success')
    await catalog.createGame(
      {
        provider: DEMO_CATALOG.disabled.code,
        code: DEMO_CATALOG.disabled.game,
        nameKo: '파트너 룰렛',
        nameEn: 'Partner Roulette',
        order: 100,
      },
      system,
    );
  const sport = await catalog.createProvider(
    {
      code: DEMO_CATALOG.sport.code,
      kind: 'sport',
      name: 'Partner Sports',
      nameKo: '파트너 스포츠',
      wallet: 'seamless',
      launchUrl: 'https://partner-sport.example/launch',
      secret: secret(),
    },
    system,
  );
  if (disabled === 'success' || sport === 'success')
    deps.logger.info('demo catalog entries created (SEED_DEMO)');
}
