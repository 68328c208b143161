import { describe, expect, it } from 'vitest';
import { asOfBeforeText, asOfFromLocation, asOfFromSearch, formatAsOf, parseAsOf, todayIso, withAsOfParam } from './as-of';

describe('as-of dates', () => {
  it('accepts real calendar dates only', () => {
    expect(parseAsOf('2026-05-01')).toBe('2026-05-01');
    expect(parseAsOf(' 2024-02-29 ')).toBe('2024-02-29');
    expect(parseAsOf('2025-02-29')).toBeNull();
    expect(parseAsOf('2026-13-01')).toBeNull();
    expect(parseAsOf('2026-5-1')).toBeNull();
    expect(parseAsOf('2026-05-01T10:00:00Z')).toBeNull();
    expect(parseAsOf('')).toBeNull();
    expect(parseAsOf(null)).toBeNull();
  });

  it('reads asOf from a query string or a location', () => {
    expect(asOfFromSearch('?asOf=2026-05-01')).toBe('2026-05-01');
    expect(asOfFromSearch('search=lamp&asOf=2026-05-01')).toBe('2026-05-01');
    expect(asOfFromSearch('?asOf=soon')).toBeNull();
    expect(asOfFromSearch('')).toBeNull();
    expect(asOfFromLocation({ search: '?asOf=2020-01-31' })).toBe('2020-01-31');
  });

  it('sets, replaces and removes the parameter, keeping the rest', () => {
    expect(withAsOfParam('/1/1/1', '2026-05-01')).toBe('/1/1/1?asOf=2026-05-01');
    expect(withAsOfParam('/1/1/1/revised?search=lamp#s4', '2026-05-01')).toBe('/1/1/1/revised?search=lamp&asOf=2026-05-01#s4');
    expect(withAsOfParam('/api/sbook/1/1/1?edition=first&asOf=2020-01-01', '2026-05-01')).toBe('/api/sbook/1/1/1?edition=first&asOf=2026-05-01');
    expect(withAsOfParam('/1/1/1?asOf=2026-05-01', null)).toBe('/1/1/1');
    expect(withAsOfParam('/1/1/1?asOf=2026-05-01&search=x', null)).toBe('/1/1/1?search=x');
  });

  it('formats the date itself, whatever the time zone', () => {
    expect(formatAsOf('2026-05-01', 'en-GB')).toMatch(/^Friday,? 1 May 2026$/);
    expect(todayIso(new Date(2026, 0, 9))).toBe('2026-01-09');
  });
});

describe('a day before the poem had text', () => {
  it('is any day before the first, and none when that day is unknown', () => {
    expect(asOfBeforeText('2001-01-01', '2026-11-24')).toBe(true);
    expect(asOfBeforeText('2026-11-23', '2026-11-24')).toBe(true);
    expect(asOfBeforeText('2026-11-24', '2026-11-24')).toBe(false);
    expect(asOfBeforeText('2027-01-01', '2026-11-24')).toBe(false);
    expect(asOfBeforeText('2001-01-01', null)).toBe(false);
  });
});
