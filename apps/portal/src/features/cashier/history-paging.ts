/** Rows per page of the deposit and withdrawal histories (phones show a whole page without much scrolling). */
export const HISTORY_PAGE_SIZE = 10;

/** The number of pages for `maxCount` rows (at least 1, so an empty history still reads "1 / 1"). */
export function pageCount(maxCount: number, pageSize: number = HISTORY_PAGE_SIZE): number {
  if (!Number.isFinite(maxCount) || maxCount <= 0) return 1;
  return Math.max(1, Math.ceil(maxCount / pageSize));
}
