import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { WALLET_REQUESTS, type TWalletAnswer, type TWalletAction } from '@casino/contracts/wallet';
import { AppError } from '../../lib/app-error.ts';
import type { EventPublisher } from '../../lib/event-bus.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { ModuleContext } from '../../lib/module-context.ts';
import type { ProviderRow } from './games.repository.ts';
import type { CatalogService } from './catalog.service.ts';
import type { WalletReply, WalletService } from './wallet.service.ts';
import type { JackpotService } from './jackpot.service.ts';
import type { TransferService } from './transfer.service.ts';
import type { LedgerService } from '../ledger/ledger.service.ts';
import type { OppositeBets } from '../fraud/opposite-bets.ts';

export interface GamesRouteDeps {
  catalog: CatalogService;
  wallet: WalletService;
  transfers: TransferService;
  jackpots: JackpotService;
  ledger: Pick<LedgerService, 'memberBalances'>;
}

/** The jackpot figures every home page polls: computed once a second per instance at most. */
const JACKPOT_CACHE_MS = 1_000;

/** The portal sends its locale (`ko`, `en`, `jp`, `vn`, `cn`) with every call; else the browser's language decides. */
const BROWSER_LANGS: Record<string, string> = { ko: 'ko', en: 'en', ja: 'jp', vi: 'vn', zh: 'cn' };
export const LOCALE_HEADER = 'x-portal-locale';

export function localeOf(request: FastifyRequest): string {
  const sent = request.headers[LOCALE_HEADER];
  if (typeof sent === 'string' && ['ko', 'en', 'jp', 'vn', 'cn'].includes(sent)) return sent;
  const accept = request.headers['accept-language'];
  const first =
    typeof accept === 'string' ? accept.split(',')[0]?.trim().slice(0, 2).toLowerCase() : undefined;
  return (first && BROWSER_LANGS[first]) ?? 'ko';
}

/** The member calls of games (docs/api/member-calls.md and docs/providers.md). */
export function registerGameCalls(ctx: ModuleContext, deps: GamesRouteDeps): void {
  const { catalog, transfers, jackpots, ledger } = deps;
  const { calls } = ctx;
  calls.register('get-casino-setting', async () => ({
    status: 'success' as const,
    casiono: await catalog.casinoEntries(),
  }));
  calls.register('get-mini-setting', async () => ({
    status: 'success' as const,
    mini: await catalog.casinoEntries('mini'),
  }));
  calls.register('get-slot-setting', async (_input, { request }) => ({
    status: 'success' as const,
    slot: await catalog.providerEntries('slot', localeOf(request)),
  }));
  calls.register('get-sport-setting', async (_input, { request }) => ({
    status: 'success' as const,
    sport: await catalog.providerEntries('sport', localeOf(request)),
  }));
  calls.register('get-slot-by-company', (input) => catalog.slotGames(input.company));
  calls.register('open-game', (input, { member, request }) =>
    catalog.openGame(member, { code: input.code, company: input.company, lang: localeOf(request) }),
  );
  calls.register(
    'get-jackpot',
    async () => {
      const [amounts, recent] = await Promise.all([jackpots.amounts(), jackpots.publicHits()]);
      return { status: 'success' as const, jackpots: amounts, recent };
    },
    { cacheForMs: JACKPOT_CACHE_MS },
  );
  calls.register('game-transfer-in', async (input, { member }) => {
    const status = await transfers.transferIn(member, input.company, input.amount);
    if (status === 'success') ctx.events.member({ memberId: member.memberId }, 'balance');
    return { status };
  });
  calls.register('game-transfer-out', async (input, { member }) => {
    const status = await transfers.transferOut(member, input.company);
    if (status === 'success') ctx.events.member({ memberId: member.memberId }, 'balance');
    return { status };
  });
  calls.register('get-in-game-balance', async (_input, { member }) => {
    const [held, balances] = await Promise.all([
      transfers.inGameBalance(member),
      ledger.memberBalances(member.memberId),
    ]);
    return {
      status: 'success' as const,
      data: {
        status: held.status,
        gameMoney: held.gameMoney,
        balance: balances.cash,
        rolling: balances.comp,
        userId: member.userId,
      },
    };
  });
  calls.register('get-slot-bets-list', (input, { member, request }) =>
    catalog.memberRounds(
      member.memberId,
      { page: input.page ?? 1, pageSize: input.pageSize ?? 20 },
      localeOf(request),
    ),
  );
}

/**
 * A bet the opposite-bet rule refused: RS_ERROR_LIMIT_EXCEEDED (the wallet's refusal of a bet it
 * did not take; the member is not told why) with the member's balance, or the balance call's own
 * refusal (a bad token).
 */
async function refusedBet(
  wallet: WalletService,
  provider: ProviderRow,
  bet: { token: string; userId: string },
): Promise<WalletReply> {
  const balance = await wallet.balance(provider, { token: bet.token, userId: bet.userId });
  if (balance.body.status !== 'RS_OK') return balance;
  const { balance: cash, currency } = balance.body;
  return { code: 200, body: { status: 'RS_ERROR_LIMIT_EXCEEDED', balance: cash, currency } };
}

/** A wallet answer that ends the request before its handler (signature, body shape). */
class WalletHttpError extends Error {
  readonly statusCode: number;
  readonly answer: TWalletAnswer;
  constructor(statusCode: number, answer: TWalletAnswer) {
    super(answer.status);
    this.statusCode = statusCode;
    this.answer = answer;
  }
}

const INVALID_SIGNATURE = () => new WalletHttpError(401, { status: 'RS_ERROR_INVALID_SIGNATURE' });
const WRONG_TYPES = () => new WalletHttpError(400, { status: 'RS_ERROR_WRONG_TYPES' });

/**
 * The provider wallet, `POST /api/wallet/<provider>/<action>` (docs/providers.md).
 * Server to server: no cookie, no CSRF origin check (plugins/origin-check.ts exempts wallet routes),
 * and every answer, errors included, in the wallet's own `{status: "RS_..."}` shape. The signature
 * is checked on the raw body bytes inside the body parser, before the body is parsed or anything
 * else is read; a request without a body is refused as unsigned.
 */
export async function registerWalletRoutes(
  app: FastifyInstance,
  deps: Pick<GamesRouteDeps, 'wallet'> & {
    metrics?: Pick<Metrics, 'walletCalls'>;
    events?: EventPublisher;
    /** Opposite bets of linked members (modules/fraud/opposite-bets.ts), checked before a bet applies. */
    oppositeBets?: Pick<OppositeBets, 'around'>;
  },
): Promise<void> {
  const { wallet, metrics, events, oppositeBets } = deps;
  const verified = new WeakMap<FastifyRequest, ProviderRow>();
  // Counted once signed (a provider of this site), so a stranger's paths cannot add series.
  const count = (request: FastifyRequest, answer: unknown) => {
    const provider = verified.get(request);
    const status = (answer as { status?: unknown } | null)?.status;
    if (!metrics || !provider || typeof status !== 'string') return;
    const action = (request.params as { action?: string }).action ?? '';
    metrics.walletCalls.inc({
      provider: provider.code,
      action: Object.hasOwn(WALLET_REQUESTS, action) ? action : 'unknown',
      status,
    });
  };

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer' },
      async (request: FastifyRequest, body: Buffer | string) => {
        const raw = typeof body === 'string' ? Buffer.from(body) : body;
        const provider = (request.params as { provider?: string }).provider ?? '';
        const row = await wallet.verify(provider, request.headers['x-signature'], raw);
        if (!row) throw INVALID_SIGNATURE();
        verified.set(request, row);
        try {
          return JSON.parse(raw.toString('utf8')) as unknown;
        } catch {
          throw WRONG_TYPES();
        }
      },
    );

    scope.setErrorHandler((error: FastifyError | WalletHttpError | AppError, request, reply) => {
      const answer = (code: number, body: unknown) => {
        count(request, body);
        return reply.status(code).send(body);
      };
      if (error instanceof WalletHttpError) return answer(error.statusCode, error.answer);
      if (error instanceof AppError) {
        // The text guard (a NUL, a lone surrogate) and the like: the body breaks its shape.
        if (error.httpStatus < 500) return answer(400, { status: 'RS_ERROR_WRONG_TYPES' });
      }
      const statusCode = (error as FastifyError).statusCode ?? 500;
      if (statusCode === 413) return answer(413, { status: 'RS_ERROR_WRONG_TYPES' });
      if (statusCode >= 400 && statusCode < 500) {
        // Anything refused before the parser ran (no body, a broken request) was never signed.
        return verified.has(request)
          ? answer(400, { status: 'RS_ERROR_WRONG_TYPES' })
          : answer(401, { status: 'RS_ERROR_INVALID_SIGNATURE' });
      }
      request.log.error({ err: error }, 'wallet call failed');
      return answer(500, { status: 'RS_ERROR_UNKNOWN' });
    });

    scope.post<{ Params: { provider: string; action: string } }>(
      '/api/wallet/:provider/:action',
      async (request, reply) => {
        const provider = verified.get(request);
        if (!provider) throw INVALID_SIGNATURE();
        const action = request.params.action as TWalletAction;
        const schema = Object.hasOwn(WALLET_REQUESTS, action) ? WALLET_REQUESTS[action] : undefined;
        if (!schema) throw WRONG_TYPES();
        const parsed = (schema as z.ZodType).safeParse(request.body);
        if (!parsed.success) throw WRONG_TYPES();
        let result: WalletReply;
        switch (action) {
          case 'balance':
            result = await wallet.balance(provider, parsed.data as z.infer<typeof WALLET_REQUESTS.balance>);
            break;
          case 'bet': {
            const bet = parsed.data as z.infer<typeof WALLET_REQUESTS.bet>;
            // Under the opposite-bet check (modules/fraud/opposite-bets.ts): a bet the operator's
            // rule refuses moves nothing and is answered as a refused bet.
            result = oppositeBets
              ? await oppositeBets.around(
                  provider.code,
                  bet,
                  () => wallet.bet(provider, bet),
                  () => refusedBet(wallet, provider, bet),
                )
              : await wallet.bet(provider, bet);
            break;
          }
          case 'win':
            result = await wallet.win(provider, parsed.data as z.infer<typeof WALLET_REQUESTS.win>);
            break;
          case 'rollback':
            result = await wallet.rollback(provider, parsed.data as z.infer<typeof WALLET_REQUESTS.rollback>);
            break;
        }
        count(request, result.body);
        // A bet, win or rollback that moved money: the member's streams hear the new balance.
        if (events && action !== 'balance' && result.body.status === 'RS_OK')
          events.member({ userId: (parsed.data as { userId: string }).userId }, 'balance');
        return reply.status(result.code).send(result.body);
      },
    );
  });
}
