import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A transfer-wallet provider as the tests play it: a real HTTP server speaking the platform's
 * transfer API (docs/providers.md section 5), with signed requests and answers, its own wallet per
 * member, and the faults the platform must survive, switched by `fault`:
 *
 * - `hang`: the request never gets an answer and is not applied (it was lost on the way);
 * - `hang-after`: the move is applied, then no answer comes (the answer was lost);
 * - `error-after`: the move is applied, then a 500 comes back (a provider that fails after
 *   taking the money);
 * - `refuse`: a signed refusal (`RS_ERROR_USER_DISABLED`), nothing applied;
 * - `unsigned`: the move is applied and answered without a signature (anyone could have sent it);
 * - `down`: every call (status and balance too) answers an unsigned 503.
 */
export type TransferFault = 'none' | 'hang' | 'hang-after' | 'error-after' | 'refuse' | 'unsigned' | 'down';

export interface TransferProviderServer {
  /** The transfer API's base URL (the provider's `apiUrl`). */
  apiUrl: string;
  secret: string;
  fault: TransferFault;
  /** Which actions the fault applies to (default the money moves). */
  faultActions: Set<string>;
  /** Members' balances at the provider, by user id. */
  balances: Map<string, number>;
  /** Applied moves by transferId. */
  applied: Map<string, { action: 'deposit' | 'withdraw'; amount: number }>;
  /** TransferIds the provider said it never applied: refused for ever. */
  voided: Set<string>;
  /** Every request received, in order. */
  received: { action: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

const sign = (secret: string, body: string | Buffer) =>
  createHmac('sha256', secret).update(body).digest('hex');

export async function startTransferProvider(secret: string): Promise<TransferProviderServer> {
  const hanging = new Set<ServerResponse>();
  const state: Omit<TransferProviderServer, 'apiUrl' | 'close'> = {
    secret,
    fault: 'none',
    faultActions: new Set(['deposit', 'withdraw']),
    balances: new Map(),
    applied: new Map(),
    voided: new Set(),
    received: [],
  };

  const answer = (res: ServerResponse, code: number, body: unknown, signed = true) => {
    const raw = JSON.stringify(body);
    res.writeHead(code, {
      'content-type': 'application/json',
      ...(signed ? { 'x-signature': sign(secret, raw) } : {}),
    });
    res.end(raw);
  };

  function apply(action: string, body: Record<string, unknown>): Record<string, unknown> {
    const userId = String(body.userId ?? '');
    const transferId = String(body.transferId ?? '');
    if (action === 'balance') return { status: 'RS_OK', balance: state.balances.get(userId) ?? 0 };
    if (action === 'status') {
      const done = state.applied.get(transferId);
      if (done) return { status: 'RS_OK', state: 'done', action: done.action, amount: done.amount };
      state.voided.add(transferId);
      return { status: 'RS_OK', state: 'not_found' };
    }
    if (state.voided.has(transferId)) return { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' };
    const seen = state.applied.get(transferId);
    if (action === 'deposit') {
      if (!seen) {
        const amount = Number(body.amount);
        state.balances.set(userId, (state.balances.get(userId) ?? 0) + amount);
        state.applied.set(transferId, { action: 'deposit', amount });
      }
      return { status: 'RS_OK', balance: state.balances.get(userId) ?? 0 };
    }
    if (action === 'withdraw') {
      if (!seen) {
        const amount = state.balances.get(userId) ?? 0;
        state.balances.set(userId, 0);
        state.applied.set(transferId, { action: 'withdraw', amount });
      }
      return { status: 'RS_OK', amount: state.applied.get(transferId)!.amount };
    }
    return { status: 'RS_ERROR_WRONG_TYPES' };
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const action = (req.url ?? '').split('/').pop() ?? '';
      const given = String(req.headers['x-signature'] ?? '');
      const expected = Buffer.from(sign(secret, raw), 'hex');
      if (!/^[0-9a-f]{64}$/.test(given) || !timingSafeEqual(expected, Buffer.from(given, 'hex')))
        return answer(res, 401, { status: 'RS_ERROR_INVALID_SIGNATURE' });
      const body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      state.received.push({ action, body });
      const faulty = state.faultActions.has(action) ? state.fault : 'none';
      if (state.fault === 'down') return answer(res, 503, { status: 'unavailable' }, false);
      if (faulty === 'hang') {
        hanging.add(res);
        return;
      }
      if (faulty === 'refuse') return answer(res, 200, { status: 'RS_ERROR_USER_DISABLED' });
      const result = apply(action, body);
      if (faulty === 'hang-after') {
        hanging.add(res);
        return;
      }
      if (faulty === 'error-after') return answer(res, 500, { status: 'RS_ERROR_UNKNOWN' });
      return answer(res, 200, result, faulty !== 'unsigned');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    apiUrl: `http://127.0.0.1:${port}/transfer`,
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
