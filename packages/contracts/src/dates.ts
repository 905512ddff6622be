// Dates as the API takes them: yyyy-mm-dd, and only days that are on the calendar. A shape-only check let
// "2026-02-30" through to PostgreSQL, which refused it as a 500 (issue 29's partner-API review).
import { z } from 'zod';

/** The shape of a date the API takes: yyyy-mm-dd. */
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True when `value` is yyyy-mm-dd and names a day that exists, in years 1 to 9999 (PostgreSQL has no
 * year 0; JavaScript's `Date` would roll 30 February over to March, so the parts are compared back).
 */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1) return false;
  const at = new Date(Date.UTC(2000, month - 1, day));
  at.setUTCFullYear(year);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** A yyyy-mm-dd date that exists; `message` for anything else. */
export const calendarDate = (message = 'Enter a date as YYYY-MM-DD') =>
  z.string().regex(ISO_DATE, message).refine(isCalendarDate, message);
