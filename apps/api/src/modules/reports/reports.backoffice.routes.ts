import { BACKOFFICE_ROUTES } from '@casino/contracts/backoffice-routes';
import type { JobScheduler } from '../../lib/jobs.ts';
import type { BackofficeRoute } from '../../lib/operator-principal.ts';
import { reportCsv, type ReportsService } from './reports.service.ts';

/**
 * The reports (docs/api/backoffice-reports.md), for the `reports` permission (owner):
 * `GET /api/backoffice/reports` answers JSON, `GET /api/backoffice/reports/csv` the same figures
 * as a CSV file; both through the one route declaration.
 */
export function registerReportsBackofficeRoutes(
  route: BackofficeRoute,
  deps: { reports: ReportsService; jobs: Pick<JobScheduler, 'list'> },
): void {
  route(BACKOFFICE_ROUTES['reports.get'], async ({ query }) => deps.reports.report(query));

  route(BACKOFFICE_ROUTES['reports.csv'], async ({ query }) => ({
    filename: `report-${query.unit}-${query.from}_${query.to}.csv`,
    text: reportCsv(await deps.reports.report(query), query.lang),
  }));

  // The periodic jobs' rows (lib/jobs.ts): who runs each now, its next turn, its last runs.
  route(BACKOFFICE_ROUTES['jobs.list'], async () => {
    const now = Date.now();
    const iso = (d: Date | null) => (d ? d.toISOString() : null);
    return {
      status: 'success' as const,
      jobs: (await deps.jobs.list()).map((j) => ({
        name: j.name,
        everyMs: j.everyMs,
        runningOn: j.holder && j.leaseUntil && j.leaseUntil.getTime() > now ? j.holder : null,
        nextRunAt: j.nextRunAt.toISOString(),
        lastRunOn: j.lastHolder,
        lastStartedAt: iso(j.lastStartedAt),
        lastFinishedAt: iso(j.lastFinishedAt),
        lastSuccessAt: iso(j.lastSuccessAt),
        lastError: j.lastError,
        lastErrorAt: iso(j.lastErrorAt),
        runs: j.runs,
        failures: j.failures,
      })),
    };
  });
}
