import type { FastifyInstance } from 'fastify';
import { ZReportsQuery, ZReportsResponse } from '@casino/contracts/backoffice-reports';
import { AppError } from '../../lib/app-error.ts';
import { parseInput, routesFor, type PrincipalSource } from '../../lib/routes.ts';
import type { OperatorPrincipal, Permission } from './backoffice.service.ts';
import { reportCsv, type ReportsService } from './reports.service.ts';

/**
 * The reports (docs/api/backoffice-reports.md), for the `reports` permission (owner):
 * `GET /api/backoffice/reports` answers JSON through the one route declaration;
 * `GET /api/backoffice/reports/csv` answers the same figures as a CSV file, so it checks the
 * session, the permission and the query in the same order itself and sends text instead of JSON.
 */
export function registerReportsBackofficeRoutes(
  app: FastifyInstance,
  principals: PrincipalSource<OperatorPrincipal, Permission>,
  deps: { reports: ReportsService },
): void {
  const route = routesFor<OperatorPrincipal, Permission>(app, principals);

  route({
    method: 'GET',
    url: '/api/backoffice/reports',
    auth: 'signed-in',
    permission: 'reports',
    query: ZReportsQuery,
    response: ZReportsResponse,
    handler: async ({ query }) => deps.reports.report(query),
  });

  app.get('/api/backoffice/reports/csv', async (request, reply) => {
    const operator = await principals.resolve(request);
    if (!operator) throw new AppError('unauthenticated');
    if (!principals.allows(operator, 'reports')) throw new AppError('denied');
    const query = parseInput(ZReportsQuery, request.query);
    const report = await deps.reports.report(query);
    const filename = `report-${query.unit}-${query.from}_${query.to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(reportCsv(report, query.lang));
  });
}
