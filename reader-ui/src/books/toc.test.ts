import { describe, expect, it } from 'vitest';
import { tocHref, tocOf, tocSize } from './toc';

describe("a book's table of contents", () => {
  it('nests the third-level headings under their second-level one, in order', () => {
    const toc = tocOf([
      {
        TagHash: 'canto-one',
        TagText: 'Canto One',
        Innerhead3: [
          { TagHash: 'the-dawn', TagText: 'The Dawn' },
          { TagHash: 'the-call', TagText: 'The Call' },
        ],
      },
      { TagHash: 'canto-two', TagText: 'Canto Two', Innerhead3: [] },
    ]);
    expect(toc).toEqual([
      {
        hash: 'canto-one',
        text: 'Canto One',
        children: [
          { hash: 'the-dawn', text: 'The Dawn', children: [] },
          { hash: 'the-call', text: 'The Call', children: [] },
        ],
      },
      { hash: 'canto-two', text: 'Canto Two', children: [] },
    ]);
    expect(tocSize(toc)).toBe(4);
  });

  it('reads odd answers loosely: no hash is no entry, no text reads as the hash, a repeated hash is linked once', () => {
    expect(tocOf(null)).toEqual([]);
    expect(tocOf('x')).toEqual([]);
    const toc = tocOf([
      { TagHash: '', TagText: 'Lost', Innerhead3: [{ TagHash: 'orphan', TagText: 'Orphan' }] },
      { TagHash: 'notes', TagText: '  ', Innerhead3: [{ TagHash: 'notes', TagText: 'Again' }, { TagText: 'No hash' }, { TagHash: 'n-2', TagText: 'Second' }] },
      { TagHash: 'notes', TagText: 'Duplicate' },
      { TagHash: 'end', TagText: 'End' },
    ] as never);
    expect(toc).toEqual([
      { hash: 'notes', text: 'notes', children: [{ hash: 'n-2', text: 'Second', children: [] }] },
      { hash: 'end', text: 'End', children: [] },
    ]);
  });

  it('links to the heading ids as URL fragments', () => {
    expect(tocHref('canto-one')).toBe('#canto-one');
    expect(tocHref('a b')).toBe('#a%20b');
  });
});
