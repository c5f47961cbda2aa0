/**
 * One cell of the CSV files the server writes (the member's account history, the back office's
 * reports and cashier exports). A text a spreadsheet would read as a formula (a leading `=`, `+`,
 * `-`, `@`, tab or carriage return) is made inert with a leading `'`; numbers are written as they
 * are. `needed` quotes only a cell holding a comma, a quote or a line break; `always` quotes every
 * cell. Quotes inside are doubled.
 */
export function csvCell(
  value: string | number | null | undefined,
  quoting: 'needed' | 'always' = 'needed',
): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return quoting === 'always' || /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

type TCsvValue = string | number | null | undefined;

/**
 * A whole CSV file for spreadsheets: a UTF-8 byte order mark first (Excel then reads Korean
 * right), one line per row of cells (each through `csvCell` with `quoting`), CRLF line ends.
 */
export function csvDocument(
  rows: readonly (readonly TCsvValue[])[],
  quoting: 'needed' | 'always' = 'needed',
): string {
  return `\uFEFF${rows.map((cells) => cells.map((cell) => csvCell(cell, quoting)).join(',')).join('\r\n')}\r\n`;
}
