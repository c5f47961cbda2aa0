import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const casinoSettingKey = ['get-casino-setting'] as const;

/** `get-casino-setting`: one entry per live-casino game (`casiono`, the specification's spelling). */
export function fetchCasinoSetting(signal?: AbortSignal) {
  return callApi('get-casino-setting', {}, { signal });
}

export function casinoSettingQueryOptions() {
  return queryOptions({ queryKey: casinoSettingKey, queryFn: ({ signal }) => fetchCasinoSetting(signal) });
}

export function useCasinoSetting() {
  return useQuery(casinoSettingQueryOptions());
}
