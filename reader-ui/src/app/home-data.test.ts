import { describe, expect, it } from 'vitest';
import { firstSectionHref, homeContents, paragraphs } from './home-data';

const section = (n: number) => ({ SectionNumber: n, srn: 'I', SectionName: `S${n}` });

describe('home page contents', () => {
  it('links each canto to its first section, and leaves out a canto with none', () => {
    const books = homeContents([
      {
        book: 1,
        name: 'The Kindling',
        cantos: [
          { canto: 1, name: 'Dusk', sections: [section(2), section(1)] },
          { canto: 2, name: 'Empty', sections: [] },
        ],
      },
      { book: 2, name: 'The Crossing', cantos: [{ canto: 3, name: 'River', sections: [section(4)] }] },
    ]);
    expect(books).toEqual([
      { book: 1, name: 'The Kindling', cantos: [{ canto: 1, name: 'Dusk', href: '/1/1/1' }] },
      { book: 2, name: 'The Crossing', cantos: [{ canto: 3, name: 'River', href: '/2/3/4' }] },
    ]);
    expect(firstSectionHref(books)).toBe('/1/1/1');
    expect(firstSectionHref(homeContents([{ book: 3, name: 'x', cantos: [{ canto: 2, name: 'y', sections: [section(5)] }] }]))).toBe('/3/2/5');
    expect(firstSectionHref(null)).toBe('/1/1/1');
    // in the edition this reader last read
    expect(firstSectionHref(homeContents([{ book: 3, name: 'x', cantos: [{ canto: 2, name: 'y', sections: [section(5)] }] }], 'revised'))).toBe(
      '/3/2/5/revised',
    );
  });

  it('splits the introduction into paragraphs at blank lines', () => {
    expect(paragraphs('One line\nand its next.\n\n  Two.  \n \n\nThree.')).toEqual(['One line\nand its next.', 'Two.', 'Three.']);
    expect(paragraphs(null)).toEqual([]);
    expect(paragraphs('   ')).toEqual([]);
  });
});
