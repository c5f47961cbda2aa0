import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database, Notifications, PoolFigures } from './db/database.ts';
import { createDatabaseBus, createEventPublisher, createRedisBus, type EventBus } from './lib/event-bus.ts';
import { createSharedCaches } from './lib/shared-caches.ts';
import { createSecretBox } from './lib/secrets.ts';
import { createPgRateLimiter, createRedisRateLimiter, type RateLimiter } from './lib/rate-limiter.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createCsrfService } from './modules/auth/csrf.service.ts';
import { createSessionService } from './modules/auth/session.service.ts';
import { createSignInLimiter } from './modules/auth/sign-in-limiter.ts';
import { createBackofficeService } from './modules/backoffice/backoffice.service.ts';
import { createMemberConsoleService } from './modules/members/member-console.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { addOperationsGauges, createOperationsService } from './modules/reports/operations.service.ts';
import { createMetrics } from './lib/metrics.ts';
import { addJobGauges, createJobScheduler } from './lib/jobs.ts';
import { createCashierService } from './modules/cashier/cashier.service.ts';
import { createCashierReview } from './modules/cashier/cashier-review.service.ts';
import { createDepositBonus } from './modules/cashier/deposit-bonus.service.ts';
import { createStakeTotals } from './modules/games/stake-totals.ts';
import { createCommunityService } from './modules/community/community.service.ts';
import { createCompService } from './modules/comp/comp.service.ts';
import {
  createRewardsService,
  dayStakesOf,
  REWARD_JOBS_EVERY_MS,
} from './modules/rewards/rewards.service.ts';
import { createCatalogService } from './modules/games/catalog.service.ts';
import { createJackpotService } from './modules/games/jackpot.service.ts';
import { createTransferService } from './modules/games/transfer.service.ts';
import { createWalletService } from './modules/games/wallet.service.ts';
import { createPartnersService } from './modules/partners/partners.service.ts';
import { createLegalService } from './modules/legal/legal.service.ts';
import { createLedgerService } from './modules/ledger/ledger.service.ts';
import { createMembersService } from './modules/members/members.service.ts';
import { createBlacklistService } from './modules/blacklist/blacklist.service.ts';
import { BLACKLIST_HIT_RETENTION_DAYS, createFraudService } from './modules/fraud/fraud.service.ts';
import { createOppositeBets } from './modules/fraud/opposite-bets.ts';
import type { IpReputation } from './modules/fraud/ip-reputation.ts';
import { createLimitsService } from './modules/protection/limits.service.ts';
import { createProtectionService } from './modules/protection/protection.service.ts';
import { createBreakReader, createBreaksService } from './modules/protection/breaks.service.ts';
import { createHistoryService } from './modules/protection/history.service.ts';
import { createMemberSessions } from './modules/protection/sessions.service.ts';
import { createBannerService } from './modules/media/banner.service.ts';
import { createMediaService } from './modules/media/media.service.ts';
import { createMediaStore } from './modules/media/media.store.ts';
import { createSettingsService } from './modules/settings/settings.service.ts';
import { createSettingsAdminService } from './modules/settings/settings-admin.service.ts';
import { createSitesService } from './modules/settings/sites.service.ts';
import { createSitesAdminService } from './modules/settings/sites-admin.service.ts';
import { createProtectionAdminService } from './modules/protection/protection-admin.service.ts';

/** How often the levels' automatic promotion runs (it also runs at each deposit approval). */
const LEVEL_PROMOTION_EVERY_MS = 10 * 60_000;

export interface ServicesDeps {
  config: Config;
  db: Database;
  dbKind: 'pglite' | 'postgres';
  /** Rate limits live in Redis when it is configured, else in the database. */
  redis?: Redis | undefined;
  /** The clock; tests move it to expire sessions and windows. */
  now?: () => Date;
  /**
   * An operator's IP-reputation service asked at registration and sign-in (modules/fraud/ip-reputation.ts,
   * docs/api/backoffice-fraud.md "IP reputation"); none by default: the platform calls no outside service.
   */
  ipReputation?: IpReputation | undefined;
  /** The key sealing provider secrets; default `config.secretsKey` (main.ts resolves it). */
  secretsKey?: Buffer | undefined;
  /** PostgreSQL's pool (main.ts), for the metrics; none on the embedded database. */
  pool?: PoolFigures | undefined;
  /**
   * The database's `LISTEN` (main.ts, the tests' harness): the instances' message bus when Redis
   * is not configured. With neither, no event is sent (a bench, a tool that serves no member).
   */
  notifications?: Notifications | undefined;
  /** Where a failed event publication is reported (main.ts: the log). */
  onEventError?: (error: unknown) => void;
}

/**
 * The composition root of the API: every service is built here exactly once, in dependency order,
 * so that the app, the first-start seed, the tests and the benches share one graph instead of
 * wiring their own copies. Modules receive the services they need as arguments and never build
 * another module's service themselves.
 */
export function createServices(deps: ServicesDeps) {
  const { config, db, dbKind } = deps;
  // The site's time zone: every day, month and wall-clock window of the services (decision 0020).
  const zone = config.siteTimeZone;
  const now = deps.now ?? (() => new Date());
  // The instances' message bus (Redis when configured, else the database's LISTEN/NOTIFY) and what
  // the routes tell through it after a change committed (docs/api/events.md).
  const busClock = () => now().getTime();
  const bus: EventBus | undefined = deps.redis
    ? createRedisBus(deps.redis, busClock)
    : deps.notifications
      ? createDatabaseBus(db, deps.notifications, busClock)
      : undefined;
  const events = createEventPublisher(bus, deps.onEventError ?? (() => {}));
  // The caches an operator's change drops on every instance (lib/shared-caches.ts).
  const caches = createSharedCaches(bus, deps.onEventError);
  const rateLimiter: RateLimiter = deps.redis
    ? createRedisRateLimiter(deps.redis)
    : createPgRateLimiter(db, now);

  const secretsKey = deps.secretsKey ?? config.secretsKey;
  if (!secretsKey) throw new Error('createServices needs a secrets key (SECRETS_KEY or deps.secretsKey)');
  const secrets = createSecretBox(secretsKey);

  const ledger = createLedgerService({ db });
  const settings = createSettingsService({ db, now, caches });
  // The sites of the request's host (docs/api/backoffice-sites.md); other hosts show the default site.
  const sites = createSitesService({ db, now, caches, defaultSite: config.site });
  const audit = createAuditService({ db, zone });
  // One session service serves both cookies: every call names its scope ('member' or 'operator').
  const sessions = createSessionService({
    db,
    idleMs: config.sessionIdleMs,
    absoluteMs: config.sessionAbsoluteMs,
    now,
  });
  const signInLimiter = createSignInLimiter({ rateLimiter, limits: config });
  const csrf = createCsrfService({ settings });
  // The terms and privacy policy in force; registration records which versions a member accepted.
  const legal = createLegalService({ db, audit, now });
  // Time-outs and self-exclusion as read by sign-in and open-game (protection module, docs/protection.md).
  const breakReader = createBreakReader({ db, now });
  // The blacklist (docs/api/backoffice-blacklist.md): checked at registration, sign-in and cashier requests.
  const blacklist = createBlacklistService({ db, audit });
  // Abuse signals and linked accounts (docs/security.md "Abuse signals", docs/api/backoffice-fraud.md).
  const fraud = createFraudService({ db, audit, now, zone, ipReputation: deps.ipReputation });
  // Opposite bets of linked members in one round, checked by the wallet route before a bet applies.
  const oppositeBets = createOppositeBets({
    db,
    now,
    settings: () => fraud.settingsRow(),
    events,
    onError: deps.onEventError,
  });
  const members = createMembersService({
    db,
    blacklist,
    fraud,
    ledger,
    sessions,
    signInLimiter,
    settings,
    legal,
    breaks: breakReader,
    now,
  });
  // take-break: the member's own password, the break recorded, every session and launch token ended.
  const breaks = createBreaksService({ db, reader: breakReader, members, sessions, now });
  const community = createCommunityService({ db, audit, members, now, caches });
  // Deposit and loss limits, breaks in force, the reality-check setting (docs/protection.md).
  const limits = createLimitsService({ db, members, now });
  // A member's stakes that stand (the games' wallet keeps them), for the levels and the rollover.
  const stakeTotals = createStakeTotals({ db, zone, now });
  // Levels' deposit bonus, deposit events, rollover and promotion (docs/api/levels.md, docs/cashier.md).
  const depositBonus = createDepositBonus({
    db,
    ledger,
    audit,
    settings,
    members,
    stakes: stakeTotals,
    breaks: breakReader,
    limits,
    fraud,
    zone,
    now,
  });
  const cashier = createCashierService({
    blacklist,
    fraud,
    bonuses: depositBonus,
    db,
    ledger,
    settings,
    community,
    members,
    rateLimiter,
    limits,
    zone,
    now,
  });
  const comp = createCompService({ ledger, settings, cashier });
  const backoffice = createBackofficeService({
    bonuses: depositBonus,
    db,
    ledger,
    audit,
    cashier,
    settings,
    members,
    sessions,
    secrets,
    zone,
    now,
    // An operator of role partner deactivated on the Operators screen is a disabled partner too.
    partnerSwitch: (id, enabled, who, trx) => partners.switchEnabled(id, enabled, who, trx),
  });
  // The back office's review of cashier requests (balances, recent history, withdrawal checks, history).
  const cashierReview = createCashierReview({
    db,
    ledger,
    members,
    sessions,
    settings,
    operatorNames: (ids) => backoffice.operatorNames(ids),
    zone,
    now,
  });
  // Daily and monthly figures from the cashier's requests and the ledger's transfers.
  const reports = createReportsService({ ledger, cashier, zone });
  const transfers = createTransferService({
    db,
    ledger,
    secrets,
    members,
    limits,
    zone,
    now,
    timeoutMs: config.transferTimeoutMs,
  });
  const jackpots = createJackpotService({ db, ledger, audit, members, now });
  const catalog = createCatalogService({
    db,
    audit,
    sessions,
    members,
    transfers,
    ledger,
    breaks: breakReader,
    secrets,
    zone,
    now,
  });
  // The member detail's lists and the password reset of the back office.
  const memberConsole = createMemberConsoleService({
    db,
    audit,
    members,
    ledger,
    cashier,
    catalog,
    community,
    sessions,
  });
  const wallet = createWalletService({
    db,
    ledger,
    sessions,
    settings,
    members,
    jackpots,
    secrets,
    now,
    timeZone: zone,
    groupCommit: config.walletBatchMax > 1 && {
      maxBatch: config.walletBatchMax,
      maxInFlight: config.walletBatchInFlight,
    },
  });
  // Attendance, referral and weekly payback: comp points from the promotions accounts, the
  // referees' and the week's stakes from the wallet's daily aggregates (docs/promotions.md).
  const rewards = createRewardsService({
    db,
    ledger,
    audit,
    members,
    cashier,
    breaks: breakReader,
    stakes: dayStakesOf(wallet),
    // A recommender earns at the comp rates of their level where it sets them (docs/promotions.md).
    levelRates: async () => (await settings.levelSettings()).map((level) => level.compRates),
    // Promotions skip members the abuse review flagged (docs/api/backoffice-fraud.md).
    fraud,
    zone,
    now,
  });
  // Partners (docs/api/backoffice-partners.md): the tree, commission from the wallet's day rows,
  // settlements and payouts; a partner's operator account through the back office's operators service.
  const partners = createPartnersService({
    db,
    audit,
    ledger,
    sessions,
    members,
    wallet,
    accounts: {
      insert: (operatorId, passwordHash, trx) =>
        backoffice.operators.insertPartnerAccount(operatorId, passwordHash, trx),
      setActive: (id, active, trx) => backoffice.operators.setPartnerActive(id, active, trx),
      lock: (id, trx) => backoffice.operators.lockPartnerAccount(id, trx),
    },
    now,
    timeZone: zone,
  });
  // Player protection's member calls: the limits with what the cashier and the wallet count against them.
  const protection = createProtectionService({ limits, cashier, wallet, now });
  // The member's own sessions, and the account history and session result from the ledger.
  const memberSessions = createMemberSessions({ sessions, members, now });
  const history = createHistoryService({ ledger, sessions, limits, zone, now });
  // Uploaded images (files under DATA_DIR/media or an S3 bucket) and the home banners.
  const media = createMediaService({
    db,
    audit,
    store: createMediaStore(config.mediaStore),
    memoryCacheBytes: config.mediaMemoryCacheBytes,
    uploadConcurrency: config.mediaUploadConcurrency,
    uploadQueue: config.mediaUploadQueue,
  });
  const banners = createBannerService({ db, audit, media, now });
  const settingsAdmin = createSettingsAdminService({ db, audit, members, settings });
  const sitesAdmin = createSitesAdminService({
    db,
    audit,
    sites,
    refs: {
      enabledRegCode: (code, trx) => members.enabledRegCode(code, trx),
      // A site's partner: one the partners' service knows, read in the site change's transaction (a
      // read outside it waits for it forever on the embedded database's one connection).
      partnerExists: (partnerId, trx) => partners.exists(partnerId, trx),
    },
  });
  // The back office's read-only view of player protection (limits, history, breaks).
  const protectionAdmin = createProtectionAdminService({ db, members, now });
  // What `GET /metrics` shows (docs/operations.md): this instance's counters, gauges read at a scrape.
  const metrics = createMetrics();
  const operations = createOperationsService({ db, now });
  addOperationsGauges(metrics, operations, deps.pool);
  // Periodic jobs, each run once at a time across every instance (a lease in the database; started
  // by main.ts, `runNow` in tests; docs/operations.md "Periodic jobs"). Register a job here.
  const jobs = createJobScheduler({
    db,
    now,
    metrics,
    leaseMs: config.jobLeaseMs,
    checkMs: config.jobCheckMs,
  });
  addJobGauges(metrics, jobs);
  // Transfer-wallet moves whose answer never came, asked about again (docs/operations.md).
  if (config.transferReconcileMs > 0)
    jobs.register({
      name: 'transfer-reconcile',
      everyMs: config.transferReconcileMs,
      run: () => transfers.reconcile(),
    });
  // The referral rewards of the finished days and last week's payback (docs/promotions.md): each
  // run settles only what is due and not settled yet.
  jobs.register({
    name: 'referral-settle',
    everyMs: REWARD_JOBS_EVERY_MS,
    run: () => rewards.settleReferrals(),
  });
  jobs.register({
    name: 'payback-settle',
    everyMs: REWARD_JOBS_EVERY_MS,
    run: () => rewards.settlePayback(),
  });
  // The levels' automatic promotion of members who played or had a deposit approved since
  // yesterday (docs/api/levels.md "Automatic promotion"): a second run raises nothing.
  jobs.register({
    name: 'level-promotion',
    everyMs: LEVEL_PROMOTION_EVERY_MS,
    run: async (at) => {
      await depositBonus.promoteRecent(at);
    },
  });
  // The abuse signals and blacklist hits past their retention (docs/security.md "Abuse signals").
  jobs.register({
    name: 'fraud-prune',
    everyMs: 6 * 60 * 60 * 1000,
    run: async (at) => {
      await fraud.pruneSignals();
      await oppositeBets.prune();
      await blacklist.pruneHits(new Date(at.getTime() - BLACKLIST_HIT_RETENTION_DAYS * 24 * 60 * 60 * 1000));
    },
  });

  return {
    config,
    db,
    dbKind,
    now,
    rateLimiter,
    ledger,
    settings,
    audit,
    legal,
    community,
    sessions,
    signInLimiter,
    csrf,
    cashier,
    depositBonus,
    stakeTotals,
    comp,
    rewards,
    members,
    backoffice,
    cashierReview,
    memberConsole,
    reports,
    catalog,
    wallet,
    partners,
    transfers,
    jackpots,
    media,
    banners,
    settingsAdmin,
    sites,
    sitesAdmin,
    blacklist,
    fraud,
    oppositeBets,
    limits,
    protection,
    protectionAdmin,
    breaks,
    memberSessions,
    history,
    metrics,
    operations,
    bus,
    events,
    caches,
    jobs,
  };
}

export type Services = ReturnType<typeof createServices>;
