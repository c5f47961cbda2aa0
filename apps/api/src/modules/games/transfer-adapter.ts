import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import {
  ZTransferBalanceAnswer,
  ZTransferDepositAnswer,
  ZTransferStatusAnswer,
  ZTransferWithdrawAnswer,
  type TTransferAction,
} from '@casino/contracts/wallet';

/**
 * What the platform needs from a transfer-wallet provider (docs/providers.md section 5,
 * docs/api/member-calls.md "Transfer-wallet providers"): each aggregator has its own transfer API, and one
 * adapter per aggregator maps it to this interface. Every method either resolves with the provider's definite
 * answer or throws `TransferUnknown` when the outcome cannot be known (no answer in time, a broken or
 * unsigned answer, a server error): the caller then keeps the move pending and the reconciler asks `status`
 * later, so no won is lost or counted twice whatever the provider does.
 */
export interface TransferAdapter {
  /** Moves `amount` into the member's wallet at the provider; idempotent on `transferId`. */
  deposit(input: { userId: string; transferId: string; amount: number }): Promise<DepositOutcome>;
  /** Takes the member's whole balance back from the provider; idempotent on `transferId`. */
  withdraw(input: { userId: string; transferId: string }): Promise<WithdrawOutcome>;
  /** The member's balance at the provider. */
  balance(input: { userId: string }): Promise<BalanceOutcome>;
  /**
   * What became of a transfer: `done` with the amount moved, or `not_found`: the provider never
   * applied it, and refuses that transferId from then on.
   */
  status(input: { transferId: string }): Promise<StatusOutcome>;
}

export type DepositOutcome = { ok: true; balance: number } | { ok: false; refusal: string };
export type WithdrawOutcome = { ok: true; amount: number } | { ok: false; refusal: string };
export type BalanceOutcome = { ok: true; balance: number } | { ok: false; refusal: string };
export type StatusOutcome =
  { state: 'done'; action: 'deposit' | 'withdraw'; amount: number } | { state: 'not_found' };

/** The outcome of a call is unknown: the money stays held until the reconciler learns it. */
export class TransferUnknown extends Error {}

export interface HttpTransferAdapterOptions {
  /** The provider's transfer API, e.g. `https://games.example/transfer` (actions are appended). */
  apiUrl: string;
  /** The provider's signing secret (also signs its answers). */
  secret: string;
  /** How long to wait for an answer before the outcome counts as unknown. */
  timeoutMs: number;
}

const sign = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest();

/**
 * The platform's own transfer API (docs/providers.md section 5), which the house studio and any
 * provider without an aggregator of its own may offer: `POST <apiUrl>/<action>`, JSON, signed both
 * ways with HMAC-SHA256 of the raw body in `X-Signature`.
 */
export function createHttpTransferAdapter(options: HttpTransferAdapterOptions): TransferAdapter {
  const base = options.apiUrl.replace(/\/+$/, '');

  async function post<S extends z.ZodType>(
    action: TTransferAction,
    body: object,
    schema: S,
  ): Promise<z.infer<S>> {
    const raw = JSON.stringify(body);
    let response: Response;
    let text: Buffer;
    try {
      response = await fetch(`${base}/${action}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': sign(options.secret, raw).toString('hex'),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
      text = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new TransferUnknown(
        `${action}: ${(error as Error).name === 'TimeoutError' ? 'no answer in time' : (error as Error).message}`,
      );
    }
    // An answer counts only when the provider signed it: anything else may have come from anyone.
    const given = response.headers.get('x-signature') ?? '';
    const expected = sign(options.secret, text);
    if (!/^[0-9a-f]{64}$/i.test(given) || !timingSafeEqual(expected, Buffer.from(given, 'hex')))
      throw new TransferUnknown(`${action}: answer ${response.status} without a valid signature`);
    if (response.status >= 500) throw new TransferUnknown(`${action}: provider error ${response.status}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text.toString('utf8'));
    } catch {
      throw new TransferUnknown(`${action}: answer is not JSON`);
    }
    const checked = schema.safeParse(parsed);
    if (!checked.success) throw new TransferUnknown(`${action}: answer does not follow the protocol`);
    return checked.data;
  }

  const refusalOrOk = <T extends { status: string }>(answer: T) => answer.status === 'RS_OK';

  return {
    async deposit(input) {
      const answer = await post('deposit', { ...input, currency: 'KRW' }, ZTransferDepositAnswer);
      return refusalOrOk(answer) && 'balance' in answer
        ? { ok: true, balance: answer.balance }
        : { ok: false, refusal: answer.status };
    },
    async withdraw(input) {
      const answer = await post('withdraw', { ...input, currency: 'KRW' }, ZTransferWithdrawAnswer);
      return refusalOrOk(answer) && 'amount' in answer
        ? { ok: true, amount: answer.amount }
        : { ok: false, refusal: answer.status };
    },
    async balance(input) {
      const answer = await post('balance', input, ZTransferBalanceAnswer);
      return refusalOrOk(answer) && 'balance' in answer
        ? { ok: true, balance: answer.balance }
        : { ok: false, refusal: answer.status };
    },
    async status(input) {
      const answer = await post('status', input, ZTransferStatusAnswer);
      return answer.state === 'done'
        ? { state: 'done', action: answer.action, amount: answer.amount }
        : { state: 'not_found' };
    },
  };
}
