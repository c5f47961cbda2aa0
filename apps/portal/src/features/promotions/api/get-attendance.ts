import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const attendanceKey = ['get-attendance'] as const;

/** `get-attendance {month?}`: the member's checked days of a month, the streak and the reward table. */
export function fetchAttendance(month: string | undefined, signal?: AbortSignal) {
  return callApi('get-attendance', month ? { month } : {}, { signal });
}

export function attendanceQueryOptions(month: string | undefined) {
  return queryOptions({
    queryKey: [...attendanceKey, month ?? 'current'],
    queryFn: ({ signal }) => fetchAttendance(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAttendance(month: string | undefined) {
  return useQuery(attendanceQueryOptions(month));
}
