import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** The settings screen's reads, from the typed client (`apiQuery`): member registration. */
export function useRegistrationSettings() {
  return useQuery(apiQuery('settings.registration'));
}

/** The registration codes. */
export function useRegCodes() {
  return useQuery(apiQuery('regCodes.list'));
}

/** The cashier's minimums, unit, lock windows and second-approval amount. */
export function useCashierSettings() {
  return useQuery(apiQuery('settings.cashier'));
}

/** The member levels' names. */
export function useLevelNames() {
  return useQuery(apiQuery('settings.levels'));
}

/** The maintenance switch and its message. */
export function useMaintenance() {
  return useQuery(apiQuery('settings.maintenance'));
}
