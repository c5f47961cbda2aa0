import { z } from 'zod';

// The provider wallet of docs/providers.md: `POST /api/wallet/<provider>/<action>`, signed with
// `X-Signature` = hex HMAC-SHA256(provider secret, raw body). Answers carry `status` RS_OK or
// RS_ERROR_*; business answers are HTTP 200.

export const WALLET_STATUSES = [
  'RS_OK',
  'RS_ERROR_INVALID_SIGNATURE',
  'RS_ERROR_WRONG_TYPES',
  'RS_ERROR_INVALID_TOKEN',
  'RS_ERROR_NOT_ENOUGH_MONEY',
  'RS_ERROR_USER_DISABLED',
  /** A bet beyond one of the member's loss limits (docs/protection.md); nothing was done. */
  'RS_ERROR_LIMIT_EXCEEDED',
  'RS_ERROR_DUPLICATE_TRANSACTION',
  'RS_ERROR_TRANSACTION_ROLLED_BACK',
  'RS_ERROR_UNKNOWN',
] as const;
export type TWalletStatus = (typeof WALLET_STATUSES)[number];

export const WALLET_ACTIONS = ['balance', 'bet', 'win', 'rollback'] as const;
export type TWalletAction = (typeof WALLET_ACTIONS)[number];

/** Ids are strings of 1..100 characters. */
const ZWalletId = z.string().min(1).max(100);
/** Whole won, a safe integer >= 0. */
const ZWalletAmount = z.int().min(0).max(Number.MAX_SAFE_INTEGER);

/**
 * `userId` may be left out: a provider that has only the launch token (the launch URL does not name
 * the member) learns the member's `userId` from the answer (docs/providers.md section 2).
 */
export const ZWalletBalanceRequest = z.object({
  token: z.string().min(1).max(200),
  userId: ZWalletId.optional(),
});
/** A spot of a bet: what the stake is on (`player`, `banker`, `tie`, a mini-game market such as `powerball-odd`). */
const ZWalletSpot = z.string().regex(/^[a-z0-9][a-z0-9_:-]{0,39}$/);
export const ZWalletBetRequest = z.object({
  token: z.string().min(1).max(200),
  userId: ZWalletId,
  transactionId: ZWalletId,
  roundId: ZWalletId,
  gameCode: ZWalletId,
  amount: ZWalletAmount,
  /**
   * Optional (this platform's addition): the spots the stake is on, so that opposite bets of linked
   * members on one round are found (docs/providers.md "Spots and shared rounds").
   */
  spots: z.array(ZWalletSpot).min(1).max(20).optional(),
  /** Optional: the round as every player of it shares it, when `roundId` names the member's own part. */
  sharedRoundId: ZWalletId.optional(),
});
export const ZWalletWinRequest = z.object({
  userId: ZWalletId,
  transactionId: ZWalletId,
  roundId: ZWalletId,
  gameCode: ZWalletId,
  amount: ZWalletAmount,
  token: z.string().min(1).max(200).optional(),
  roundClosed: z.boolean().optional(),
});
export const ZWalletRollbackRequest = z.object({
  userId: ZWalletId,
  transactionId: ZWalletId,
  referenceTransactionId: ZWalletId,
  roundId: ZWalletId,
});
export type TWalletBalanceRequest = z.infer<typeof ZWalletBalanceRequest>;
export type TWalletBetRequest = z.infer<typeof ZWalletBetRequest>;
export type TWalletWinRequest = z.infer<typeof ZWalletWinRequest>;
export type TWalletRollbackRequest = z.infer<typeof ZWalletRollbackRequest>;

export const WALLET_REQUESTS = {
  balance: ZWalletBalanceRequest,
  bet: ZWalletBetRequest,
  win: ZWalletWinRequest,
  rollback: ZWalletRollbackRequest,
} as const;

/**
 * An answer: `balance` (with `currency`) whenever the member is known. A bet that won a jackpot
 * says so in `jackpots` (the tiers and amounts paid, already in `balance`), so that a game can show
 * it; providers that do not know the field ignore it.
 */
export interface TWalletAnswer {
  status: TWalletStatus;
  balance?: number;
  currency?: 'KRW';
  jackpots?: { tier: 'MEGA' | 'MAJOR' | 'MINOR'; amount: number }[];
  /** `balance` answers only: the token's member, and how the operator runs the provider's money. */
  userId?: string;
  wallet?: 'seamless' | 'transfer';
}

// The transfer-wallet API (docs/providers.md section 5): what the platform calls on a `transfer`
// provider's server, `POST <apiUrl>/<action>`, signed like the wallet calls (`X-Signature` over the
// raw body, with the provider's secret); the provider signs its answers the same way.

export const TRANSFER_ACTIONS = ['deposit', 'withdraw', 'balance', 'status'] as const;
export type TTransferAction = (typeof TRANSFER_ACTIONS)[number];

export const ZTransferDepositRequest = z.object({
  userId: ZWalletId,
  transferId: ZWalletId,
  amount: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  currency: z.literal('KRW'),
});
export const ZTransferWithdrawRequest = z.object({
  userId: ZWalletId,
  transferId: ZWalletId,
  currency: z.literal('KRW'),
});
export const ZTransferBalanceRequest = z.object({ userId: ZWalletId });
export const ZTransferStatusRequest = z.object({ transferId: ZWalletId });
export type TTransferDepositRequest = z.infer<typeof ZTransferDepositRequest>;
export type TTransferWithdrawRequest = z.infer<typeof ZTransferWithdrawRequest>;
export type TTransferBalanceRequest = z.infer<typeof ZTransferBalanceRequest>;
export type TTransferStatusRequest = z.infer<typeof ZTransferStatusRequest>;

export const TRANSFER_REQUESTS = {
  deposit: ZTransferDepositRequest,
  withdraw: ZTransferWithdrawRequest,
  balance: ZTransferBalanceRequest,
  status: ZTransferStatusRequest,
} as const;

/** A refusal: the provider did nothing (the money stays where it was). */
export const ZTransferRefusal = z.object({ status: z.string().regex(/^RS_ERROR_[A-Z_]{1,60}$/) });
export const ZTransferDepositAnswer = z.union([
  z.object({ status: z.literal('RS_OK'), balance: ZWalletAmount }),
  ZTransferRefusal,
]);
/** A withdrawal takes the member's whole balance at the provider: `amount` is what it paid back. */
export const ZTransferWithdrawAnswer = z.union([
  z.object({ status: z.literal('RS_OK'), amount: ZWalletAmount }),
  ZTransferRefusal,
]);
export const ZTransferBalanceAnswer = z.union([
  z.object({ status: z.literal('RS_OK'), balance: ZWalletAmount }),
  ZTransferRefusal,
]);
/**
 * What became of a transfer: `done` (with what moved), or `not_found`: the provider never applied it
 * and, having said so, refuses that transferId for ever.
 */
export const ZTransferStatusAnswer = z.union([
  z.object({
    status: z.literal('RS_OK'),
    state: z.literal('done'),
    action: z.enum(['deposit', 'withdraw']),
    amount: ZWalletAmount,
  }),
  z.object({ status: z.literal('RS_OK'), state: z.literal('not_found') }),
]);
export type TTransferDepositAnswer = z.infer<typeof ZTransferDepositAnswer>;
export type TTransferWithdrawAnswer = z.infer<typeof ZTransferWithdrawAnswer>;
export type TTransferBalanceAnswer = z.infer<typeof ZTransferBalanceAnswer>;
export type TTransferStatusAnswer = z.infer<typeof ZTransferStatusAnswer>;
