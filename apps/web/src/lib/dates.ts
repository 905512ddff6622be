/**
 * en-AU date formats of docs/product/rules.md#constants, formatted by hand rather than Intl so every browser and Node
 * version prints exactly the same text ('Sep', not 'Sept'; 'pm', not 'p.m.').
 * Dates are shown in the browser's time zone; date-only strings ('2026-11-20') are calendar dates.
 */

import { formatDate, pad, toDate, type DateFormat, type DateInput } from './format-date.ts';

export { formatDate, toDate, type DateFormat, type DateInput };

/** The week starts on Monday (docs/product/rules.md#constants); 1 is Monday in Date#getDay numbering. */
export const WEEK_STARTS_ON = 1;

/** Formats the time as 'h:mm a' (e.g. '9:05 am', '12:30 pm'); '' for an invalid date. */
export function formatTime(value: DateInput): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const hours = d.getHours();
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${pad(d.getMinutes())} ${hours < 12 ? 'am' : 'pm'}`;
}

/** Date and time joined with 'at' (full, long) or a comma (medium, short), per docs/product/rules.md#constants. */
export function formatDateTime(value: DateInput, format: DateFormat = 'medium'): string {
  const date = formatDate(value, format);
  if (!date) return '';
  const joiner = format === 'full' || format === 'long' ? ' at ' : ', ';
  return `${date}${joiner}${formatTime(value)}`;
}

/** Midnight at the start of the (Monday-first) week containing the date. */
export function startOfWeek(value: DateInput): Date {
  const d = toDate(value);
  const offset = (d.getDay() - WEEK_STARTS_ON + 7) % 7;
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - offset);
}

/** Week number where weeks start on Monday and week 1 contains 4 January (ISO 8601). */
export function weekOfYear(value: DateInput): { week: number; year: number } {
  const d = toDate(value);
  // The Thursday of this week decides which year the week belongs to.
  const thursday = new Date(
    d.getFullYear(),
    d.getMonth(),
    d.getDate() + 3 - ((d.getDay() + 6) % 7),
  );
  const year = thursday.getFullYear();
  const firstThursday = startOfWeek(new Date(year, 0, 4));
  const days = Math.round((startOfWeek(thursday).getTime() - firstThursday.getTime()) / 86_400_000);
  return { week: Math.floor(days / 7) + 1, year };
}
