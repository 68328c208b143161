import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatLongDate, formatShortDate, formatShortDateTime, machineDate, ordinalSuffix } from './formats.js';

const GB = { locale: 'en-GB', timeZone: 'UTC' } as const;

describe('ordinalSuffix', () => {
  it('follows English', () => {
    const days = [1, 2, 3, 4, 10, 11, 12, 13, 14, 21, 22, 23, 24, 30, 31, 101, 111, 112];
    expect(days.map((d) => `${d}${ordinalSuffix(d)}`)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '10th',
      '11th',
      '12th',
      '13th',
      '14th',
      '21st',
      '22nd',
      '23rd',
      '24th',
      '30th',
      '31st',
      '101st',
      '111th',
      '112th',
    ]);
  });
});

describe('formatShortDate ("Do MMM YY")', () => {
  it('formats times in the given zone', () => {
    expect(formatShortDate('2024-03-05T10:00:00Z', GB)).toBe('5th Mar 24');
    expect(formatShortDate('2023-12-31T20:00:00Z', { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe('1st Jan 24');
    expect(formatShortDate('2023-12-31T20:00:00Z', GB)).toBe('31st Dec 23');
  });

  it('says "Sep" in every English locale, as MMM does', () => {
    expect(formatShortDate('2024-09-22T10:00:00Z', GB)).toBe('22nd Sep 24');
    expect(formatShortDate('2024-09-22T10:00:00Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('22nd Sep 24');
  });

  it("uses other languages' own day, short month and year", () => {
    expect(formatShortDate('2024-03-05T10:00:00Z', { locale: 'fr', timeZone: 'UTC' })).toBe('5 mars 24');
    expect(formatShortDate('2024-03-05T10:00:00Z', { locale: 'de', timeZone: 'UTC' })).toBe('5. März 24');
  });

  it('never shifts a plain day', () => {
    expect(formatShortDate('2024-03-01', { locale: 'en-GB', timeZone: 'America/Los_Angeles' })).toBe('1st Mar 24');
    expect(formatShortDate('2024-03-01', { locale: 'en-GB' })).toBe('1st Mar 24');
  });

  it('keeps what is not a date', () => {
    expect(formatShortDate('soon', GB)).toBe('soon');
    expect(formatShortDate(null)).toBe('');
    expect(formatShortDate(undefined)).toBe('');
    expect(formatShortDate('')).toBe('');
  });
});

describe('long dates and times', () => {
  it('gives the weekday and the whole date as the locale writes it', () => {
    expect(formatLongDate('2024-03-05T10:00:00Z', GB)).toMatch(/^Tuesday,? 5 March 2024$/);
    expect(formatLongDate('2024-03-05', { locale: 'en-US' })).toBe('Tuesday, March 5, 2024');
    expect(formatLongDate('2024-03-05', { locale: 'fr' })).toBe('mardi 5 mars 2024');
    expect(formatLongDate('nope')).toBe('nope');
  });

  it('adds the time of day on a 24-hour clock', () => {
    expect(formatDateTime('2024-03-05T10:07:00Z', GB)).toMatch(/^Tuesday,? 5 March 2024, 10:07$/);
    expect(formatDateTime('2024-03-05T00:07:00Z', GB)).toMatch(/, 00:07$/);
    expect(formatShortDateTime('2026-11-21T17:55:33.634Z', GB)).toBe('21st Nov 26, 17:55');
    expect(formatClock('2026-11-21T17:55:33.634Z', GB)).toBe('17:55:33');
    expect(formatShortDateTime('yesterday')).toBe('yesterday');
  });

  it('gives <time> a machine value only for dates', () => {
    expect(machineDate('2024-03-05T10:00:00Z')).toBe('2024-03-05T10:00:00Z');
    expect(machineDate('2024-03-05')).toBe('2024-03-05');
    expect(machineDate('nope')).toBeUndefined();
    expect(machineDate(null)).toBeUndefined();
  });
});
