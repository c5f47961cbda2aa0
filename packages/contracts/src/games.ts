import { z } from 'zod';
import {
  pagedList,
  successList,
  ZAmount,
  ZEmptyRequest,
  ZGameCode,
  ZId,
  ZIsoDate,
  ZMoney,
  ZPaging,
} from './fields.ts';
import { statusOnly, ZSuccess } from './status.ts';

export const ZInGameBalance = z.object({
  status: z.enum(['success', 'fail']),
  gameMoney: ZMoney,
  balance: ZMoney,
  rolling: ZMoney,
  userId: z.string(),
});
export type TInGameBalance = z.infer<typeof ZInGameBalance>;

export const ZGetInGameBalanceRequest = ZEmptyRequest;
export type TGetInGameBalanceRequest = z.infer<typeof ZGetInGameBalanceRequest>;
export const ZGetInGameBalanceResponse = z.object({ status: z.literal('success'), data: ZInGameBalance });
export type TGetInGameBalanceResponse = z.infer<typeof ZGetInGameBalanceResponse>;

export const ZGameTransferInRequest = z.strictObject({ company: ZGameCode, amount: ZAmount });
export type TGameTransferInRequest = z.infer<typeof ZGameTransferInRequest>;
export const ZGameTransferInResponse = z.discriminatedUnion('status', [
  ZSuccess,
  statusOnly('balance'),
  statusOnly('time'),
  statusOnly('fail'),
  /** Player protection (docs/protection.md): a break, or a loss limit already reached. */
  statusOnly('blocked'),
]);
export type TGameTransferInResponse = z.infer<typeof ZGameTransferInResponse>;

export const ZGameTransferOutRequest = z.strictObject({ company: ZGameCode.optional() });
export type TGameTransferOutRequest = z.infer<typeof ZGameTransferOutRequest>;
export const ZGameTransferOutResponse = z.discriminatedUnion('status', [ZSuccess, statusOnly('fail')]);
export type TGameTransferOutResponse = z.infer<typeof ZGameTransferOutResponse>;

/** `y` is enabled; anything else shows msg2002. */
export const ZUsed = z.enum(['y', 'n']);
export type TUsed = z.infer<typeof ZUsed>;

/**
 * A live-casino table. `nameKo`/`nameEn` are this platform's addition to the four fields before
 * them (docs/api/member-calls.md, Games): a table's name to show, Korean on the ko locale and
 * English otherwise, as slot games have.
 */
export const ZCasinoEntry = z.object({
  code: z.string(),
  gameCompany: z.string(),
  used: ZUsed,
  imgUrl: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
});
export type TCasinoEntry = z.infer<typeof ZCasinoEntry>;

export const ZGetCasinoSettingRequest = ZEmptyRequest;
export type TGetCasinoSettingRequest = z.infer<typeof ZGetCasinoSettingRequest>;
export const ZGetCasinoSettingResponse = successList(ZCasinoEntry, 'casiono');
export type TGetCasinoSettingResponse = z.infer<typeof ZGetCasinoSettingResponse>;

/**
 * `get-mini-setting`: the games of `mini` providers (the house Powerball and Ladder), as
 * `get-casino-setting` lists the live tables: the portal's MINI GAME tab (this platform's addition).
 */
export const ZGetMiniSettingRequest = ZEmptyRequest;
export type TGetMiniSettingRequest = z.infer<typeof ZGetMiniSettingRequest>;
export const ZGetMiniSettingResponse = successList(ZCasinoEntry, 'mini');
export type TGetMiniSettingResponse = z.infer<typeof ZGetMiniSettingResponse>;

export const ZProviderEntry = z.object({
  code: z.string(),
  used: ZUsed,
  imgUrl: z.string(),
  name: z.string(),
});
export type TProviderEntry = z.infer<typeof ZProviderEntry>;

export const ZGetSlotSettingRequest = ZEmptyRequest;
export type TGetSlotSettingRequest = z.infer<typeof ZGetSlotSettingRequest>;
export const ZGetSlotSettingResponse = successList(ZProviderEntry, 'slot');
export type TGetSlotSettingResponse = z.infer<typeof ZGetSlotSettingResponse>;

export const ZGetSportSettingRequest = ZEmptyRequest;
export type TGetSportSettingRequest = z.infer<typeof ZGetSportSettingRequest>;
export const ZGetSportSettingResponse = successList(ZProviderEntry, 'sport');
export type TGetSportSettingResponse = z.infer<typeof ZGetSportSettingResponse>;

export const ZSlotGame = z.object({
  code: z.string(),
  gameCompany: z.string(),
  imgUrl: z.string(),
  nameKo: z.string(),
  nameEn: z.string(),
});
export type TSlotGame = z.infer<typeof ZSlotGame>;

export const ZGetSlotByCompanyRequest = z.strictObject({ company: ZGameCode });
export type TGetSlotByCompanyRequest = z.infer<typeof ZGetSlotByCompanyRequest>;
export const ZGetSlotByCompanyResponse = z.discriminatedUnion('status', [
  successList(ZSlotGame, 'games'),
  statusOnly('fail'),
]);
export type TGetSlotByCompanyResponse = z.infer<typeof ZGetSlotByCompanyResponse>;

/** `timeStemp` (the specification's spelling) is the client's epoch milliseconds. */
export const ZOpenGameRequest = z.strictObject({
  code: ZGameCode,
  company: ZGameCode,
  timeStemp: z.int().nonnegative(),
});
export type TOpenGameRequest = z.infer<typeof ZOpenGameRequest>;
export const ZOpenGameResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('success'), gameUrl: z.string() }),
  statusOnly('time'),
  statusOnly('fail'),
  statusOnly('blocked'),
]);
export type TOpenGameResponse = z.infer<typeof ZOpenGameResponse>;

export const ZSlotBet = z.object({
  id: ZId,
  company: z.string(),
  gameCode: z.string(),
  gameName: z.string(),
  round: z.string(),
  bet: ZMoney,
  win: ZMoney,
  regDate: ZIsoDate,
});
export type TSlotBet = z.infer<typeof ZSlotBet>;

export const ZGetSlotBetsListRequest = ZPaging;
export type TGetSlotBetsListRequest = z.infer<typeof ZGetSlotBetsListRequest>;
export const ZGetSlotBetsListResponse = pagedList(ZSlotBet, 'bets');
export type TGetSlotBetsListResponse = z.infer<typeof ZGetSlotBetsListResponse>;

export const ZBanner = z.object({
  id: ZId,
  title: z.string(),
  imgUrl: z.string(),
  link: z.string().nullable(),
  /** The image's own size when it is an uploaded one (`/media/...`): the portal builds its srcset from it. */
  width: z.int().positive().optional(),
  height: z.int().positive().optional(),
});
export type TBanner = z.infer<typeof ZBanner>;

export const ZGetBannersRequest = ZEmptyRequest;
export type TGetBannersRequest = z.infer<typeof ZGetBannersRequest>;
export const ZGetBannersResponse = successList(ZBanner, 'banners');
export type TGetBannersResponse = z.infer<typeof ZGetBannersResponse>;

export const JACKPOT_TIERS = ['MEGA', 'MAJOR', 'MINOR'] as const;
export type TJackpotTier = (typeof JACKPOT_TIERS)[number];

export const ZGetJackpotRequest = ZEmptyRequest;
export type TGetJackpotRequest = z.infer<typeof ZGetJackpotRequest>;
export const ZGetJackpotResponse = z.object({
  status: z.literal('success'),
  jackpots: z.object({ MEGA: ZMoney, MAJOR: ZMoney, MINOR: ZMoney }),
  /** The latest hits, newest first (at most JACKPOT_RECENT_SIZE), the winner's id masked as on the cash ticker. */
  recent: z.array(
    z.object({ tier: z.enum(JACKPOT_TIERS), amount: ZMoney, userId: z.string(), at: ZIsoDate }),
  ),
});
/** How many of the latest jackpot hits `get-jackpot` tells. */
export const JACKPOT_RECENT_SIZE = 5;
export type TGetJackpotResponse = z.infer<typeof ZGetJackpotResponse>;
