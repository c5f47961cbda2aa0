import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** The money figures, read once a minute (they change less often than the queues). */
export const FIGURES_POLL_MS = 60_000;

/** The dashboard's reads, from the typed client (`apiQuery`): today's, this month's and the last 14 days' figures. */
export function useDashboardFigures() {
  return useQuery({ ...apiQuery('dashboard.get'), refetchInterval: FIGURES_POLL_MS });
}
