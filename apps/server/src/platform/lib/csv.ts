// CSV as the portal's downloads write it (RFC 4180, CRLF lines), shared by every module that streams one
// (docs/decisions/061-audit-events.md, 066-publications-overview.md).

/**
 * One CSV cell (RFC 4180): quoted when it holds a quote, comma or line break; a cell a spreadsheet would
 * read as a formula (starting = + - @, or a tab or carriage return) gets a leading apostrophe first.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV line (CRLF-ended) of cells. */
export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The first line of a download: a byte-order mark, so that spreadsheets read the file as UTF-8. */
export const csvStart = (header: string[]): string => `\uFEFF${csvLine(header)}`;
