import { describe, expect, it } from 'vitest';
import { isLangList, isTextSize, parseStored } from './preferences';
import { swipeDirection } from './reader-bar';

describe('kept reading choices', () => {
  it('reads back what was stored, and falls back to the default for anything else', () => {
    expect(parseStored('["hi","fr"]', [], isLangList)).toEqual(['hi', 'fr']);
    expect(parseStored(null, ['de'], isLangList)).toEqual(['de']);
    expect(parseStored('["klingon"]', [], isLangList)).toEqual([]);
    expect(parseStored('{not json', [], isLangList)).toEqual([]);
    expect(parseStored('"large"', 'normal', isTextSize)).toBe('large');
    expect(parseStored('"huge"', 'normal', isTextSize)).toBe('normal');
  });
});

describe('a swipe across the verse', () => {
  it('turns the page only for a long, mostly sideways stroke', () => {
    expect(swipeDirection(-120, 10)).toBe('left');
    expect(swipeDirection(150, -30)).toBe('right');
    expect(swipeDirection(60, 0)).toBeNull();
    expect(swipeDirection(120, 90)).toBeNull();
  });
});
