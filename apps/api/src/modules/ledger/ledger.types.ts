import type { HoldState } from '../../db/schema.ts';
import type { MemberAccountKind } from './ledger.repository.ts';

// The ledger's public types (docs/ledger.md), shared by its parts and its callers.

export type MemberAccountRef = { memberId: number; kind: MemberAccountKind };
/**
 * System accounts: 'bank_clearing', 'comp_expense', 'adjustment', 'withdraw_hold' (only through
 * holds), `house:${provider}` and `jackpot:${tier}` (opened on first use).
 */
export type SystemAccountRef = { system: string };
export type AccountRef = MemberAccountRef | SystemAccountRef;

export interface TransferInput {
  debit: AccountRef;
  credit: AccountRef;
  /** Whole won, a positive safe integer. */
  amount: number;
  /** Why: deposit, withdrawal, comp_conversion, adjustment, bet, win, rollback, jackpot, game_transfer ... */
  code: string;
  /** Unique per source: the same key with the same request replays, with another request is refused. */
  idempotencyKey: string;
  /** Who names the key (a provider, 'backoffice', 'cashier' ...); default 'system'. */
  source?: string;
  /** Free context kept with the transfer (request ids, round ids, operator); not part of the request hash. */
  meta?: Record<string, unknown>;
}

/**
 * A transfer checked and resolved by the ledger (`prepareTransfer`), applied by a database function
 * through `ledger_transfer_prepared(jsonb)`: each side is a member account (`member`, `kind`) or
 * a system account's id.
 */
export interface PreparedTransfer {
  debitMember: number | null;
  debitKind: string | null;
  debitAccount: number | null;
  creditMember: number | null;
  creditKind: string | null;
  creditAccount: number | null;
  amount: number;
  code: string;
  source: string;
  key: string;
  hash: string;
  meta: Record<string, unknown>;
}

export interface TransferResult {
  transferId: number;
  /** True when this (source, key) had already been applied: nothing moved this time. */
  replayed: boolean;
}

export interface CreateHoldInput {
  memberId: number;
  /** The member account the money is held from; default 'cash'. */
  kind?: MemberAccountKind;
  amount: number;
  /** The pending transfer's code, e.g. 'withdrawal_hold'. */
  code: string;
  idempotencyKey: string;
  source?: string;
  meta?: Record<string, unknown>;
}

export interface HoldResult extends TransferResult {
  holdId: number;
}

export interface PostHoldOptions {
  idempotencyKey: string;
  /** Default 'withdrawal'. */
  code?: string;
  /** Where the held money goes; default the bank_clearing account (money paid out). */
  credit?: AccountRef;
  source?: string;
  meta?: Record<string, unknown>;
}

export interface VoidHoldOptions {
  idempotencyKey: string;
  /** Default 'hold_void'. */
  code?: string;
  source?: string;
  meta?: Record<string, unknown>;
}

export interface HoldView {
  holdId: number;
  memberId: number;
  kind: MemberAccountKind;
  amount: number;
  state: HoldState;
  pendingTransferId: number;
  resolvingTransferId: number | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

export interface MemberEntry {
  transferId: number;
  code: string;
  /** Signed from the member's view: positive when money came into this account. */
  amount: number;
  /** Which of the member's accounts this leg touched. */
  kind: MemberAccountKind;
  /** The account's balance right after this transfer. */
  balanceAfter?: number;
  holdId: number | null;
  createdAt: Date;
  meta: Record<string, unknown>;
}

export interface InvariantReport {
  ok: boolean;
  violations: string[];
}
