import { timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { int, type StudioDb } from './db.ts';
import { signBody } from './wallet-client.ts';

/**
 * The transfer API the studio offers to the platform (docs/providers.md section 5):
 * `POST <studio>/transfer/<provider>/<action>`, JSON, requests and answers signed with hex
 * HMAC-SHA256(provider secret, raw body) in `X-Signature`. It is always answered: the platform
 * calls it only for a provider its operator switched to `transfer`, and the first move of money in
 * switches the studio's rounds of that provider to the member's balance here (docs/games/studio.md).
 */

const ZId = z.string().min(1).max(100);
const ZAmount = z.int().min(0).max(Number.MAX_SAFE_INTEGER);
const REQUESTS = {
  deposit: z.object({ userId: ZId, transferId: ZId, amount: ZAmount.min(1), currency: z.literal('KRW') }),
  withdraw: z.object({ userId: ZId, transferId: ZId, currency: z.literal('KRW') }),
  balance: z.object({ userId: ZId }),
  status: z.object({ transferId: ZId }),
} as const;
type Action = keyof typeof REQUESTS;

/** Refuses a transferId that `status` already called not found, or that was used for something else. */
const REFUSED_FOR_EVER = { status: 'RS_ERROR_TRANSACTION_ROLLED_BACK' } as const;
const DUPLICATE = { status: 'RS_ERROR_DUPLICATE_TRANSACTION' } as const;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a PostgreSQL `text` column stores as sent: no NUL, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** True when every string in a parsed JSON value (keys included) can be stored as sent. */
/** A member's balance at a provider in the studio's own wallet (0 before the first deposit). */
export async function studioBalance(db: StudioDb, provider: string, userId: string): Promise<number> {
  const row = await db
    .selectFrom('studio_wallets')
    .select('balance')
    .where('provider', '=', provider)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ? int(row.balance) : 0;
}

export function isStorableJson(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (value === null || typeof value !== 'object') return true;
  if (depth > 32) return false;
  if (Array.isArray(value)) return value.every((v) => isStorableJson(v, depth + 1));
  return Object.entries(value).every(([k, v]) => isStorableText(k) && isStorableJson(v, depth + 1));
}

class TransferHttpError extends Error {
  readonly statusCode: number;
  readonly answer: { status: string };
  constructor(statusCode: number, status: string) {
    super(status);
    this.statusCode = statusCode;
    this.answer = { status };
  }
}

export interface TransferApiDeps {
  db: StudioDb;
  /** The provider's secret, or undefined for a code the studio does not have. */
  secretOf: (provider: string) => string | undefined;
  /** Notes a provider's wallet mode (members.ts `setMode`). */
  learnMode: (provider: string, mode: 'transfer') => Promise<void>;
  now: () => Date;
}

export async function registerTransferApi(app: FastifyInstance, deps: TransferApiDeps): Promise<void> {
  const { db, secretOf, learnMode, now } = deps;
  const verified = new WeakMap<FastifyRequest, string>();

  /** Every answer is signed with the provider's secret: the platform ignores unsigned answers. */
  function send(
    request: FastifyRequest,
    reply: FastifyReply,
    statusCode: number,
    body: object,
  ): FastifyReply {
    const raw = JSON.stringify(body);
    const provider = (request.params as { provider?: string }).provider ?? '';
    const secret = secretOf(provider);
    if (secret) reply.header('x-signature', signBody(secret, raw));
    return reply.status(statusCode).type('application/json').send(raw);
  }

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: 16 * 1024 },
      async (request: FastifyRequest, body: Buffer | string) => {
        const raw = typeof body === 'string' ? Buffer.from(body) : body;
        const provider = (request.params as { provider?: string }).provider ?? '';
        const secret = secretOf(provider);
        const given = request.headers['x-signature'];
        // The signature is checked before anything of the body is read.
        if (!secret || typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given.trim()))
          throw new TransferHttpError(401, 'RS_ERROR_INVALID_SIGNATURE');
        const expected = Buffer.from(signBody(secret, raw), 'hex');
        if (!timingSafeEqual(expected, Buffer.from(given.trim().toLowerCase(), 'hex')))
          throw new TransferHttpError(401, 'RS_ERROR_INVALID_SIGNATURE');
        verified.set(request, provider);
        try {
          return JSON.parse(raw.toString('utf8')) as unknown;
        } catch {
          throw new TransferHttpError(400, 'RS_ERROR_WRONG_TYPES');
        }
      },
    );

    scope.setErrorHandler((error: FastifyError | TransferHttpError, request, reply) => {
      if (error instanceof TransferHttpError) return send(request, reply, error.statusCode, error.answer);
      const statusCode =
        (error as { httpStatus?: number }).httpStatus ?? (error as FastifyError).statusCode ?? 500;
      if (statusCode < 500) {
        const unsigned = !verified.has(request) && statusCode !== 413;
        return send(request, reply, unsigned ? 401 : statusCode === 413 ? 413 : 400, {
          status: unsigned ? 'RS_ERROR_INVALID_SIGNATURE' : 'RS_ERROR_WRONG_TYPES',
        });
      }
      request.log.error({ err: error }, 'studio transfer call failed');
      return send(request, reply, 500, { status: 'RS_ERROR_UNKNOWN' });
    });

    scope.post<{ Params: { provider: string; action: string } }>(
      '/transfer/:provider/:action',
      async (request, reply) => {
        const provider = verified.get(request);
        if (provider === undefined) throw new TransferHttpError(401, 'RS_ERROR_INVALID_SIGNATURE');
        const action = request.params.action as Action;
        const schema = Object.hasOwn(REQUESTS, action) ? REQUESTS[action] : undefined;
        if (!schema || !isStorableJson(request.body))
          throw new TransferHttpError(400, 'RS_ERROR_WRONG_TYPES');
        const parsed = schema.safeParse(request.body);
        if (!parsed.success) throw new TransferHttpError(400, 'RS_ERROR_WRONG_TYPES');
        const input = parsed.data as Record<string, unknown>;
        let answer: object;
        switch (action) {
          case 'deposit':
            answer = await deposit(provider, input as z.infer<typeof REQUESTS.deposit>);
            break;
          case 'withdraw':
            answer = await withdraw(provider, input as z.infer<typeof REQUESTS.withdraw>);
            break;
          case 'balance':
            answer = {
              status: 'RS_OK',
              balance: await studioBalance(db, provider, (input as { userId: string }).userId),
            };
            break;
          case 'status':
            answer = await status(provider, (input as { transferId: string }).transferId);
            break;
        }
        return send(request, reply, 200, answer);
      },
    );
  });

  /**
   * Records a move under its transferId (with a deposit's amount; a withdrawal's is known once
   * paid): null when the id is new (the move goes ahead), else the transfer already recorded under
   * it (a retry, or another move reusing the id).
   */
  async function claimTransfer(
    trx: StudioDb,
    provider: string,
    action: 'deposit' | 'withdraw',
    move: { transferId: string; userId: string; amount?: number },
    at: Date,
  ) {
    const claimed = await trx
      .insertInto('studio_transfers')
      .values({
        provider,
        transfer_id: move.transferId,
        action,
        user_id: move.userId,
        amount: move.amount ?? null,
        state: 'done',
        created_at: at,
      })
      .onConflict((oc) => oc.columns(['provider', 'transfer_id']).doNothing())
      .returning('transfer_id')
      .executeTakeFirst();
    if (claimed) return null;
    return trx
      .selectFrom('studio_transfers')
      .selectAll()
      .where('provider', '=', provider)
      .where('transfer_id', '=', move.transferId)
      .executeTakeFirstOrThrow();
  }

  /** Money in: applied at most once per transferId, with the provider switched to transfer mode. */
  async function deposit(provider: string, input: z.infer<typeof REQUESTS.deposit>): Promise<object> {
    const answer: { status: string } = await db.transaction().execute(async (trx) => {
      const at = now();
      const seen = await claimTransfer(trx, provider, 'deposit', input, at);
      if (seen) {
        if (seen.state === 'refused') return REFUSED_FOR_EVER;
        if (
          seen.action !== 'deposit' ||
          seen.user_id !== input.userId ||
          int(seen.amount ?? -1) !== input.amount
        )
          return DUPLICATE;
        return { status: 'RS_OK', balance: await studioBalance(trx, provider, input.userId) };
      }
      const row = await trx
        .insertInto('studio_wallets')
        .values({ provider, user_id: input.userId, balance: input.amount, updated_at: at })
        .onConflict((oc) =>
          oc.columns(['provider', 'user_id']).doUpdateSet((eb) => ({
            balance: eb('studio_wallets.balance', '+', eb.ref('excluded.balance')),
            updated_at: at,
          })),
        )
        .returning('balance')
        .executeTakeFirstOrThrow();
      return { status: 'RS_OK', balance: int(row.balance) };
    });
    // The platform moves money only to a provider its operator runs by transfer. Noted after the
    // move commits (and only when it is news), so that deposits never queue on the provider's row.
    if (answer.status === 'RS_OK') await learnMode(provider, 'transfer');
    return answer;
  }

  /** Money out: the member's whole balance, paid back at most once per transferId. */
  async function withdraw(provider: string, input: z.infer<typeof REQUESTS.withdraw>): Promise<object> {
    return db.transaction().execute(async (trx) => {
      const at = now();
      const seen = await claimTransfer(trx, provider, 'withdraw', input, at);
      if (seen) {
        if (seen.state === 'refused') return REFUSED_FOR_EVER;
        if (seen.action !== 'withdraw' || seen.user_id !== input.userId) return DUPLICATE;
        return { status: 'RS_OK', amount: int(seen.amount ?? 0) };
      }
      // The wallet's lock waits for a round in play (it holds the same lock until it commits).
      const held = await trx
        .selectFrom('studio_wallets')
        .select('balance')
        .where('provider', '=', provider)
        .where('user_id', '=', input.userId)
        .forUpdate()
        .executeTakeFirst();
      const amount = held ? int(held.balance) : 0;
      if (held)
        await trx
          .updateTable('studio_wallets')
          .set({ balance: 0, updated_at: at })
          .where('provider', '=', provider)
          .where('user_id', '=', input.userId)
          .execute();
      await trx
        .updateTable('studio_transfers')
        .set({ amount })
        .where('provider', '=', provider)
        .where('transfer_id', '=', input.transferId)
        .execute();
      return { status: 'RS_OK', amount };
    });
  }

  /**
   * What became of a transferId. `not_found` is binding: the id is written down as refused in the
   * same statement, so a late copy of the request is refused for ever.
   */
  async function status(provider: string, transferId: string): Promise<object> {
    await db
      .insertInto('studio_transfers')
      .values({
        provider,
        transfer_id: transferId,
        action: null,
        user_id: null,
        amount: null,
        state: 'refused',
        created_at: now(),
      })
      .onConflict((oc) => oc.columns(['provider', 'transfer_id']).doNothing())
      .execute();
    const seen = await db
      .selectFrom('studio_transfers')
      .selectAll()
      .where('provider', '=', provider)
      .where('transfer_id', '=', transferId)
      .executeTakeFirstOrThrow();
    if (seen.state === 'refused' || seen.action === null) return { status: 'RS_OK', state: 'not_found' };
    return { status: 'RS_OK', state: 'done', action: seen.action, amount: int(seen.amount ?? 0) };
  }
}
