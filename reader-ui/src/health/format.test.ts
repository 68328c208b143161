import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR } from '../app/messages';
import { formatCount, formatLag, healthStatusLabel, projectionStatusLabel, statusTone } from './format';

describe('formatCount', () => {
  it('groups digits in threes, even beyond Number precision', () => {
    expect(formatCount('0')).toBe('0');
    expect(formatCount('999')).toBe('999');
    expect(formatCount('1000')).toBe('1,000');
    expect(formatCount('1234567')).toBe('1,234,567');
    expect(formatCount('9223372036854775807')).toBe('9,223,372,036,854,775,807');
  });

  it('drops leading zeros and surrounding blanks', () => {
    expect(formatCount(' 0012 ')).toBe('12');
    expect(formatCount('000')).toBe('0');
  });

  it('shows a dash for anything that is not a non-negative integer', () => {
    for (const bad of ['', '-3', '1.5', 'abc', '1e6']) expect(formatCount(bad)).toBe('—');
  });
});

describe('formatLag', () => {
  it('says up to date at zero lag', () => {
    expect(formatLag('0')).toBe('Up to date');
  });

  it('counts events behind, singular and plural', () => {
    expect(formatLag('1')).toBe('1 event behind');
    expect(formatLag('2')).toBe('2 events behind');
    expect(formatLag('12345')).toBe('12,345 events behind');
  });

  it('shows a dash for a lag it cannot read', () => {
    expect(formatLag('-1')).toBe('—');
  });
});

describe('status labels and tones', () => {
  it('names the overall status', () => {
    expect(healthStatusLabel('ok')).toBe('Operational');
    expect(healthStatusLabel('degraded')).toBe('Degraded');
  });

  it('names projection statuses, humanising unknown ones', () => {
    expect(projectionStatusLabel('live')).toBe('Live');
    expect(projectionStatusLabel('catching-up')).toBe('Catching up');
    expect(projectionStatusLabel('failed')).toBe('Failed');
    expect(projectionStatusLabel('idle')).toBe('Idle');
    expect(projectionStatusLabel('re_building')).toBe('Re building');
    expect(projectionStatusLabel('')).toBe('Unknown');
  });

  it('maps statuses to tones', () => {
    expect(statusTone('ok')).toBe('good');
    expect(statusTone('live')).toBe('good');
    expect(statusTone('degraded')).toBe('warn');
    expect(statusTone('catching-up')).toBe('warn');
    expect(statusTone('failed')).toBe('bad');
    expect(statusTone('idle')).toBe('neutral');
    expect(statusTone('something-new')).toBe('neutral');
  });

  it("keeps the spec's spelling of the generic error", () => {
    expect(GENERIC_ERROR).toBe('An error occured');
  });
});
