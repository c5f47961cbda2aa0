import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TCallResponse } from '@casino/contracts/calls';
import type { TUserHealthCheckResponse } from '@casino/contracts/members';
import { callApi } from '../api.ts';
import { userHealthCheckKey } from '../session/api/user-health-check.ts';

/**
 * The community reads shared by several features (the home panels and the /notice, /help and /note
 * pages): one query key per call and page, so a change made on one screen refreshes every other.
 */
export const communityKeys = {
  notices: ['get-user-notices'] as const,
  helps: (page: number, pageSize: number) => ['get-help-list', page, pageSize] as const,
  helpsAll: ['get-help-list'] as const,
  notes: (page: number, pageSize: number) => ['get-user-note', page, pageSize] as const,
  notesAll: ['get-user-note'] as const,
};

/** Rows per page of the /help and /note lists. */
export const COMMUNITY_PAGE_SIZE = 10;

/** `get-user-notices` (public): newest first, already filtered to this host by the server. */
export function noticesQueryOptions() {
  return queryOptions({
    queryKey: communityKeys.notices,
    queryFn: ({ signal }) => callApi('get-user-notices', {}, { signal }),
    staleTime: 60_000,
  });
}

/** `get-help-list` (member): one page of the member's help posts, newest first. */
export function helpListQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: communityKeys.helps(page, pageSize),
    queryFn: ({ signal }) => callApi('get-help-list', { page, pageSize }, { signal }),
    staleTime: 0,
  });
}

/** `get-user-note` (member): one page of the member's notes, newest first. */
export function noteListQueryOptions(page: number, pageSize: number) {
  return queryOptions({
    queryKey: communityKeys.notes(page, pageSize),
    queryFn: ({ signal }) => callApi('get-user-note', { page, pageSize }, { signal }),
    staleTime: 0,
  });
}

/**
 * After a member changes their help posts or notes (read, delete, write): refetch the lists and the
 * health check, whose unread counts feed the header badges and the msg2003/msg2004 dialogs.
 */
export async function refreshCommunity(client: QueryClient, which: 'helps' | 'notes'): Promise<void> {
  await Promise.all([
    client.invalidateQueries({
      queryKey: which === 'helps' ? communityKeys.helpsAll : communityKeys.notesAll,
    }),
    client.invalidateQueries({ queryKey: userHealthCheckKey }),
  ]);
}

type THelpList = TCallResponse<'get-help-list'>;
type TNoteList = TCallResponse<'get-user-note'>;

/**
 * Marks a help post read in every cached page of the help list and, when it was an unread answer,
 * lowers the health check's `helpCount` at once, so the header badge drops before the server's
 * next answer (docs/api/member-calls.md, `TUser`: helpCount counts answered posts not yet read).
 * Returns whether it did.
 */
export function markHelpReadInCache(client: QueryClient, id: number): boolean {
  let wasUnreadAnswer = false;
  client.setQueriesData<THelpList>({ queryKey: communityKeys.helpsAll }, (old) => {
    if (!old || old.status !== 'success') return old;
    const index = old.helps.findIndex((help) => help.id === id && !help.isRead);
    if (index < 0) return old;
    const help = old.helps[index]!;
    if (help.state === 'already') wasUnreadAnswer = true;
    return { ...old, helps: old.helps.map((h, i) => (i === index ? { ...help, isRead: true } : h)) };
  });
  if (wasUnreadAnswer) lowerHealthCount(client, 'helpCount', 1);
  return wasUnreadAnswer;
}

/**
 * Marks notes read in every cached page of the note list (`ids`, or every note for 'all') and lowers
 * the health check's `noteCount` at once. Returns how many unread notes it marked.
 */
export function markNotesReadInCache(client: QueryClient, ids: readonly number[] | 'all'): number {
  const marked = new Set<number>();
  const wanted = (id: number) => ids === 'all' || ids.includes(id);
  client.setQueriesData<TNoteList>({ queryKey: communityKeys.notesAll }, (old) => {
    if (!old || old.status !== 'success') return old;
    let isChanged = false;
    const notes = old.notes.map((note) => {
      if (note.isRead || !wanted(note.id)) return note;
      isChanged = true;
      marked.add(note.id);
      return { ...note, isRead: true };
    });
    return isChanged ? { ...old, notes } : old;
  });
  lowerHealthCount(client, 'noteCount', ids === 'all' ? 'all' : marked.size);
  return marked.size;
}

/**
 * Lowers one unread count of the cached health check (and the same count of its user, which the
 * session merges into the header) by `by`, or to 0 for 'all'; never below 0.
 */
function lowerHealthCount(client: QueryClient, field: 'noteCount' | 'helpCount', by: number | 'all'): void {
  if (by !== 'all' && by <= 0) return;
  client.setQueryData<TUserHealthCheckResponse>(userHealthCheckKey, (old) => {
    if (!old || old.status !== 'success') return old;
    const next = by === 'all' ? 0 : Math.max(0, old[field] - by);
    if (next === old[field] && next === old.user[field]) return old;
    return { ...old, [field]: next, user: { ...old.user, [field]: next } };
  });
}
