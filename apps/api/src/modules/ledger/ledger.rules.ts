import { createHash } from 'node:crypto';
import { LedgerError } from './ledger.errors.ts';
import { MEMBER_ACCOUNT_KINDS, type MemberAccountKind } from './ledger.repository.ts';
import type { AccountRef } from './ledger.types.ts';

// The ledger's fixed rules: account names, input checks and the request hash of a key.

export const FIXED_SYSTEM_ACCOUNTS = [
  'bank_clearing',
  'comp_expense',
  'adjustment',
  'withdraw_hold',
] as const;
// house:<provider>, jackpot:<tier>, promo:<promotion> (bonuses, attendance, referral, payback paid from it),
// partner:<partnerId> (a partner's commission balance) and partner_hold:<partnerId> (its payouts held).
export const OPEN_ON_USE_SYSTEM_ACCOUNT =
  /^(house|jackpot|promo|partner|partner_hold):[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const CODE_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;
export const MAX_KEY_LENGTH = 200;
export const MAX_SOURCE_LENGTH = 64;
export const MAX_ENTRIES = 500;
export const WITHDRAW_HOLD = 'withdraw_hold';
export const BALANCE_CHECK = 'accounts_member_balance_non_negative';

export type ParsedRef =
  { type: 'member'; memberId: number; kind: MemberAccountKind } | { type: 'system'; code: string };

export function parseRef(ref: AccountRef | undefined, side: string): ParsedRef {
  if (ref && typeof ref === 'object' && 'system' in ref) {
    const code = ref.system;
    if (
      typeof code !== 'string' ||
      !((FIXED_SYSTEM_ACCOUNTS as readonly string[]).includes(code) || OPEN_ON_USE_SYSTEM_ACCOUNT.test(code))
    ) {
      throw new LedgerError('invalid', `${side}: unknown system account ${String(code)}`);
    }
    return { type: 'system', code };
  }
  if (ref && typeof ref === 'object' && 'memberId' in ref) {
    if (!Number.isSafeInteger(ref.memberId) || ref.memberId <= 0)
      throw new LedgerError('invalid', `${side}: bad member id`);
    if (!(MEMBER_ACCOUNT_KINDS as readonly string[]).includes(ref.kind))
      throw new LedgerError('invalid', `${side}: bad account kind`);
    return { type: 'member', memberId: ref.memberId, kind: ref.kind };
  }
  throw new LedgerError('invalid', `${side}: not an account`);
}

export function refKey(ref: ParsedRef): string {
  return ref.type === 'member' ? `member:${ref.memberId}:${ref.kind}` : `system:${ref.code}`;
}

export function systemKind(code: string): string {
  return code.includes(':') ? code.slice(0, code.indexOf(':')) : code;
}

export function checkAmount(amount: unknown): number {
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) {
    throw new LedgerError('invalid', 'amount must be a positive safe integer');
  }
  return amount;
}

export function checkCode(code: unknown): string {
  if (typeof code !== 'string' || !CODE_PATTERN.test(code))
    throw new LedgerError('invalid', `bad transfer code ${String(code)}`);
  return code;
}

export function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new LedgerError('invalid', `idempotency key must be 1..${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

export function checkSource(source: unknown): string {
  if (source === undefined) return 'system';
  if (typeof source !== 'string' || source.length === 0 || source.length > MAX_SOURCE_LENGTH) {
    throw new LedgerError('invalid', `source must be 1..${MAX_SOURCE_LENGTH} characters`);
  }
  return source;
}

export function metaJson(meta: unknown): string {
  if (meta === undefined) return '{}';
  if (meta === null || typeof meta !== 'object' || Array.isArray(meta))
    throw new LedgerError('invalid', 'meta must be an object');
  return JSON.stringify(meta);
}

/** The request a key stands for: what moves, how much and why (meta is context, not request). */
export function transferHash(parts: (string | number)[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

export function isBalanceCheckViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  return (
    e.code === '23514' &&
    (e.constraint === BALANCE_CHECK || (typeof e.message === 'string' && e.message.includes(BALANCE_CHECK)))
  );
}
