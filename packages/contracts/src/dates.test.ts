import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate } from './dates.ts';

describe('isCalendarDate', () => {
  it('takes the days that exist, leap days included', () => {
    for (const d of ['2026-01-31', '2024-02-29', '2000-02-29', '0001-01-01', '9999-12-31'])
      expect(isCalendarDate(d), d).toBe(true);
  });

  it('refuses days that do not, year 0, and other shapes', () => {
    for (const d of [
      '2026-02-30',
      '2026-11-31',
      '2026-06-31',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '2026-1-01',
      '20260101',
      '2026-01-01T00:00:00Z',
      '',
    ])
      expect(isCalendarDate(d), d).toBe(false);
  });
});

describe('calendarDate', () => {
  it('gives its message for a day that does not exist', () => {
    const result = calendarDate('Enter a real date').safeParse('2026-02-30');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Enter a real date');
  });
});
