import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const slotByCompanyKey = ['get-slot-by-company'] as const;

/**
 * `get-slot-by-company {company}`: the enabled games of one slot provider · `fail` when the provider
 * is unknown, disabled or in maintenance.
 */
export function fetchSlotByCompany(company: string, signal?: AbortSignal) {
  return callApi('get-slot-by-company', { company }, { signal });
}

export function slotByCompanyQueryOptions(company: string) {
  return queryOptions({
    queryKey: [...slotByCompanyKey, company],
    queryFn: ({ signal }) => fetchSlotByCompany(company, signal),
  });
}

/** The games of `company`; nothing is fetched while `company` is null (the modal is closed). */
export function useSlotByCompany(company: string | null) {
  return useQuery({ ...slotByCompanyQueryOptions(company ?? ''), enabled: company !== null });
}
