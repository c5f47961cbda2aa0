import type { FastifyInstance } from 'fastify';
import { ZBackofficeIdParams } from '@casino/contracts/backoffice';
import {
  CASHIER_CSV_MAX_ROWS,
  ZCashierHistoryFilter,
  ZCashierHistoryQuery,
  ZCashierHistoryResponse,
  ZCashierReviewResponse,
  type TCashierHistoryItem,
} from '@casino/contracts/backoffice-cashier';
import { AppError } from '../../lib/app-error.ts';
import { parseInput, routesFor, type PrincipalSource } from '../../lib/routes.ts';
import type { CashierReview } from '../cashier/cashier-review.service.ts';
import type { RequestKind } from '../cashier/cashier.service.ts';
import { can, type OperatorPrincipal, type Permission } from './backoffice.service.ts';

/** A CSV cell: quoted, and a leading = + - @ (a spreadsheet formula) neutralized with a quote. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === 'string') text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

const CSV_COLUMNS: Record<
  RequestKind,
  [string, (r: TCashierHistoryItem) => string | number | null | undefined][]
> = {
  deposit: [
    ['id', (r) => r.id],
    ['userId', (r) => r.userId],
    ['amount', (r) => r.amount],
    ['state', (r) => r.state],
    ['depositor', (r) => r.depositor],
    ['reason', (r) => r.reason],
    ['regDate', (r) => r.regDate],
    ['processedDate', (r) => r.processedDate],
  ],
  withdraw: [
    ['id', (r) => r.id],
    ['userId', (r) => r.userId],
    ['amount', (r) => r.amount],
    ['state', (r) => r.state],
    ['bankname', (r) => r.bankname],
    ['bankOwner', (r) => r.bankOwner],
    ['banknum', (r) => r.banknum],
    ['firstApprovedBy', (r) => r.firstApprovedBy],
    ['reason', (r) => r.reason],
    ['regDate', (r) => r.regDate],
    ['processedDate', (r) => r.processedDate],
  ],
};

/**
 * The cashier's back-office routes beyond the queue actions (docs/api/backoffice-cashier.md): a
 * request's review, the history with filters and totals, and its CSV export. Owner and cashier
 * only (`queue`); bank account numbers only with `bankDetails`.
 */
export function registerCashierBackofficeRoutes(
  app: FastifyInstance,
  principals: PrincipalSource<OperatorPrincipal, Permission>,
  deps: { cashierReview: CashierReview },
): void {
  const { cashierReview } = deps;
  const route = routesFor<OperatorPrincipal, Permission>(app, principals);

  for (const kind of ['deposit', 'withdraw'] as const satisfies readonly RequestKind[]) {
    const base = `/api/backoffice/${kind}s`;

    route({
      method: 'GET',
      url: `${base}/history`,
      auth: 'signed-in',
      permission: 'queue',
      query: ZCashierHistoryQuery,
      response: ZCashierHistoryResponse,
      handler: async ({ principal, query }) => {
        const { page, pageSize, ...filter } = query;
        return cashierReview.history(
          kind,
          filter,
          { page, pageSize },
          {
            showBank: can(principal.role, 'bankDetails'),
          },
        );
      },
    });

    route({
      method: 'GET',
      url: `${base}/:id/review`,
      auth: 'signed-in',
      permission: 'queue',
      params: ZBackofficeIdParams,
      response: ZCashierReviewResponse,
      handler: async ({ principal, params }) =>
        cashierReview.review(kind, params.id, { showBank: can(principal.role, 'bankDetails') }),
    });

    // The CSV is not JSON, so this one route checks the session and the permission itself, in the
    // same order as every other route (401, 403, then 400 for the query).
    app.route({
      method: 'GET',
      url: `${base}/history.csv`,
      handler: async (request, reply) => {
        const operator = await principals.resolve(request);
        if (!operator) throw new AppError('unauthenticated');
        if (!principals.allows(operator, 'queue')) throw new AppError('denied');
        const filter = parseInput(ZCashierHistoryFilter, request.query);
        const result = await cashierReview.exportRows(kind, filter, CASHIER_CSV_MAX_ROWS, {
          showBank: can(operator.role, 'bankDetails'),
        });
        const columns = CSV_COLUMNS[kind];
        const lines = [
          columns.map(([name]) => csvCell(name)).join(','),
          ...result.rows.map((r) =>
            columns.map(([, pick]) => csvCell(pick(r as TCashierHistoryItem))).join(','),
          ),
        ];
        const stamp = new Date().toISOString().slice(0, 10).replace(/-/g, '');
        reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${kind}s-${stamp}.csv"`)
          .header('cache-control', 'no-store')
          .header('x-total-count', String(result.total))
          .header('x-truncated', result.total > result.rows.length ? 'true' : 'false');
        // The byte order mark makes Excel read the file as UTF-8 (Korean names and reasons).
        return reply.send(`\uFEFF${lines.join('\r\n')}\r\n`);
      },
    });
  }
}
