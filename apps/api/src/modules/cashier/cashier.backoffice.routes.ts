import { CASHIER_CSV_MAX_ROWS, type TCashierHistoryItem } from '@casino/contracts/backoffice-cashier';
import { csvDocument } from '@casino/contracts/csv';
import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { CashierReview } from './cashier-review.service.ts';
import type { RequestKind } from './cashier.service.ts';
import { can, type BackofficeRoute } from '../../lib/operator-principal.ts';

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
  route: BackofficeRoute,
  deps: { cashierReview: CashierReview },
): void {
  const { cashierReview } = deps;

  for (const kind of ['deposit', 'withdraw'] as const satisfies readonly RequestKind[]) {
    route(BACKOFFICE_ROUTES[`${kind}s.history`], async ({ principal, query }) => {
      const { page, pageSize, ...filter } = query;
      return cashierReview.history(
        kind,
        filter,
        { page, pageSize },
        {
          showBank: can(principal.role, 'bankDetails'),
        },
      );
    });

    route(BACKOFFICE_ROUTES[`${kind}s.review`], async ({ principal, params }) =>
      cashierReview.review(kind, params.id, { showBank: can(principal.role, 'bankDetails') }),
    );

    route(BACKOFFICE_ROUTES[`${kind}s.historyCsv`], async ({ reply, principal, query }) => {
      const result = await cashierReview.exportRows(kind, query, CASHIER_CSV_MAX_ROWS, {
        showBank: can(principal.role, 'bankDetails'),
      });
      const columns = CSV_COLUMNS[kind];
      const text = csvDocument(
        [
          columns.map(([name]) => name),
          ...result.rows.map((r) => columns.map(([, pick]) => pick(r as TCashierHistoryItem))),
        ],
        'always',
      );
      // Named by the site's day of the export.
      const stamp = result.day.replace(/-/g, '');
      reply
        .header('x-total-count', String(result.total))
        .header('x-truncated', result.total > result.rows.length ? 'true' : 'false');
      return { filename: `${kind}s-${stamp}.csv`, text };
    });
  }
}
