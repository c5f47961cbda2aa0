import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

/**
 * The platform's provider wallet as the studio calls it (docs/providers.md sections 2 and 3):
 * `POST <platformUrl>/api/wallet/<provider>/<action>`, JSON, `X-Signature` = hex
 * HMAC-SHA256(provider secret, the raw body). The studio is a provider like any other: it knows
 * nothing of the platform but this.
 */

export const ZJackpotWin = z.object({ tier: z.enum(['MEGA', 'MAJOR', 'MINOR']), amount: z.int().min(0) });

/** Any answer of the wallet: a status, and the member's cash whenever the member is known. */
const ZWalletAnswer = z.object({
  status: z.string().regex(/^RS_[A-Z_]{1,60}$/),
  balance: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  userId: z.string().min(1).max(100).optional(),
  wallet: z.enum(['seamless', 'transfer']).optional(),
  jackpots: z.array(ZJackpotWin).optional(),
});
export type WalletAnswer = z.infer<typeof ZWalletAnswer>;
export type JackpotWin = z.infer<typeof ZJackpotWin>;

/**
 * What became of a call: the platform's answer (HTTP 200 business answers, and 400/401, which the
 * platform gives before it does anything), or no answer at all (a timeout, a network failure, a
 * 5xx or a body that is not the wallet's): then the call may or may not have been applied, and only
 * the same transactionId again (or a rollback) can settle it.
 */
export type WalletResult =
  { answered: true; httpStatus: number; answer: WalletAnswer } | { answered: false; reason: string };

export interface WalletClientOptions {
  platformUrl: string;
  secretOf: (provider: string) => string;
  /** How long one try waits for an answer (ms). */
  timeoutMs: number;
  /** Tries per call (the same body each time, so the same transactionId). */
  tries: number;
}

export type WalletAction = 'balance' | 'bet' | 'win' | 'rollback';

export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export function createWalletClient(options: WalletClientOptions) {
  const base = options.platformUrl.replace(/\/+$/, '');

  async function once(url: string, raw: string, signature: string): Promise<WalletResult> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-signature': signature },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      return {
        answered: false,
        reason: name === 'TimeoutError' ? 'no answer in time' : (error as Error).message,
      };
    }
    if (response.status >= 500) return { answered: false, reason: `HTTP ${response.status}` };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { answered: false, reason: `HTTP ${response.status} answer is not JSON` };
    }
    const checked = ZWalletAnswer.safeParse(parsed);
    if (!checked.success)
      return { answered: false, reason: `HTTP ${response.status} answer is not the wallet's` };
    return { answered: true, httpStatus: response.status, answer: checked.data };
  }

  return {
    /**
     * One wallet call, tried up to `tries` times with the very same body (the platform answers a
     * repeated transactionId as the first time and moves nothing again).
     */
    async call(provider: string, action: WalletAction, body: Record<string, unknown>): Promise<WalletResult> {
      const raw = JSON.stringify(body);
      const signature = signBody(options.secretOf(provider), raw);
      const url = `${base}/api/wallet/${encodeURIComponent(provider)}/${action}`;
      let result: WalletResult = { answered: false, reason: 'not tried' };
      for (let attempt = 1; attempt <= options.tries; attempt += 1) {
        result = await once(url, raw, signature);
        if (result.answered) return result;
        if (attempt < options.tries) await sleep(100 * 4 ** (attempt - 1));
      }
      return result;
    },
  };
}

export type WalletClient = ReturnType<typeof createWalletClient>;
