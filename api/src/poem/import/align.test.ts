import { describe, expect, it } from 'vitest';
import { alignSentences, similarity } from './align.js';

const tercets = [
  'Midway upon the journey of our life I found myself within a forest dark, For the straightforward pathway had been lost.',
  'Ah me! how hard a thing it is to say What was this forest savage, rough, and stern, Which in the very thought renews the fear.',
  'So bitter is it, death is little more; But of the good to treat, which there I found, Speak will I of the other things I saw there.',
  'I cannot well repeat how there I entered, So full was I of slumber at the moment In which I had abandoned the true way.',
];

describe('aligning two versions of a poem by their sentences', () => {
  it('matches unchanged sentences, whitespace aside', () => {
    const result = alignSentences(
      tercets,
      tercets.map((t) => t.replaceAll(' ', '  ')),
    );
    expect(result.source).toEqual([0, 1, 2, 3]);
    expect(result.removed).toEqual([]);
  });

  it('pairs an edited sentence with itself', () => {
    const edited = [...tercets];
    edited[1] = edited[1]!.replace('savage, rough', 'savage and rough');
    expect(alignSentences(tercets, edited)).toMatchObject({ source: [0, 1, 2, 3], splits: [], merges: [], removed: [] });
  });

  it('finds a split and a merge, the first part keeping the identity', () => {
    const split = [
      tercets[0]!,
      tercets[1]!,
      'So bitter is it, death is little more.',
      'But of the good to treat, which there I found, Speak will I of the other things I saw there.',
      tercets[3]!,
    ];
    const forward = alignSentences(tercets, split);
    expect(forward.source).toEqual([0, 1, 2, null, 3]);
    expect(forward.splits).toEqual([{ before: 2, parts: [2, 3], keeper: 2 }]);
    const back = alignSentences(split, tercets);
    expect(back.source).toEqual([0, 1, 2, 4]);
    expect(back.merges).toEqual([{ parts: [2, 3], keeper: 2, after: 2 }]);
    expect(back.removed).toEqual([]);
  });

  it('an edited sentence with a new one after it is an edit and an insertion, not a split', () => {
    const edited = [tercets[0]!, tercets[1]!.replace('savage, rough', 'savage and rough'), 'It renews the fear.', tercets[2]!, tercets[3]!];
    expect(alignSentences(tercets, edited)).toMatchObject({ source: [0, 1, null, 2, 3], splits: [] });
  });

  it('never takes a sentence for a move and a split part at once', () => {
    const after = [tercets[0]!, tercets[1]!.replace('savage, rough', 'savage and rough'), 'Which in the very thought renews the fear.', tercets[2]!];
    const result = alignSentences([...tercets.slice(0, 3), 'Which in the very thought renews the fear.'], after);
    const claimed = [...result.source.filter((s) => s !== null), ...result.removed, ...result.merges.flatMap((m) => m.parts.filter((p) => p !== m.keeper))];
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(result.splits).toEqual([]);
  });

  it('tells insertions and removals from edits, and finds a moved sentence', () => {
    const inserted = [tercets[0]!, 'And even as he, who, with distressful breath, Forth issued from the sea upon the shore.', ...tercets.slice(1)];
    expect(alignSentences(tercets, inserted).source).toEqual([0, null, 1, 2, 3]);
    expect(alignSentences(tercets, [tercets[0]!, tercets[2]!, tercets[3]!])).toMatchObject({ source: [0, 2, 3], removed: [1] });
    const moved = alignSentences(tercets, [tercets[0]!, tercets[2]!, tercets[3]!, tercets[1]!]);
    expect(moved.source).toEqual([0, 2, 3, 1]);
    expect(moved.moves).toEqual([{ before: 1, after: 3 }]);
    expect(moved.removed).toEqual([]);
  });

  it('measures similarity by shared character pairs, in any script', () => {
    expect(similarity('धर्मक्षेत्रे कुरुक्षेत्रे', 'धर्मक्षेत्रे कुरुक्षेत्रे')).toBe(1);
    expect(similarity('the fear', 'the fears')).toBeGreaterThan(0.8);
    expect(similarity('Midway upon the journey', 'धर्मक्षेत्रे')).toBe(0);
  });

  it('aligns a 100,000-sentence poem with one change near the start (only the changed stretch is compared)', () => {
    const poem = Array.from({ length: 100_000 }, (_, i) => `Line ${i} of the long poem, and the sky was wide.`);
    const changed = [...poem];
    changed[10] = changed[10]!.replace(',', ';');
    const result = alignSentences(poem, changed);
    expect(result.source.every((s, j) => s === j)).toBe(true);
  });
});
