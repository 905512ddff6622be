/**
 * The en-AU date formats of docs/product/rules.md#constants (see `dates.ts`, which re-exports these).
 * Apart so that a page needing only a date takes the date formats and not the time and calendar-week
 * helpers other pages use (docs/decisions/018-critical-path-javascript.md).
 */

/** The four date formats: full 'EEEE, d MMMM yyyy', long 'd MMMM yyyy', medium 'd MMM yyyy', short dd/MM/yyyy. */
export type DateFormat = 'full' | 'long' | 'medium' | 'short';

/** Anything the formatters accept. */
export type DateInput = Date | string | number;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses input to a Date; a date-only string is midnight local time (not UTC, which would shift the day). */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return new Date(value.getTime());
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) {
      // Not new Date(y, m, d), which reads years 0 to 99 as 1900 to 1999: the date shown is the one stored.
      const date = new Date(0);
      date.setFullYear(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
      date.setHours(0, 0, 0, 0);
      return date;
    }
  }
  return new Date(value);
}

export const pad = (n: number) => String(n).padStart(2, '0');

/** Formats a date in one of the en-AU formats; '' for an invalid date. */
export function formatDate(value: DateInput, format: DateFormat = 'medium'): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const day = d.getDate();
  const month = MONTHS[d.getMonth()]!;
  // yyyy: four digits, so a year before 1000 (0025) reads as it is stored.
  const year = String(d.getFullYear()).padStart(4, '0');
  switch (format) {
    case 'full':
      return `${DAYS[d.getDay()]}, ${day} ${month} ${year}`;
    case 'long':
      return `${day} ${month} ${year}`;
    case 'medium':
      return `${day} ${month.slice(0, 3)} ${year}`;
    case 'short':
      return `${pad(day)}/${pad(d.getMonth() + 1)}/${year}`;
  }
}
