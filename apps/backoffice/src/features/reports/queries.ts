import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The reports' reads, from the typed client (`apiQuery`): a report, asked only for a good range. */
export function useReport(query: TBackofficeQuery<'reports.get'>, enabled: boolean) {
  return useQuery({ ...apiQuery('reports.get', { query }), enabled, placeholderData: keepPreviousData });
}
