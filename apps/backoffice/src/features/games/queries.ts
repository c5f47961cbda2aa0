import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../lib/api.ts';

/** The games screen's reads, from the typed client (`apiQuery`): the providers with their games. */
export function useCatalog() {
  return useQuery(apiQuery('providers.list'));
}

/** The jackpots' pools and settings. */
export function useJackpots() {
  return useQuery(apiQuery('jackpots.get'));
}

/** The comp rates. */
export function useCompRates() {
  return useQuery(apiQuery('settings.compRates'));
}
