import { describe, expect, it } from 'vitest';
import { lineOffsets, RELATION_COLOURS, relationClassName, relationLook, wordColours, wordTokens } from './relations';

describe('relation colours', () => {
  it('gives each of the 20 classes its own colour and its own underline (style × weight)', () => {
    const looks = Array.from({ length: RELATION_COLOURS }, (_, i) => relationLook(`relation-${i + 1}`));
    expect(looks.every((look) => look !== null)).toBe(true);
    expect(new Set(looks.map((look) => look!.colour)).size).toBe(20);
    expect(new Set(looks.map((look) => `${look!.underline}/${look!.weight}`)).size).toBe(20);
    expect(relationLook('relation-1')).toEqual({ colour: 1, underline: 'solid', weight: 1 });
    expect(relationLook('relation-7')).toEqual({ colour: 7, underline: 'double', weight: 2 });
    expect(relationLook('relation-20')).toEqual({ colour: 20, underline: 'wavy', weight: 4 });
  });

  it('maps a class to CSS classes, and refuses classes it does not know', () => {
    expect(relationClassName('relation-3')).toBe('related rel-c3 rel-dotted rel-w1');
    for (const bad of ['relation-0', 'relation-21', 'relation-', 'relation-1 evil', 'colour-2', '']) expect(relationClassName(bad)).toBeNull();
  });

  it('colours the Sanskrit and the English word of each relation alike', () => {
    const colours = wordColours([
      { Snumber: 1, Enumber: 1, colorClass: 'relation-1' },
      { Snumber: 2, Enumber: 7, colorClass: 'relation-2' },
      { Snumber: 2, Enumber: 9, colorClass: 'relation-2' },
      { Snumber: 5, Enumber: 1, colorClass: 'relation-3' },
      { Snumber: 6, Enumber: 3, colorClass: 'bogus' },
    ]);
    expect(colours.sanskrit.get(1)).toBe(colours.english.get(1));
    expect(colours.sanskrit.get(2)).toBe('related rel-c2 rel-double rel-w1');
    expect(colours.english.get(7)).toBe(colours.sanskrit.get(2));
    expect(colours.english.get(9)).toBe(colours.sanskrit.get(2));
    expect(colours.english.get(1)).toBe('related rel-c1 rel-solid rel-w1'); // the first relation of a word wins
    expect(colours.sanskrit.has(6)).toBe(false);
    expect(colours.english.has(3)).toBe(false);
  });

  it('numbers words across lines as the relations count them (split on whitespace)', () => {
    const lines = ['O Lamp of Evening,', '  Lend me  your light'];
    expect(lineOffsets(lines)).toEqual([0, 4]);
    expect(wordTokens(lines[1]!, 4)).toEqual([
      { text: '  ', word: null },
      { text: 'Lend', word: 4 },
      { text: ' ', word: null },
      { text: 'me', word: 5 },
      { text: '  ', word: null },
      { text: 'your', word: 6 },
      { text: ' ', word: null },
      { text: 'light', word: 7 },
    ]);
    expect(wordTokens('हे सायन्तनदीप,').map((t) => t.word)).toEqual([0, null, 1]);
    expect(lineOffsets([])).toEqual([]);
  });
});
