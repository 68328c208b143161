import { describe, expect, it } from 'vitest';
import type { LineInfoAnswer } from '@epos/schemas';
import { creatorsOf, placeOf } from './csl-item.js';

const sentence = (numbers: (number | null)[]) =>
  ({
    lineNumber: 9,
    bookNumber: 1,
    cantoNumber: 2,
    verseLines: numbers.map((inCantoNumber, i) => ({ text: `line ${i}`, inPoemNumber: null, inBookNumber: null, inCantoNumber })),
  }) as unknown as LineInfoAnswer;

describe('a sentence as a citation item', () => {
  it('names the author by family and given names, and a translator in brackets as the translator', () => {
    expect(creatorsOf('John Milton')).toEqual({ author: { family: 'Milton', given: 'John' }, translator: null });
    expect(creatorsOf('Dante Alighieri (tr. Henry Wadsworth Longfellow)')).toEqual({
      author: { family: 'Alighieri', given: 'Dante' },
      translator: { family: 'Longfellow', given: 'Henry Wadsworth' },
    });
    expect(creatorsOf('Dante Alighieri, translated by Henry Wadsworth Longfellow')).toEqual(creatorsOf('Dante Alighieri (tr. Henry Wadsworth Longfellow)'));
    expect(creatorsOf('Homer; tr. Alexander Pope')).toEqual({ author: { literal: 'Homer' }, translator: { family: 'Pope', given: 'Alexander' } });
    expect(creatorsOf('व्यास')).toEqual({ author: { literal: 'व्यास' }, translator: null });
    expect(creatorsOf('Homer (attributed)')).toEqual({ author: { literal: 'Homer' }, translator: null });
  });

  it('places it by book, canto and its lines in the canto, or by its number when its lines have none', () => {
    expect(placeOf(sentence([34, 35, 36]))).toBe('Book 1, Canto 2, lines 34–36');
    expect(placeOf(sentence([12]))).toBe('Book 1, Canto 2, line 12');
    expect(placeOf(sentence([null]))).toBe('Book 1, Canto 2, sentence 9');
  });
});
