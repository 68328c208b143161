import { describe, expect, it } from 'vitest';
import { correctableParts, proposalProblem } from './correction-parts';

describe('the correction dialog', () => {
  it('offers the verse in each edition and the notes, under their configured labels', () => {
    const parts = correctableParts({ motherNote: "The Mother's note", aurobindoNote: "The author's note" });
    expect(parts.map((p) => p.part)).toEqual(['text-first', 'text-centenary', 'text-revised', 'motherNote', 'aurobindoNote', 'reason']);
    expect(parts.map((p) => p.label)).toEqual([
      'Verse, First edition text',
      'Verse, Centenary edition text',
      'Verse, Revised edition text',
      "The Mother's note",
      "The author's note",
      'Reason',
    ]);
  });

  it('refuses a blank text, a blank verse line and an unchanged text before sending', () => {
    expect(proposalProblem('motherNote', 'Old.', '  ')).toBe('Write the corrected text.');
    expect(proposalProblem('text-first', 'A\nB', 'A\n\nB')).toBe('A verse line must not be blank.');
    expect(proposalProblem('motherNote', 'Old.', 'Old. ')).toBe('The text is the same as now: change something first.');
    expect(proposalProblem('motherNote', 'Old.\n\nMore.', 'New.\n\nMore.')).toBeNull();
  });
});
