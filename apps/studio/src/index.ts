import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { registerBrowserApi, studioErrorHandler } from './browser-api.ts';
import { registerClient } from './client.ts';

export { registerClient, withPortalOrigins } from './client.ts';
import { migrateStudio, type StudioDb } from './db.ts';

/** The studio's own migrations (its tables in the platform's database), for tools that move a site. */
export { migrateStudio };
/** The mini-games' clock, for tools and tests that run one without a server. */
export { createMiniClock, type MiniClock, type TickResult } from './mini/clock.ts';
import { MINI_GAMES } from '@casino/studio-engine/mini/draw';
import {
  GAME_NAMES,
  MINI_PROVIDER,
  PROVIDER_NAMES,
  STUDIO_GAMES,
  STUDIO_PROVIDERS,
  type StudioProviderCode,
} from './games.ts';
import { createMembers } from './members.ts';
import { createMiniBetting, ensureMarkets, type SettleResult } from './mini/betting.ts';
import { createMiniClock, type TickResult } from './mini/clock.ts';
import { createMiniEvents } from './mini/events.ts';
import { registerMiniOperatorApi } from './mini/operator-api.ts';
import { registerMiniApi } from './mini/public-api.ts';
import { createRounds } from './rounds.ts';
import { registerTransferApi } from './transfer-api.ts';
import { createWalletClient } from './wallet-client.ts';

/**
 * A studio provider's wallet secret: hex HMAC-SHA256(studio key, `studio-provider:<code>`). The
 * platform and the studio both compute it from the one key, so nothing secret is written by the
 * studio (decision 0012).
 */
export function studioSecret(studioKey: Buffer, code: string): string {
  return createHmac('sha256', studioKey).update(`studio-provider:${code}`).digest('hex');
}

export interface StudioOptions {
  /** The database: the studio makes and owns its `studio_*` tables there (its own migrations). */
  // The platform's Kysely is typed with the platform's tables, which the studio does not know.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  /** The key the providers' secrets are derived from (the platform's SECRETS_KEY). */
  studioKey: Buffer;
  /** Where the platform's wallet is: `<platformUrl>/api/wallet/<provider>/<action>`. */
  platformUrl: string;
  /** Where the studio answers (default `/studio`). */
  prefix?: string;
  /** The built game client (apps/studio/dist); without it the pages say it is not built. */
  distDir?: string | undefined;
  /**
   * Origins of the portal besides the studio's own (`https://casino.example`), from which the game
   * window takes reality checks (decision 0014): only for a studio on a host of its own.
   */
  portalOrigins?: string[];
  /**
   * The platform's time zone (its SITE_TIME_ZONE, an IANA name): the game client shows the rounds'
   * times on that clock (decision 0020); unset, Asia/Seoul.
   */
  timeZone?: string;
  /** Secrets an operator set in the back office instead of the derived ones (STUDIO_SECRET_<CODE>). */
  secrets?: Record<string, string>;
  /** The clock (tests move it). */
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** How often the recovery loop runs (ms, default 60 s; 0: never, `recover()` by hand). */
  recoveryIntervalMs?: number;
  /** How long an open round is left to its request before recovery takes it over (ms, default 60 s). */
  graceMs?: number;
  /** One wallet call's timeout (ms, default 5 s) and tries (default 3). */
  walletTimeoutMs?: number;
  walletTries?: number;
  /**
   * The mini-games' clock (docs/games/mini-games.md): how often each instance ticks (ms, default
   * 1 s; 0: never, `miniTick()` by hand), its name in the lease, and the seeds per published chain.
   */
  miniTickMs?: number;
  instanceId?: string;
  miniChainLength?: number;
}

export interface StudioHandle {
  /** Finishes the open rounds that are due now (what the recovery loop runs). */
  recover(): Promise<{ settled: number; rolledBack: number; unknown: number }>;
  /** One tick of the mini-games' clock for every game (what the clock's timer runs, without the settlement). */
  miniTick(): Promise<TickResult[]>;
  /** The settlement of every game's drawn and voided rounds (what the lease holder runs after its tick). */
  miniSettle(): Promise<SettleResult[]>;
  /** A whole timer run: tick, settle the games this instance holds, push what changed. */
  miniRun(): Promise<unknown>;
}

function secretsOf(options: Pick<StudioOptions, 'studioKey' | 'secrets'>): Map<string, string> {
  return new Map(
    STUDIO_PROVIDERS.map((p) => [
      p.code,
      options.secrets?.[p.code] ?? studioSecret(options.studioKey, p.code),
    ]),
  );
}

/**
 * Mounts the house studio (decision 0012, docs/games/studio.md) on a Fastify app: the game client
 * and its browser API under `prefix`, and the transfer API the platform calls in transfer mode. It
 * reaches the platform only through the provider wallet over HTTP, so the same plugin runs inside
 * the platform's server or in a bare Fastify on a host of its own. Its tables are migrated first;
 * the recovery loop starts once the server listens and stops when it closes.
 */
export async function registerStudio(app: FastifyInstance, options: StudioOptions): Promise<StudioHandle> {
  const db = options.db as StudioDb;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? app.log;
  const prefix = options.prefix ?? '/studio';
  const graceMs = options.graceMs ?? 60_000;
  const intervalMs = options.recoveryIntervalMs ?? 60_000;
  const secrets = secretsOf(options);

  const applied = await migrateStudio(options.db);
  if (applied.length > 0) log.info({ applied }, 'studio migrations applied');
  await ensureMarkets(db);

  const wallet = createWalletClient({
    platformUrl: options.platformUrl,
    secretOf: (code) => {
      const secret = secrets.get(code);
      if (!secret) throw new Error(`not a studio provider: ${code}`);
      return secret;
    },
    timeoutMs: options.walletTimeoutMs ?? 5_000,
    tries: options.walletTries ?? 3,
  });
  const members = createMembers({ db, wallet, now });
  const rounds = createRounds({ db, wallet, members, now, log, graceMs });
  const miniBetting = createMiniBetting({ db, wallet, now, log });
  const miniEvents = createMiniEvents({ db, now, log });
  const timeZone = options.timeZone ?? 'Asia/Seoul';

  await app.register(
    async (scope) => {
      await registerBrowserApi(scope, {
        db,
        members,
        rounds,
        now,
        mini: { betting: miniBetting, timeZone, prefix },
      });
      await registerTransferApi(scope, {
        db,
        secretOf: (code) => secrets.get(code),
        learnMode: members.setMode,
        now,
      });
      await registerClient(scope, options.distDir, options.portalOrigins, options.timeZone);
      await scope.register(async (mini) => {
        // Bad input (the platform's text guard included) answers the studio's error shape.
        mini.setErrorHandler(studioErrorHandler);
        await registerMiniApi(mini, { db, now });
        miniEvents.register(mini);
      });
      await scope.register(async (operator) =>
        registerMiniOperatorApi(operator, {
          db,
          betting: miniBetting,
          now,
          secret: () => secrets.get(MINI_PROVIDER)!,
        }),
      );
    },
    { prefix },
  );

  // The mini-games' clock: every instance ticks, the lease holder draws (mini/clock.ts).
  const miniClock = createMiniClock({
    db,
    now,
    timeZone,
    ...(options.instanceId ? { instanceId: options.instanceId } : {}),
    ...(options.miniChainLength ? { chainLength: options.miniChainLength } : {}),
  });
  const miniTickMs = options.miniTickMs ?? 1_000;
  const miniSettle = () => Promise.all(MINI_GAMES.map((game) => miniBetting.settle(game)));
  // The lease holder settles the rounds it drew (a settlement another instance left half done is
  // taken over with the lease), one run per game at a time and beside the clock, so a long
  // settlement never holds the next tick; then every instance pushes what changed to its own
  // connections.
  const settling = new Map<string, Promise<void>>();
  const settleGame = (game: (typeof MINI_GAMES)[number]): Promise<void> => {
    const running = settling.get(game);
    if (running) return running;
    const run = miniBetting
      .settle(game)
      .then(() => miniEvents.publish(game))
      .catch((err: unknown) => log.error({ err, game }, 'mini-games settlement failed'))
      .finally(() => settling.delete(game));
    settling.set(game, run);
    return run;
  };
  const miniRun = async (waitForSettlement = true) => {
    const ticks = await miniClock.tickAll();
    const settles = MINI_GAMES.filter((_, i) => ticks[i]!.holder).map(settleGame);
    await miniEvents.publishAll();
    if (waitForSettlement) await Promise.all(settles);
    return ticks;
  };
  let miniTimer: NodeJS.Timeout | undefined;
  let miniRunning: Promise<unknown> | undefined;
  const miniOnce = () => {
    if (miniRunning) return miniRunning;
    miniRunning = miniRun(false)
      .catch((err: unknown) => log.error({ err }, 'mini-games clock failed'))
      .finally(() => {
        miniRunning = undefined;
      });
    return miniRunning;
  };
  if (miniTickMs > 0) {
    app.addHook('onListen', async () => {
      if (miniTimer) return;
      miniTimer = setInterval(() => void miniOnce(), miniTickMs);
      miniTimer.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (miniTimer) clearInterval(miniTimer);
    miniTimer = undefined;
    await miniRunning;
    await Promise.all(settling.values());
  });

  // The recovery loop: once when the server listens (the platform may be this very server), then
  // every interval; one run at a time, and the last one is awaited when the app closes.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = () => {
    if (running) return running;
    running = rounds
      .recover()
      .catch((err: unknown) => log.error({ err }, 'studio recovery failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  if (intervalMs > 0) {
    app.addHook('onListen', async () => {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    timer = undefined;
    await running;
  });

  return {
    recover: () => rounds.recover(),
    miniTick: () => miniClock.tickAll(),
    miniSettle,
    miniRun: () => miniRun(true),
  };
}

/** A provider as the platform's back office creates it (`POST /api/backoffice/providers`). */
export interface StudioProviderRegistration {
  code: StudioProviderCode;
  kind: 'casino' | 'slot' | 'mini';
  name: string;
  nameKo: string;
  wallet: 'seamless';
  launchUrl: string;
  apiUrl: string;
  secret: string;
  imgUrl: string;
  enabled: boolean;
  jackpot: boolean;
}

/** A game as the platform's back office creates it (`POST /api/backoffice/games`). */
export interface StudioGameRegistration {
  provider: StudioProviderCode;
  code: string;
  nameKo: string;
  nameEn: string;
  imgUrl: string;
  order: number;
}

/**
 * What the platform registers in its catalog for the studio on the first start of a database:
 * the two providers (seamless, opted into the jackpots, their transfer API already named so that
 * an operator switches a provider to transfer with `wallet` alone) and their games.
 *
 * `studioUrl` is where the studio answers as browsers and the platform reach it: unset when it is
 * mounted in the platform's own server (the launch URL is then a path of the site, and the
 * transfer API is reached on `platformUrl`).
 */
export function studioRegistration(options: {
  studioKey: Buffer;
  platformUrl: string;
  studioUrl?: string;
  prefix?: string;
  secrets?: Record<string, string>;
}): { providers: StudioProviderRegistration[]; games: StudioGameRegistration[] } {
  const prefix = options.prefix ?? '/studio';
  const site = (options.studioUrl ?? '').replace(/\/+$/, '');
  const api = (options.studioUrl ?? options.platformUrl).replace(/\/+$/, '');
  const secrets = secretsOf(options);
  const providers = STUDIO_PROVIDERS.map((p): StudioProviderRegistration => ({
    code: p.code,
    kind: p.kind,
    ...PROVIDER_NAMES[p.code],
    wallet: 'seamless',
    launchUrl: `${site}${prefix}/play`,
    apiUrl: `${api}${prefix}/transfer/${p.code}`,
    secret: secrets.get(p.code)!,
    // The studio's own tile art (web/public/art, served with the game client).
    imgUrl: `${site}${prefix}/art/${p.code}.svg`,
    enabled: true,
    // The jackpots are opted into by the casino and the slots; the mini-games opt in only when an
    // operator turns it on (docs/games/mini-games.md).
    jackpot: p.kind !== 'mini',
  }));
  const order = new Map<string, number>();
  const listed = [
    ...STUDIO_GAMES.values(),
    ...MINI_GAMES.map((code) => ({ code, provider: MINI_PROVIDER as StudioProviderCode })),
  ];
  const games = listed.map((g): StudioGameRegistration => {
    const n = order.get(g.provider) ?? 0;
    order.set(g.provider, n + 1);
    const names = GAME_NAMES[g.code] ?? { nameKo: g.code, nameEn: g.code };
    return {
      provider: g.provider,
      code: g.code,
      ...names,
      imgUrl: `${site}${prefix}/art/${g.code}.svg`,
      order: n,
    };
  });
  return { providers, games };
}
