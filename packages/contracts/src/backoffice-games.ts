import { z } from 'zod';
import { backofficeRoute } from './backoffice-route.ts';
import { withCode } from './errors.ts';
import {
  HH_MM_PATTERN,
  pagedList,
  successList,
  ZId,
  ZIsoDate,
  ZMoney,
  ZPageQuery,
  ZUserId,
} from './fields.ts';
import { statusOnly, ZSuccess, ZSuccessOrNotFound } from './status.ts';

// The game catalog (role `owner`; docs/api/backoffice.md, docs/providers.md).

const ZCatalogName = z.string().trim().min(1).max(60);
const ZMaintenance = z
  .strictObject({ from: z.string().regex(HH_MM_PATTERN), to: z.string().regex(HH_MM_PATTERN) })
  .refine((w) => w.from !== w.to, { message: 'a window needs a length' });

const ZJackpotWon = z.int().min(0).max(100_000_000_000);

export const PROVIDER_KINDS = ['casino', 'slot', 'sport', 'mini'] as const;

export const ZProviderKind = z.enum(PROVIDER_KINDS);

export const WALLET_MODES = ['seamless', 'transfer'] as const;

export const ZWalletMode = z.enum(WALLET_MODES);

export const ZProviderCode = z.string().regex(/^[a-z0-9_-]{2,32}$/);

/** A game's code within its provider. */
export const ZCatalogGameCode = z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/);

/** An absolute `http(s)` URL without a user name or password in it. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An `http(s)` URL or a path on this server. */
export const ZLaunchUrl = z
  .string()
  .max(500)
  .refine((value) => /^\/(?!\/)[^\s\\]*$/.test(value) || isHttpUrl(value), withCode('pattern'));

/** An image: a path on this server or an https URL; '' for none. */
export const ZImageUrl = z
  .string()
  .max(500)
  .refine(
    (value) => value === '' || /^\/(?!\/)[^\s\\]*$/.test(value) || /^https:\/\/[^\s\\]+$/.test(value),
    withCode('pattern'),
  );

export const ZProviderSecret = z
  .string()
  .min(32)
  .max(128)
  .regex(/^[\x21-\x7e]+$/);

/** A transfer-wallet provider's server API: an absolute `http(s)` URL the platform calls. */
export const ZProviderApiUrl = z.string().max(500).refine(isHttpUrl, withCode('pattern'));

/** The highest maximum per wallet call an owner may set (won). */
export const PROVIDER_MAX_AMOUNT_CEILING = 1_000_000_000_000;

/**
 * The operator's maximum per wallet call (won): a bet or win above it is refused
 * RS_ERROR_WRONG_TYPES (docs/providers.md). A new provider gets 10,000,000,000 won unless the
 * request names another; the ceiling keeps the totals reports add up far from 2^53 - 1.
 */
export const ZProviderMaxAmount = z.int().positive().max(PROVIDER_MAX_AMOUNT_CEILING);

export const ZCreateProviderRequest = z
  .strictObject({
    code: ZProviderCode,
    kind: ZProviderKind,
    name: ZCatalogName,
    nameKo: ZCatalogName.optional(),
    wallet: ZWalletMode,
    launchUrl: ZLaunchUrl,
    /** Required for a `transfer` provider: where the platform moves money (docs/providers.md). */
    apiUrl: ZProviderApiUrl.optional(),
    secret: ZProviderSecret,
    imgUrl: ZImageUrl.optional(),
    enabled: z.boolean().optional(),
    /** Its bets fund the jackpots and may win them (default false). */
    jackpot: z.boolean().optional(),
    maxAmount: ZProviderMaxAmount.optional(),
  })
  .refine((p) => p.wallet !== 'transfer' || p.apiUrl !== undefined, {
    path: ['apiUrl'],
    ...withCode('required'),
  });

export type TCreateProviderRequest = z.infer<typeof ZCreateProviderRequest>;

export const ZCreateProviderResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('already')]);

export const ZProviderCodeParams = z.strictObject({ code: ZProviderCode });

export const ZUpdateProviderRequest = z.strictObject({
  enabled: z.boolean().optional(),
  maintenance: ZMaintenance.nullable().optional(),
  name: ZCatalogName.optional(),
  nameKo: ZCatalogName.optional(),
  imgUrl: ZImageUrl.optional(),
  launchUrl: ZLaunchUrl.optional(),
  secret: ZProviderSecret.optional(),
  /** Refused (400 naming `wallet`) while members still hold money at a transfer provider. */
  wallet: ZWalletMode.optional(),
  apiUrl: ZProviderApiUrl.nullable().optional(),
  jackpot: z.boolean().optional(),
  maxAmount: ZProviderMaxAmount.optional(),
});

export type TUpdateProviderRequest = z.infer<typeof ZUpdateProviderRequest>;

export const ZCatalogChangeResponse = ZSuccessOrNotFound;

export const ZCreateGameRequest = z.strictObject({
  provider: ZProviderCode,
  code: ZCatalogGameCode,
  nameKo: ZCatalogName,
  nameEn: ZCatalogName,
  imgUrl: ZImageUrl.optional(),
  enabled: z.boolean().optional(),
  order: z.int().min(0).max(1_000_000).optional(),
});

export type TCreateGameRequest = z.infer<typeof ZCreateGameRequest>;

export const ZCreateGameResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('already'),
  statusOnly('not_found'),
]);

export const ZGameParams = z.strictObject({ provider: ZProviderCode, code: ZCatalogGameCode });

export const ZUpdateGameRequest = z.strictObject({
  nameKo: ZCatalogName.optional(),
  nameEn: ZCatalogName.optional(),
  imgUrl: ZImageUrl.optional(),
  enabled: z.boolean().optional(),
  order: z.int().min(0).max(1_000_000).optional(),
});

export type TUpdateGameRequest = z.infer<typeof ZUpdateGameRequest>;

/** `GET /api/backoffice/providers`: the catalog as operators see it (never the secret). */
export const ZCatalogProvider = z.object({
  code: z.string(),
  kind: ZProviderKind,
  name: z.string(),
  nameKo: z.string().nullable(),
  wallet: ZWalletMode,
  launchUrl: z.string(),
  apiUrl: z.string().nullable(),
  imgUrl: z.string(),
  enabled: z.boolean(),
  jackpot: z.boolean(),
  maxAmount: ZProviderMaxAmount,
  maintenance: z.object({ from: z.string(), to: z.string() }).nullable(),
  games: z.array(
    z.object({
      code: z.string(),
      nameKo: z.string(),
      nameEn: z.string(),
      imgUrl: z.string(),
      enabled: z.boolean(),
      order: z.int(),
    }),
  ),
});

export const ZCatalogResponse = successList(ZCatalogProvider, 'providers');

/** `GET /api/backoffice/rounds/:provider/:roundId`: one round with every wallet call of it (disputes). */
export const ZRoundParams = z.strictObject({ provider: ZProviderCode, roundId: z.string().min(1).max(100) });

export const ZRoundResponse = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('success'),
    round: z.object({
      provider: z.string(),
      roundId: z.string(),
      userId: z.string(),
      gameCode: z.string(),
      bet: ZMoney,
      win: ZMoney,
      rolledBack: ZMoney,
      closed: z.boolean(),
      regDate: ZIsoDate,
      lastDate: ZIsoDate,
    }),
    calls: z.array(
      z.object({
        transactionId: z.string(),
        action: z.enum(['bet', 'win', 'rollback', 'mark']),
        amount: ZMoney,
        referenceId: z.string().nullable(),
        outcome: z.string(),
        rolledBack: z.boolean(),
        compPoints: ZMoney,
        transferId: ZId.nullable(),
        regDate: ZIsoDate,
      }),
    ),
  }),
  statusOnly('not_found'),
]);

// Jackpots MEGA, MAJOR, MINOR (owner): each tier's seed, must-hit-by ceiling, share of each
// contributing bet (basis points) and hit chance (a bet of `amount` wins with amount / oneInWon).

export const JACKPOT_TIERS = ['MEGA', 'MAJOR', 'MINOR'] as const;

export const ZJackpotTier = z.enum(JACKPOT_TIERS);

export const ZJackpotSettings = z.object({
  seed: ZJackpotWon,
  ceiling: ZJackpotWon,
  shareBp: z.int().min(0).max(1000),
  oneInWon: z.int().min(1).max(1_000_000_000_000),
});

export const ZJackpotSettingsPatch = z.strictObject({
  seed: ZJackpotWon.optional(),
  ceiling: ZJackpotWon.optional(),
  shareBp: z.int().min(0).max(1000).optional(),
  oneInWon: z.int().min(1).max(1_000_000_000_000).optional(),
});

export const ZJackpotsPatch = z.strictObject({
  MEGA: ZJackpotSettingsPatch.optional(),
  MAJOR: ZJackpotSettingsPatch.optional(),
  MINOR: ZJackpotSettingsPatch.optional(),
});

export type TJackpotsPatch = z.infer<typeof ZJackpotsPatch>;
const ZJackpotTierView = ZJackpotSettings.extend({ pool: ZMoney });

export const ZJackpotsResponse = z.object({
  status: z.literal('success'),
  tiers: z.object({ MEGA: ZJackpotTierView, MAJOR: ZJackpotTierView, MINOR: ZJackpotTierView }),
  hits: z.array(
    z.object({
      tier: ZJackpotTier,
      userId: z.string(),
      provider: z.string(),
      roundId: z.string(),
      amount: ZMoney,
      at: ZIsoDate,
    }),
  ),
});

/** `GET /api/backoffice/game-transfers?state=pending`: moves into and out of transfer providers. */
export const ZGameTransfersQuery = z.strictObject({
  state: z.enum(['pending', 'done', 'failed']).optional(),
  ...ZPageQuery,
});

export type TGameTransfersQuery = z.infer<typeof ZGameTransfersQuery>;

export const ZGameTransfersResponse = pagedList(
  z.object({
    id: ZId,
    userId: z.string(),
    provider: z.string(),
    direction: z.enum(['in', 'out']),
    amount: ZMoney.nullable(),
    state: z.enum(['pending', 'done', 'failed']),
    attempts: z.int(),
    lastError: z.string().nullable(),
    regDate: ZIsoDate,
    settledDate: ZIsoDate.nullable(),
  }),
);

/** `PUT /api/backoffice/games/:provider/order`: every game code of the provider, in display order. */
export const ZGameOrderRequest = z.strictObject({
  codes: z.array(ZCatalogGameCode).min(1).max(2000),
});

export type TGameOrderRequest = z.infer<typeof ZGameOrderRequest>;

export const ZGameOrderResponse = ZSuccessOrNotFound;

/** `POST /api/backoffice/providers/:code/rotate-secret`: the new secret, shown in this answer only. */
export const ZRotateSecretResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), secret: z.string() }),
  statusOnly('not_found'),
]);

export type TRotateSecretResponse = z.infer<typeof ZRotateSecretResponse>;

// --- rounds of a member ---

/** `GET /api/backoffice/rounds?userId=&page=&pageSize=`: a member's rounds, newest first. */
export const ZMemberRoundsQuery = z.strictObject({
  userId: ZUserId,
  ...ZPageQuery,
});

export type TMemberRoundsQuery = z.infer<typeof ZMemberRoundsQuery>;

export const ZMemberRoundsResponse = z.discriminatedUnion('status', [
  pagedList(
    z.object({
      provider: z.string(),
      roundId: z.string(),
      gameCode: z.string(),
      gameName: z.string(),
      bet: ZMoney,
      win: ZMoney,
      regDate: ZIsoDate,
    }),
  ),
  statusOnly('not_found'),
]);

export type TMemberRoundsResponse = z.infer<typeof ZMemberRoundsResponse>;

// --- games: order and secret rotation ---

export const ZProviderParams = z.strictObject({ provider: ZProviderCode });

/**
 * The game catalog (providers, games, their order, secret rotation), rounds and transfers for
 * disputes, the jackpots (docs/api/backoffice.md, docs/api/backoffice-settings.md); part of
 * BACKOFFICE_ROUTES. The schemas live in backoffice.ts and backoffice-settings.ts.
 */
export const BACKOFFICE_GAME_ROUTES = {
  'providers.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/providers',
    permission: 'catalog',
    response: ZCatalogResponse,
  }),
  'providers.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/providers',
    permission: 'catalog',
    body: ZCreateProviderRequest,
    response: ZCreateProviderResponse,
  }),
  'providers.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/providers/:code',
    permission: 'catalog',
    params: ZProviderCodeParams,
    body: ZUpdateProviderRequest,
    response: ZCatalogChangeResponse,
  }),
  'providers.rotateSecret': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/providers/:code/rotate-secret',
    permission: 'catalog',
    params: ZProviderCodeParams,
    response: ZRotateSecretResponse,
  }),
  'games.create': backofficeRoute({
    method: 'POST',
    path: '/api/backoffice/games',
    permission: 'catalog',
    body: ZCreateGameRequest,
    response: ZCreateGameResponse,
  }),
  'games.update': backofficeRoute({
    method: 'PATCH',
    path: '/api/backoffice/games/:provider/:code',
    permission: 'catalog',
    params: ZGameParams,
    body: ZUpdateGameRequest,
    response: ZCatalogChangeResponse,
  }),
  'games.order': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/games/:provider/order',
    permission: 'catalog',
    params: ZProviderParams,
    body: ZGameOrderRequest,
    response: ZGameOrderResponse,
  }),
  'rounds.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/rounds/:provider/:roundId',
    permission: 'rounds',
    params: ZRoundParams,
    response: ZRoundResponse,
  }),
  'rounds.ofMember': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/rounds',
    permission: 'rounds',
    query: ZMemberRoundsQuery,
    response: ZMemberRoundsResponse,
  }),
  'gameTransfers.list': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/game-transfers',
    permission: 'rounds',
    query: ZGameTransfersQuery,
    response: ZGameTransfersResponse,
  }),
  'jackpots.get': backofficeRoute({
    method: 'GET',
    path: '/api/backoffice/jackpots',
    permission: 'settingsRead',
    response: ZJackpotsResponse,
  }),
  'jackpots.update': backofficeRoute({
    method: 'PUT',
    path: '/api/backoffice/jackpots',
    permission: 'settingsWrite',
    body: ZJackpotsPatch,
    response: ZJackpotsResponse,
  }),
};
