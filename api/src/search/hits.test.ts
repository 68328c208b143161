import { describe, expect, it } from 'vitest';
import { hitBlock, withSearchTerm } from './hits.js';

describe('withSearchTerm', () => {
  it('adds the words to a poem hit, before its anchor', () => {
    expect(withSearchTerm({ link: '/2/3/1/revised', sentence: 7 }, 'dawn & dusk')).toBe('/2/3/1/revised?search=dawn%20%26%20dusk');
    expect(withSearchTerm({ link: '/2/3/1#s7', sentence: 7 }, 'x')).toBe('/2/3/1?search=x#s7');
  });

  it('leaves other links alone', () => {
    expect(withSearchTerm({ link: '/blogs/a/b', sentence: null }, 'x')).toBe('/blogs/a/b');
  });
});

describe('hitBlock', () => {
  it('writes a hit as a markdown block of plain text with its reference', () => {
    expect(
      hitBlock(
        { id: 's', scope: 'first', title: 'Line', snippet: 'a <mark>dawn</mark> &lt;b&gt; &amp; &quot;x&quot;', link: '/1/1/1', sentence: 1, date: null },
        'dawn',
      ),
    ).toBe('## Line\n\n/1/1/1?search=dawn\n\na dawn <b> & "x"\n');
    expect(
      hitBlock({ id: 'p', scope: 'posts', title: 'Dawn', snippet: '<mark>Dawn</mark> came', link: '/blogs/a/b', sentence: null, date: null }, 'dawn'),
    ).toBe('## Dawn\n\n/blogs/a/b\n\nDawn came\n');
  });
});
