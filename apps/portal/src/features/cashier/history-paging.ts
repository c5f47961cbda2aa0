/** Rows per page of the deposit and withdrawal histories (phones show a whole page without much scrolling). */
export const HISTORY_PAGE_SIZE = 10;
