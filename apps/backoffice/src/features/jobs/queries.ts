import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** How often the Jobs screen reads the jobs again while it is open (a job's shortest period is seconds). */
export const JOBS_REFRESH_MS = 10_000;

/** The periodic jobs and their last runs (`GET /api/backoffice/jobs`, owner). */
export function useJobs() {
  return useQuery({ ...apiQuery('jobs.list', {}), refetchInterval: JOBS_REFRESH_MS });
}
