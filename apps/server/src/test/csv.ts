import { parse } from 'csv-parse/sync';

/** Parses a CSV download the API sends (RFC 4180, with its byte-order mark), a row of cells per line. */
export const parseCsv = (text: string): string[][] =>
  parse(text, { bom: true, relax_column_count: true }) as string[][];
