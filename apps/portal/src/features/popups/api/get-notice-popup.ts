import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api.ts';
import { takeEarlyAnswer } from '../early-popups.ts';
import { memoryAfterFetch } from '../popup-rules.ts';
import { readMemory, writeMemory } from '../popup-storage.ts';

/**
 * `get-notice-popup {}` (public): the site popups, already filtered to this host by the server,
 * with the visitor's stored 'hide' and 'close' memory as the fetch leaves it: every fetch clears
 * the 'close' entries and drops expired 'hide' ones. The first fetch of a prerendered page takes the
 * popups the server wrote into the document (early-popups.ts), when it wrote some; it runs when the
 * query is first read, after hydration, like any other.
 */
export async function fetchNoticePopups(signal?: AbortSignal) {
  const early = takeEarlyAnswer();
  const popups = early ?? (await callApi('get-notice-popup', {}, { signal })).note;
  const memory = memoryAfterFetch(readMemory(), Date.now());
  writeMemory(memory);
  return { popups, memory };
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
