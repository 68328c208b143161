import { describe, expect, it } from 'vitest';
import { orderKeyBetween, orderKeyOfNumber, orderKeyPattern, orderKeysBetween } from './order-key.js';

const increasing = (keys: string[]) => keys.every((k, i) => i === 0 || keys[i - 1]! < k);

describe('order keys', () => {
  it('number keys sort as their numbers', () => {
    const keys = [1, 2, 9, 10, 35, 36, 1000, 99_999].map(orderKeyOfNumber);
    expect(increasing(keys)).toBe(true);
    expect(keys.every((k) => orderKeyPattern.test(k))).toBe(true);
  });

  it('finds a key between neighbours, however close, and between a key and the ends', () => {
    const a = orderKeyOfNumber(776);
    const b = orderKeyOfNumber(777);
    let low = a;
    for (let i = 0; i < 200; i++) {
      const mid = orderKeyBetween(low, b);
      expect(mid > low && mid < b).toBe(true);
      expect(orderKeyPattern.test(mid)).toBe(true);
      low = mid;
    }
    expect(orderKeyBetween(null, a) < a).toBe(true);
    expect(orderKeyBetween(b, null) > b).toBe(true);
    expect(orderKeyBetween('i', 'i1') > 'i').toBe(true);
    expect(orderKeyBetween('i', 'i1') < 'i1').toBe(true);
  });

  it('spreads many keys evenly and keeps them short', () => {
    const keys = orderKeysBetween(null, null, 100_000);
    expect(keys).toHaveLength(100_000);
    expect(increasing(keys)).toBe(true);
    expect(Math.max(...keys.map((k) => k.length))).toBeLessThanOrEqual(4);
    const inside = orderKeysBetween(orderKeyOfNumber(5), orderKeyOfNumber(6), 50);
    expect(increasing([orderKeyOfNumber(5), ...inside, orderKeyOfNumber(6)])).toBe(true);
  });

  it('refuses keys out of order', () => {
    expect(() => orderKeysBetween('b', 'a', 1)).toThrow(/out of order/);
  });
});
