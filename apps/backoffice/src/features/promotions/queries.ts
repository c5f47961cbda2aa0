import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** The promotions screen's reads (`apiQuery` of the typed client): each promotion's settings and figures. */
export function useAttendance() {
  return useQuery(apiQuery('promotions.attendance'));
}

export function useReferral() {
  return useQuery(apiQuery('promotions.referral'));
}

export function usePayback() {
  return useQuery(apiQuery('promotions.payback'));
}

/** A page of the referral links flagged for the operator. */
export function useFlaggedReferrals(page: number, pageSize: number) {
  return useQuery({
    ...apiQuery('promotions.flaggedReferrals', { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
}
