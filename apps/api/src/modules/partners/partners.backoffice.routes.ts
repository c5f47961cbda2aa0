import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import { csvDocument } from '@casino/contracts/csv';
import type { TPartnerDay } from '@casino/contracts/backoffice-partners';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/database.ts';
import { idempotencyOf, type Idempotency } from '../../lib/idempotency.ts';
import { actorOf, type BackofficeRoute } from '../../lib/operator-principal.ts';
import type { PartnersService } from './partners.service.ts';

/** The back office's Idempotency-Key runner (`backoffice.idempotent`): the answer kept with the key. */
export type IdempotentRunner = <B>(
  operatorId: number,
  idempotency: Idempotency,
  run: (trx: Database) => Promise<{ code: number; body: B }>,
) => Promise<{ code: number; body: B; replayed: boolean }>;

function answer<B>(reply: FastifyReply, result: { code: number; body: B; replayed: boolean }): B {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(result.code);
  return result.body;
}

const DAY_HEADINGS = {
  ko: ['일자', '베팅', '당첨', '롤링', '죽장', '합계', '정산'],
  en: ['Day', 'Stakes', 'Wins', 'Rolling', 'Losing', 'Total', 'Settled'],
} as const;

/** A partner's days as a CSV file (the console's download). */
export function partnerDaysCsv(list: readonly TPartnerDay[], lang: 'ko' | 'en'): string {
  const yes = lang === 'ko' ? '예' : 'yes';
  return csvDocument([
    DAY_HEADINGS[lang],
    ...list.map((d) => [d.day, d.stakes, d.wins, d.rolling, d.losing, d.total, d.settled ? yes : '']),
  ]);
}

/**
 * The partners' routes (docs/api/backoffice-partners.md). The permission of each
 * entry lets the owner and partners in; the service scopes every partner id to the viewer's
 * subtree (404 outside it). Money actions (settlements, payouts) take an Idempotency-Key.
 */
export function registerPartnersBackofficeRoutes(
  route: BackofficeRoute,
  deps: { partners: PartnersService; idempotent: IdempotentRunner },
): void {
  const { partners, idempotent } = deps;

  route(BACKOFFICE_ROUTES['partners.list'], async ({ principal, query }) => partners.list(principal, query));

  route(BACKOFFICE_ROUTES['partners.create'], async ({ request, principal, body }) =>
    partners.create(principal, body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['partners.patch'], async ({ request, principal, params, body }) =>
    partners.patch(principal, params.partnerId, body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['partners.summary'], async ({ principal, params }) =>
    partners.summary(principal, params.partnerId),
  );

  route(BACKOFFICE_ROUTES['partners.codes'], async ({ principal, params }) =>
    partners.codes(principal, params.partnerId),
  );

  route(BACKOFFICE_ROUTES['partners.addCode'], async ({ request, principal, params, body }) =>
    partners.addCode(principal, params.partnerId, body, actorOf(principal, request.ip)),
  );

  route(BACKOFFICE_ROUTES['partners.settlement'], async ({ principal, params, query }) =>
    partners.settlement(principal, params.partnerId, query),
  );

  route(BACKOFFICE_ROUTES['partners.days'], async ({ principal, params, query }) =>
    partners.days(principal, params.partnerId, query),
  );

  route(BACKOFFICE_ROUTES['partners.daysCsv'], async ({ principal, params, query }) => {
    const days = await partners.days(principal, params.partnerId, query);
    return {
      filename: `partner-${params.partnerId.toLowerCase()}-${query.from}_${query.to}.csv`,
      text: partnerDaysCsv(days.list, query.lang),
    };
  });

  route(BACKOFFICE_ROUTES['partners.settlements'], async ({ principal, params, query }) =>
    partners.settlements(principal, params.partnerId, query),
  );

  route(BACKOFFICE_ROUTES['partners.settle'], async ({ request, reply, principal, params, body }) =>
    answer(
      reply,
      await idempotent(principal.id, idempotencyOf(request), async (trx) => ({
        code: 200,
        body: await partners.settle(params.partnerId, body, actorOf(principal, request.ip), trx),
      })),
    ),
  );

  route(BACKOFFICE_ROUTES['partners.settleAll'], async ({ request, reply, principal, body }) =>
    answer(
      reply,
      await idempotent(principal.id, idempotencyOf(request), async (trx) => ({
        code: 200,
        body: await partners.settleAll(body, actorOf(principal, request.ip), trx),
      })),
    ),
  );

  route(BACKOFFICE_ROUTES['partners.balance'], async ({ principal, params }) =>
    partners.balance(principal, params.partnerId),
  );

  route(BACKOFFICE_ROUTES['partners.requestPayout'], async ({ request, reply, principal, params, body }) =>
    answer(
      reply,
      await idempotent(principal.id, idempotencyOf(request), async (trx) => ({
        code: 200,
        body: await partners.requestPayout(
          principal,
          params.partnerId,
          body.amount,
          actorOf(principal, request.ip),
          trx,
        ),
      })),
    ),
  );

  route(BACKOFFICE_ROUTES['partners.payouts'], async ({ principal, query }) =>
    partners.payouts(principal, query),
  );

  for (const action of ['approve', 'reject'] as const) {
    const entry = action === 'approve' ? 'partners.approvePayout' : 'partners.rejectPayout';
    route(BACKOFFICE_ROUTES[entry], async ({ request, reply, principal, params, body }) =>
      answer(
        reply,
        await idempotent(principal.id, idempotencyOf(request), async (trx) => ({
          code: 200,
          body: await partners.decidePayout(
            params.partnerId,
            params.id,
            action,
            (body as { reason?: string } | undefined)?.reason || null,
            actorOf(principal, request.ip),
            trx,
          ),
        })),
      ),
    );
  }
}
