import type { z } from 'zod';
import * as cashier from './cashier.ts';
import * as community from './community.ts';
import * as games from './games.ts';
import * as levels from './levels.ts';
import * as members from './members.ts';
import * as protection from './protection.ts';
import * as rewards from './rewards.ts';
import * as site from './site.ts';

export const CALL_WHO = ['public', 'guest', 'member'] as const;
/** public: anyone; guest: signed out only (a signed-in caller gets `authenticated`); member: 401 without a session. */
export type TCallWho = (typeof CALL_WHO)[number];

function call<W extends TCallWho, Req extends z.ZodType, Res extends z.ZodType>(
  who: W,
  request: Req,
  response: Res,
) {
  return { who, request, response };
}

/** Every member call (`POST /api/routes/<name>`), documented in docs/api/member-calls.md. */
export const CALLS = {
  'user-do-login': call('guest', members.ZUserDoLoginRequest, members.ZUserDoLoginResponse),
  'user-health-check': call('member', members.ZUserHealthCheckRequest, members.ZUserHealthCheckResponse),
  'user-register': call('guest', members.ZUserRegisterRequest, members.ZUserRegisterResponse),
  'check-user-id': call('guest', members.ZCheckUserIdRequest, members.ZCheckUserIdResponse),
  'check-user-nick': call('guest', members.ZCheckUserNickRequest, members.ZCheckUserNickResponse),
  'get-reg-domain': call('public', members.ZGetRegDomainRequest, members.ZGetRegDomainResponse),
  'get-banks': call('public', members.ZGetBanksRequest, members.ZGetBanksResponse),
  'get-banners': call('public', games.ZGetBannersRequest, games.ZGetBannersResponse),
  'get-jackpot': call('public', games.ZGetJackpotRequest, games.ZGetJackpotResponse),
  'get-cash-ticker': call('public', cashier.ZGetCashTickerRequest, cashier.ZGetCashTickerResponse),
  'get-cashier-status': call('public', cashier.ZGetCashierStatusRequest, cashier.ZGetCashierStatusResponse),
  'user-write-help': call('member', community.ZUserWriteHelpRequest, community.ZUserWriteHelpResponse),
  'guest-write-help': call('guest', community.ZGuestWriteHelpRequest, community.ZGuestWriteHelpResponse),
  'get-help-list': call('member', community.ZGetHelpListRequest, community.ZGetHelpListResponse),
  'read-help-message': call('member', community.ZReadHelpMessageRequest, community.ZReadHelpMessageResponse),
  'del-help': call('member', community.ZDelHelpRequest, community.ZDelHelpResponse),
  'del-all-help': call('member', community.ZDelAllHelpRequest, community.ZDelAllHelpResponse),
  'user-ask-account': call('member', cashier.ZUserAskAccountRequest, cashier.ZUserAskAccountResponse),
  'get-user-notices': call('public', community.ZGetUserNoticesRequest, community.ZGetUserNoticesResponse),
  'get-notice-popup': call('public', community.ZGetNoticePopupRequest, community.ZGetNoticePopupResponse),
  'get-user-note': call('member', community.ZGetUserNoteRequest, community.ZGetUserNoteResponse),
  'read-note-message': call('member', community.ZReadNoteMessageRequest, community.ZReadNoteMessageResponse),
  'read-all-note': call('member', community.ZReadAllNoteRequest, community.ZReadAllNoteResponse),
  'del-note': call('member', community.ZDelNoteRequest, community.ZDelNoteResponse),
  'del-all-note': call('member', community.ZDelAllNoteRequest, community.ZDelAllNoteResponse),
  'get-member-account': call('member', members.ZGetMemberAccountRequest, members.ZGetMemberAccountResponse),
  'apply-user-deposit': call('member', cashier.ZApplyUserDepositRequest, cashier.ZApplyUserDepositResponse),
  'apply-user-withdraw': call(
    'member',
    cashier.ZApplyUserWithdrawRequest,
    cashier.ZApplyUserWithdrawResponse,
  ),
  'get-deposit-list': call('member', cashier.ZGetDepositListRequest, cashier.ZGetDepositListResponse),
  'get-withdraw-list': call('member', cashier.ZGetWithdrawListRequest, cashier.ZGetWithdrawListResponse),
  'del-deposit': call('member', cashier.ZDelDepositRequest, cashier.ZDelDepositResponse),
  'del-withdraw': call('member', cashier.ZDelWithdrawRequest, cashier.ZDelWithdrawResponse),
  'roll-to-balance': call('member', cashier.ZRollToBalanceRequest, cashier.ZRollToBalanceResponse),
  'get-deposit-bonus': call('member', levels.ZGetDepositBonusRequest, levels.ZGetDepositBonusResponse),
  'get-rollover': call('member', levels.ZGetRolloverRequest, levels.ZGetRolloverResponse),
  'cancel-bonus': call('member', levels.ZCancelBonusRequest, levels.ZCancelBonusResponse),
  'get-my-level': call('member', levels.ZGetMyLevelRequest, levels.ZGetMyLevelResponse),
  'change-password': call('member', members.ZChangePasswordRequest, members.ZChangePasswordResponse),
  'accept-terms': call('member', members.ZAcceptTermsRequest, members.ZAcceptTermsResponse),
  'change-exchange-password': call(
    'member',
    members.ZChangeExchangePasswordRequest,
    members.ZChangeExchangePasswordResponse,
  ),
  'get-in-game-balance': call('member', games.ZGetInGameBalanceRequest, games.ZGetInGameBalanceResponse),
  'game-transfer-in': call('member', games.ZGameTransferInRequest, games.ZGameTransferInResponse),
  'game-transfer-out': call('member', games.ZGameTransferOutRequest, games.ZGameTransferOutResponse),
  'get-casino-setting': call('public', games.ZGetCasinoSettingRequest, games.ZGetCasinoSettingResponse),
  'get-slot-setting': call('public', games.ZGetSlotSettingRequest, games.ZGetSlotSettingResponse),
  'get-mini-setting': call('public', games.ZGetMiniSettingRequest, games.ZGetMiniSettingResponse),
  'get-sport-setting': call('public', games.ZGetSportSettingRequest, games.ZGetSportSettingResponse),
  'get-slot-by-company': call('public', games.ZGetSlotByCompanyRequest, games.ZGetSlotByCompanyResponse),
  'open-game': call('member', games.ZOpenGameRequest, games.ZOpenGameResponse),
  'get-slot-bets-list': call('member', games.ZGetSlotBetsListRequest, games.ZGetSlotBetsListResponse),
  'get-site-status': call('public', site.ZGetSiteStatusRequest, site.ZGetSiteStatusResponse),
  'get-legal-document': call('public', site.ZGetLegalDocumentRequest, site.ZGetLegalDocumentResponse),
  // Player protection (docs/protection.md).
  'get-play-limits': call('member', protection.ZGetPlayLimitsRequest, protection.ZGetPlayLimitsResponse),
  'set-play-limit': call('member', protection.ZSetPlayLimitRequest, protection.ZSetPlayLimitResponse),
  'set-reality-check': call(
    'member',
    protection.ZSetRealityCheckRequest,
    protection.ZSetRealityCheckResponse,
  ),
  'take-break': call('member', protection.ZTakeBreakRequest, protection.ZTakeBreakResponse),
  'get-sessions': call('member', protection.ZGetSessionsRequest, protection.ZGetSessionsResponse),
  'end-session': call('member', protection.ZEndSessionRequest, protection.ZEndSessionResponse),
  'get-account-history': call(
    'member',
    protection.ZGetAccountHistoryRequest,
    protection.ZGetAccountHistoryResponse,
  ),
  'get-session-summary': call(
    'member',
    protection.ZGetSessionSummaryRequest,
    protection.ZGetSessionSummaryResponse,
  ),
  // Attendance, referral and weekly payback (docs/promotions.md).
  'get-attendance': call('member', rewards.ZGetAttendanceRequest, rewards.ZGetAttendanceResponse),
  'check-attendance': call('member', rewards.ZCheckAttendanceRequest, rewards.ZCheckAttendanceResponse),
  'get-referrals': call('member', rewards.ZGetReferralsRequest, rewards.ZGetReferralsResponse),
  'get-payback': call('member', rewards.ZGetPaybackRequest, rewards.ZGetPaybackResponse),
} as const;

export type TCalls = typeof CALLS;

/**
 * The calls served while the site is in maintenance (every other call answers
 * `503 {status:"maintenance"}`): what the portal's maintenance page needs to know and to show.
 */
export const MAINTENANCE_OPEN_CALLS: ReadonlySet<string> = new Set<TCallName>(['get-site-status']);
export type TCallName = keyof TCalls;
export const CALL_NAMES = Object.keys(CALLS) as TCallName[];

export function isCallName(name: string): name is TCallName {
  return Object.hasOwn(CALLS, name);
}

/** The body a client sends (defaults such as paging may be left out). */
export type TCallRequest<N extends TCallName> = z.input<TCalls[N]['request']>;
/** The body a handler receives after validation (defaults filled in, values normalized). */
export type TCallParsed<N extends TCallName> = z.output<TCalls[N]['request']>;
export type TCallResponse<N extends TCallName> = z.output<TCalls[N]['response']>;
