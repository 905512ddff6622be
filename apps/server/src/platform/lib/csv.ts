// CSV as the portal's downloads write it (RFC 4180, CRLF lines), shared by every module that streams one
// (docs/decisions/061-audit-events.md, 066-publications-overview.md). The quoting and the guard against
// spreadsheet formulas are csv-stringify's; the modules stream a line at a time from their batched reads.
import { stringify } from 'csv-stringify/sync';

const options = {
  // A cell a spreadsheet would read as a formula (= + - @, a tab or a carriage return first) gets a
  // leading apostrophe.
  escape_formulas: true,
  record_delimiter: 'windows',
  // A line break of either kind inside a cell is quoted, not only the record delimiter itself.
  quoted_match: /[\r\n]/,
} as const;

/** A CSV line (CRLF-ended) of cells. */
export function csvLine(cells: string[]): string {
  return stringify([cells], options);
}

/** One CSV cell (RFC 4180), as it stands in a line. */
export const csvCell = (value: string): string => csvLine([value]).slice(0, -2);

/** The first line of a download: a byte-order mark, so that spreadsheets read the file as UTF-8. */
export const csvStart = (header: string[]): string => `\uFEFF${csvLine(header)}`;
