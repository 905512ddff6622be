import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatTime,
  startOfWeek,
  toDate,
  weekOfYear,
} from './dates.ts';

// Local-time constructor so the tests hold in any time zone.
const at = (y: number, m: number, d: number, h = 0, min = 0) => new Date(y, m - 1, d, h, min);

describe('dates (docs/product/rules.md#constants, en-AU)', () => {
  it('formats full, long, medium and short dates', () => {
    const d = at(2026, 1, 5);
    expect(formatDate(d, 'full')).toBe('Monday, 5 January 2026');
    expect(formatDate(d, 'long')).toBe('5 January 2026');
    expect(formatDate(d, 'medium')).toBe('5 Jan 2026');
    expect(formatDate(d, 'short')).toBe('05/01/2026');
    expect(formatDate(at(2026, 9, 30), 'medium')).toBe('30 Sep 2026');
  });

  it('reads date-only strings as calendar dates and rejects invalid input', () => {
    expect(formatDate('2026-11-20', 'short')).toBe('20/11/2026');
    expect(toDate('2026-11-20').getDate()).toBe(20);
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('shows a date-only string of a year before 100 as stored, not as 19xx', () => {
    const d = toDate('0025-07-01');
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([25, 6, 1, 0]);
    expect(formatDate('0025-07-01')).toBe('1 Jul 0025');
    expect(formatDate('0025-07-01', 'short')).toBe('01/07/0025');
    expect(formatDate('1925-07-01')).toBe('1 Jul 1925');
  });

  it('formats times as h:mm a', () => {
    expect(formatTime(at(2026, 1, 5, 0, 7))).toBe('12:07 am');
    expect(formatTime(at(2026, 1, 5, 9, 5))).toBe('9:05 am');
    expect(formatTime(at(2026, 1, 5, 12, 30))).toBe('12:30 pm');
    expect(formatTime(at(2026, 1, 5, 23, 59))).toBe('11:59 pm');
  });

  it('joins date and time with "at" for full and long, a comma for medium and short', () => {
    const d = at(2026, 11, 20, 14, 45);
    expect(formatDateTime(d, 'full')).toBe('Friday, 20 November 2026 at 2:45 pm');
    expect(formatDateTime(d, 'long')).toBe('20 November 2026 at 2:45 pm');
    expect(formatDateTime(d, 'medium')).toBe('20 Nov 2026, 2:45 pm');
    expect(formatDateTime(d, 'short')).toBe('20/11/2026, 2:45 pm');
  });

  it('starts weeks on Monday', () => {
    expect(startOfWeek(at(2026, 11, 22))).toEqual(at(2026, 11, 16)); // Sunday -> Monday before
    expect(startOfWeek(at(2026, 11, 16))).toEqual(at(2026, 11, 16)); // Monday stays
    expect(startOfWeek(at(2026, 11, 20, 15))).toEqual(at(2026, 11, 16));
  });

  it('numbers weeks so that week 1 contains 4 January', () => {
    expect(weekOfYear(at(2026, 1, 1))).toEqual({ week: 1, year: 2026 }); // Thursday
    expect(weekOfYear(at(2027, 1, 1))).toEqual({ week: 53, year: 2026 }); // Friday
    expect(weekOfYear(at(2027, 1, 4))).toEqual({ week: 1, year: 2027 });
    expect(weekOfYear(at(2024, 12, 30))).toEqual({ week: 1, year: 2025 });
    expect(weekOfYear(at(2026, 11, 20))).toEqual({ week: 47, year: 2026 });
  });
});
