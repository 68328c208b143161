import { describe, expect, it } from 'vitest';
import { formatDateTime, formatLongDate, formatShortDate, machineDate, ordinalSuffix } from './dates';

describe('ordinalSuffix', () => {
  it('follows English', () => {
    const days = [1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 24, 30, 31, 101, 111, 112];
    expect(days.map((d) => `${d}${ordinalSuffix(d)}`)).toEqual([
      '1st', '2nd', '3rd', '4th', '10th', '11th', '12th', '13th', '14th', '21st', '22nd', '23rd', '24th', '30th', '31st', '101st', '111th', '112th',
    ]);
  });
});

describe('formatShortDate ("Do MMM YY")', () => {
  it('formats times in the given zone', () => {
    expect(formatShortDate('2024-03-05T10:00:00Z', 'UTC')).toBe('5th Mar 24');
    expect(formatShortDate('2024-09-22T10:00:00Z', 'UTC')).toBe('22nd Sep 24');
    expect(formatShortDate('2023-12-31T20:00:00Z', 'Asia/Kolkata')).toBe('1st Jan 24');
    expect(formatShortDate('2023-12-31T20:00:00Z', 'UTC')).toBe('31st Dec 23');
  });

  it('never shifts a plain day', () => {
    expect(formatShortDate('2024-03-01', 'America/Los_Angeles')).toBe('1st Mar 24');
    expect(formatShortDate('2024-03-01')).toBe('1st Mar 24');
  });

  it('keeps what is not a date', () => {
    expect(formatShortDate('soon', 'UTC')).toBe('soon');
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate(undefined)).toBe('');
    expect(formatShortDate('')).toBe('');
  });
});

describe('formatLongDate', () => {
  it('gives the weekday and the whole date', () => {
    expect(formatLongDate('2024-03-05T10:00:00Z', 'UTC')).toBe('Tuesday, 5 March 2024');
    expect(formatLongDate('2024-03-05')).toBe('Tuesday, 5 March 2024');
    expect(formatDateTime('2024-03-05T10:07:00Z', 'UTC')).toBe('Tuesday, 5 March 2024, 10:07');
    expect(formatDateTime('2024-03-05T00:07:00Z', 'UTC')).toBe('Tuesday, 5 March 2024, 00:07');
    expect(formatLongDate('nope')).toBe('nope');
  });

  it('gives <time> a machine value only for dates', () => {
    expect(machineDate('2024-03-05T10:00:00Z')).toBe('2024-03-05T10:00:00Z');
    expect(machineDate('2024-03-05')).toBe('2024-03-05');
    expect(machineDate('nope')).toBeUndefined();
    expect(machineDate(null)).toBeUndefined();
  });
});
