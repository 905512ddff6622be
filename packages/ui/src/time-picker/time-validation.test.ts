import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_INTERVAL_SECONDS,
  parseTime,
  timeMessages,
  timeOptions,
  toTimeLabel,
  toTimeValue,
  validateTime,
} from './time-validation.ts';

describe('parseTime', () => {
  it.each([
    ['09:30', 570],
    ['9:30', 570],
    ['930', 570],
    ['0930', 570],
    ['9.30', 570],
    ['14:05', 845],
    ['2:05 pm', 845],
    ['2pm', 840],
    ['12am', 0],
    ['12:30 pm', 750],
    ['00:00', 0],
    ['23:59', 1439],
    ['7', 420],
  ])('reads %s as %i minutes', (text, minutes) => {
    expect(parseTime(text)).toBe(minutes);
  });

  it.each(['', 'abc', '24:00', '12:60', '13pm', '0am', '9:3', '1:30:00'])('rejects %j', (text) => {
    expect(parseTime(text)).toBeNull();
  });
});

describe('formatting', () => {
  it('formats values and en-AU labels', () => {
    expect(toTimeValue(570)).toBe('09:30');
    expect(toTimeLabel(0)).toBe('12:00 am');
    expect(toTimeLabel(750)).toBe('12:30 pm');
    expect(toTimeLabel(1439)).toBe('11:59 pm');
  });
});

describe('timeOptions', () => {
  it('defaults to every 1800 seconds from 00:00 to 23:59', () => {
    expect(DEFAULT_TIME_INTERVAL_SECONDS).toBe(1800);
    const options = timeOptions();
    expect(options).toHaveLength(48);
    expect(options[0]).toBe('00:00');
    expect(options[1]).toBe('00:30');
    expect(options.at(-1)).toBe('23:30');
  });

  it('honours interval, min and max', () => {
    expect(timeOptions({ intervalSeconds: 3600, min: '08:00', max: '11:00' })).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
    ]);
    expect(timeOptions({ intervalSeconds: 900, min: '23:00' })).toEqual([
      '23:00',
      '23:15',
      '23:30',
      '23:45',
    ]);
  });
});

describe('validateTime', () => {
  it('applies the required validator only when required', () => {
    expect(validateTime('', { required: true })).toBe(timeMessages.required);
    expect(validateTime('   ')).toBeNull();
  });

  it('rejects text that does not parse', () => {
    expect(validateTime('noon')).toBe(timeMessages.invalid);
  });

  it('checks the minimum and maximum times', () => {
    expect(validateTime('7:00 am', { min: '08:00' })).toBe('Enter a time at or after 8:00 am');
    expect(validateTime('18:30', { max: '17:00' })).toBe('Enter a time at or before 5:00 pm');
    expect(validateTime('08:00', { min: '08:00', max: '17:00' })).toBeNull();
    expect(validateTime('17:00', { min: '08:00', max: '17:00' })).toBeNull();
  });
});
