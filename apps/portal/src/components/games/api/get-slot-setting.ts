import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';

export const slotSettingKey = ['get-slot-setting'] as const;

/** `get-slot-setting`: one entry per slot provider. */
export function fetchSlotSetting(signal?: AbortSignal) {
  return callApi('get-slot-setting', {}, { signal });
}

export function slotSettingQueryOptions() {
  return queryOptions({ queryKey: slotSettingKey, queryFn: ({ signal }) => fetchSlotSetting(signal) });
}

export function useSlotSetting() {
  return useQuery(slotSettingQueryOptions());
}
