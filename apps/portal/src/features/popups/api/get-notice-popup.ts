import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { memoryAfterFetch, parseMemory } from '../popup-rules.ts';

/**
 * `get-notice-popup {}` (public): the site popups, already filtered to this host by the server,
 * with the visitor's stored 'hide' and 'close' memory as the fetch leaves it: every fetch clears
 * the 'close' entries and drops expired 'hide' ones.
 */
export async function fetchNoticePopups(signal?: AbortSignal) {
  const answer = await callApi('get-notice-popup', {}, { signal });
  const memory = memoryAfterFetch(parseMemory(readStorage(STORAGE_KEYS.popupMemory)), Date.now());
  writeStorage(STORAGE_KEYS.popupMemory, JSON.stringify(memory));
  return { popups: answer.note, memory };
}

export function useNoticePopups() {
  return useQuery(
    queryOptions({
      queryKey: ['get-notice-popup'],
      queryFn: ({ signal }) => fetchNoticePopups(signal),
      // Once per page load: the popups greet a visitor, they do not follow them around.
      staleTime: Infinity,
    }),
  );
}
