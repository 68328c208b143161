import { describe, expect, it } from 'vitest';
import { groupByCommand } from './groups';

describe('a history grouped by command', () => {
  it('keeps neighbouring entries of one correlation together, in order', () => {
    const entries = [
      { id: 5, correlationId: 'c' },
      { id: 4, correlationId: 'b' },
      { id: 3, correlationId: 'b' },
      { id: 2, correlationId: 'a' },
    ];
    expect(groupByCommand(entries).map((g) => g.map((e) => e.id))).toEqual([[5], [4, 3], [2]]);
    expect(groupByCommand([])).toEqual([]);
  });
});
