import { describe, expect, it } from 'vitest';
import { blockStartLines, countLines, countWords, cursorPosition, lineOfBlock } from './text-stats';

describe('countWords', () => {
  it('counts words, not markdown marks', () => {
    expect(countWords('')).toBe(0);
    expect(countWords('# A heading\n\n- one\n- two *three*\n\n> quoted')).toBe(6);
    expect(countWords("don't stop well-known 3.14")).toBe(4);
  });

  it('leaves out link targets, bare URLs and HTML tags', () => {
    expect(countWords('See [the site](https://example.com/a/b "Title") and ![a cat](/m/cat.png)')).toBe(6);
    expect(countWords('Visit https://example.com/x?y=1 now')).toBe(2);
    expect(countWords('<span class="x">two words</span>')).toBe(2);
    expect(countWords('[ref]: https://example.com\n\nText here')).toBe(2);
  });

  it('counts other scripts', () => {
    expect(countWords('सावित्री एक कविता है')).toBe(4);
  });
});

describe('countLines', () => {
  it('counts lines as an editor shows them', () => {
    expect(countLines('')).toBe(1);
    expect(countLines('a')).toBe(1);
    expect(countLines('a\nb\n')).toBe(3);
    expect(countLines('a\r\nb')).toBe(2);
  });
});

describe('cursorPosition', () => {
  it('gives 1-based line and column', () => {
    const text = 'ab\ncdé\n\nx';
    expect(cursorPosition(text, 0)).toEqual({ line: 1, column: 1 });
    expect(cursorPosition(text, 2)).toEqual({ line: 1, column: 3 });
    expect(cursorPosition(text, 3)).toEqual({ line: 2, column: 1 });
    expect(cursorPosition(text, 6)).toEqual({ line: 2, column: 4 });
    expect(cursorPosition(text, 8)).toEqual({ line: 4, column: 1 });
    expect(cursorPosition(text, 99)).toEqual({ line: 4, column: 2 });
  });

  it('counts a character outside the basic plane once', () => {
    expect(cursorPosition('😀x', 2)).toEqual({ line: 1, column: 2 });
  });
});

describe('blockStartLines', () => {
  it('finds paragraphs, headings, quotes, rules and code blocks', () => {
    const md = ['# Title', 'First para', 'goes on', '', '> quote', '> more', '', '---', '', '```js', 'code', '', 'still code', '```', 'After'].join('\n');
    expect(blockStartLines(md)).toEqual([1, 2, 5, 8, 10, 15]);
  });

  it('keeps a list together across blank lines, and ends it at other text', () => {
    const md = ['- one', '- two', '', '- three', '  more of three', '', 'Para', '', '1. a', '2. b', '', '* other list'].join('\n');
    expect(blockStartLines(md)).toEqual([1, 7, 9, 12]);
  });

  it('reads a setext heading as one block', () => {
    expect(blockStartLines('Title\n=====\nText')).toEqual([1, 3]);
    expect(blockStartLines('Para\n\n---\nNext')).toEqual([1, 3, 4]);
  });

  it('maps a rich block index to its source line', () => {
    const md = 'One\n\nTwo\n\nThree';
    expect(lineOfBlock(md, 0)).toBe(1);
    expect(lineOfBlock(md, 2)).toBe(5);
    expect(lineOfBlock(md, 7)).toBe(5);
    expect(lineOfBlock('', 0)).toBe(1);
  });
});
