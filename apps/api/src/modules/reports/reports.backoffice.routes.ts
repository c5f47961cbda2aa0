import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { BackofficeRoute } from '../../lib/operator-principal.ts';
import { reportCsv, type ReportsService } from './reports.service.ts';

/**
 * The reports (docs/api/backoffice-reports.md), for the `reports` permission (owner):
 * `GET /api/backoffice/reports` answers JSON, `GET /api/backoffice/reports/csv` the same figures
 * as a CSV file; both through the one route declaration.
 */
export function registerReportsBackofficeRoutes(
  route: BackofficeRoute,
  deps: { reports: ReportsService },
): void {
  route(BACKOFFICE_ROUTES['reports.get'], async ({ query }) => deps.reports.report(query));

  route(BACKOFFICE_ROUTES['reports.csv'], async ({ query }) => ({
    filename: `report-${query.unit}-${query.from}_${query.to}.csv`,
    text: reportCsv(await deps.reports.report(query), query.lang),
  }));
}
