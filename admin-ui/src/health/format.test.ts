import { describe, expect, it } from 'vitest';
import { formatCount, formatLag, isLagging, statusColor, statusLabel } from './format';

describe('console health formatting', () => {
  it('groups positions of any size', () => {
    expect(formatCount('0')).toBe('0');
    expect(formatCount('1000')).toBe('1,000');
    expect(formatCount('18446744073709551615')).toBe('18,446,744,073,709,551,615');
    expect(formatCount('x')).toBe('—');
  });

  it('words the lag', () => {
    expect(formatLag('0')).toBe('up to date');
    expect(formatLag('1')).toBe('1 event behind');
    expect(formatLag('2500')).toBe('2,500 events behind');
    expect(formatLag('')).toBe('—');
  });

  it('flags lagging projections, including unreadable lags', () => {
    expect(isLagging('0')).toBe(false);
    expect(isLagging('1')).toBe(true);
    expect(isLagging('100', 100n)).toBe(false);
    expect(isLagging('101', 100n)).toBe(true);
    expect(isLagging('n/a')).toBe(true);
  });

  it('labels and colours statuses', () => {
    expect(statusLabel('ok')).toBe('OK');
    expect(statusLabel('catching-up')).toBe('Catching up');
    expect(statusLabel('paused_by_operator')).toBe('Paused by operator');
    expect(statusColor('ok')).toBe('success');
    expect(statusColor('live')).toBe('success');
    expect(statusColor('degraded')).toBe('warning');
    expect(statusColor('failed')).toBe('error');
    expect(statusColor('idle')).toBe('default');
  });
});
