import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TBackofficeQuery } from '@casino/contracts/backoffice-routes';
import { apiQuery } from '../../lib/api.ts';

/** The audit log's reads, from the typed client (`apiQuery`): a page of the filtered log. */
export function useAuditLog(query: TBackofficeQuery<'audit.list'>) {
  return useQuery({ ...apiQuery('audit.list', { query }), placeholderData: keepPreviousData });
}
