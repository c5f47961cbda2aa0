import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const miniSettingKey = ['get-mini-setting'] as const;

/** `get-mini-setting`: one entry per mini-game (the house Powerball and Ladder). */
export function fetchMiniSetting(signal?: AbortSignal) {
  return callApi('get-mini-setting', {}, { signal });
}

export function useMiniSetting() {
  return useQuery(
    queryOptions({ queryKey: miniSettingKey, queryFn: ({ signal }) => fetchMiniSetting(signal) }),
  );
}
