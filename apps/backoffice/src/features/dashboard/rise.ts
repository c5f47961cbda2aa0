/** The pending counts the dashboard watches. */
export const WATCHED = ['deposits', 'withdrawals', 'helps', 'inquiries'] as const;
export type TWatched = (typeof WATCHED)[number];
export type TCounts = Partial<Record<TWatched, number>>;

/**
 * The counts that rose from `previous` to `next`: a new request to look at. Nothing rises on the
 * first reading (no previous one), for a count that could not be read, or when a count falls.
 */
export function risen(previous: TCounts | undefined, next: TCounts): TWatched[] {
  if (!previous) return [];
  return WATCHED.filter((key) => {
    const before = previous[key];
    const now = next[key];
    return before !== undefined && now !== undefined && now > before;
  });
}
