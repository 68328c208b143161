import { describe, expect, it } from 'vitest';
import { mergeContents, numbers } from './contents';
import {
  chooseEdition,
  chooseLanguage,
  editionForLanguage,
  enabledCheckboxes,
  enabledLanguages,
  groupByStanza,
  noticeMs,
  sectionTitle,
  splitLines,
  toggleKey,
  visibleLanguages,
  studyLayersLabel,
} from './reading';
import { parseHashTarget, parseSectionPath, parseSentencePath, scrollKey, sectionKey, sectionPath, withEdition } from '../ui/poem-address';
import { studyLayers, studyLayerText } from './study-layers';
import type { Line } from './api';

describe('section addresses', () => {
  it('reads the First edition without a suffix and the others with one', () => {
    expect(parseSectionPath('/1/2/3')).toEqual({ book: 1, canto: 2, section: 3, edition: 'first' });
    expect(parseSectionPath('/1/2/3/centenary')).toEqual({ book: 1, canto: 2, section: 3, edition: 'centenary' });
    expect(parseSectionPath('/12/49/7/revised/')).toEqual({ book: 12, canto: 49, section: 7, edition: 'revised' });
    expect(parseSectionPath('/1/2/3/revised?x=1#s4')).toEqual({ book: 1, canto: 2, section: 3, edition: 'revised' });
  });

  it('refuses anything else', () => {
    for (const path of ['/', '/1', '/1/2', '/1/2/3/first', '/1/2/3/Revised', '/1/2/x', '/0/1/1', '/01/1/1', '/1/2/3/4/5', '/login']) {
      expect(parseSectionPath(path), path).toBeNull();
    }
  });

  it('builds addresses, editions and hashes', () => {
    const address = { book: 1, canto: 2, section: 3, edition: 'first' as const };
    expect(sectionPath(address)).toBe('/1/2/3');
    expect(sectionPath(withEdition(address, 'revised'))).toBe('/1/2/3/revised');
    expect(sectionPath(withEdition(address, 'centenary'), 12)).toBe('/1/2/3/centenary#s12');
    expect(parseSectionPath(sectionPath(withEdition(address, 'centenary')))).toEqual(withEdition(address, 'centenary'));
  });

  it('caches per edition but keeps one scroll place per section', () => {
    const first = { book: 1, canto: 1, section: 2, edition: 'first' as const };
    const revised = withEdition(first, 'revised');
    expect(sectionKey(first)).not.toBe(sectionKey(revised));
    expect(scrollKey(first)).toBe(scrollKey(revised));
  });
});

describe('sentence pages and hashes', () => {
  it('reads /{lineNumber}: digits only, one segment', () => {
    expect(parseSentencePath('/5')).toBe(5);
    expect(parseSentencePath('/123/')).toBe(123);
    expect(parseSentencePath('/0')).toBeNull();
    expect(parseSentencePath('/5a')).toBeNull();
    expect(parseSentencePath('/1/2')).toBeNull();
    expect(parseSentencePath('/login')).toBeNull();
  });

  it('reads the hash target', () => {
    expect(parseHashTarget('#s12')).toBe(12);
    expect(parseHashTarget('#12')).toBe(12);
    expect(parseHashTarget('s7')).toBe(7);
    expect(parseHashTarget('')).toBeNull();
    expect(parseHashTarget('#main')).toBeNull();
    expect(parseHashTarget('#s0')).toBeNull();
    expect(parseHashTarget('#s1x')).toBeNull();
  });
});

describe('editions and translations', () => {
  it('forces the edition of each translation', () => {
    expect(editionForLanguage('sa')).toBe('first');
    expect(editionForLanguage('zh')).toBe('first');
    expect(editionForLanguage('hi')).toBe('centenary');
    expect(editionForLanguage('fr')).toBe('centenary');
    expect(editionForLanguage('de')).toBe('revised');
    expect(editionForLanguage('or')).toBe('revised');
  });

  it('enables only the translations of the edition', () => {
    expect(enabledLanguages('first')).toEqual(['sa', 'zh']);
    expect(enabledLanguages('centenary')).toEqual(['hi', 'fr']);
    expect(enabledLanguages('revised')).toEqual(['de', 'or']);
  });

  it('leaves every checkbox usable until a translation shows, then only the edition’s', () => {
    expect(enabledCheckboxes([], 'first')).toEqual(['sa', 'hi', 'fr', 'de', 'or', 'zh']);
    expect(enabledCheckboxes(['fr'], 'centenary')).toEqual(['hi', 'fr']);
    // a tick the edition does not allow does not count
    expect(enabledCheckboxes(['fr'], 'revised')).toHaveLength(6);
  });

  it('ticking forces the edition and drops ticks it does not allow', () => {
    expect(chooseLanguage([], 'first', 'fr', true)).toEqual({ edition: 'centenary', languages: ['fr'] });
    expect(chooseLanguage(['fr'], 'centenary', 'hi', true)).toEqual({ edition: 'centenary', languages: ['hi', 'fr'] });
    expect(chooseLanguage(['hi', 'fr'], 'centenary', 'de', true)).toEqual({ edition: 'revised', languages: ['de'] });
    expect(chooseLanguage(['sa'], 'first', 'zh', true)).toEqual({ edition: 'first', languages: ['sa', 'zh'] });
  });

  it('unticking keeps the edition', () => {
    expect(chooseLanguage(['hi', 'fr'], 'centenary', 'fr', false)).toEqual({ edition: 'centenary', languages: ['hi'] });
  });

  it('changing the edition drops ticks it does not allow', () => {
    expect(chooseEdition(['hi', 'fr'], 'revised')).toEqual({ edition: 'revised', languages: [] });
    expect(chooseEdition(['de'], 'revised')).toEqual({ edition: 'revised', languages: ['de'] });
    expect(visibleLanguages(['fr', 'sa'], 'first')).toEqual(['sa']);
  });

  it('shows translator notices for 5 s, 7 s for Chinese', () => {
    expect(noticeMs('fr')).toBe(5000);
    expect(noticeMs('zh')).toBe(7000);
  });
});

describe('"Works on" dropdown', () => {
  const layers = [
    { key: 'mother', label: "The Mother's readings", author: 'A' },
    { key: 'sage', label: "The Sage's sayings", author: 'B' },
  ];
  const options = studyLayers(layers);

  it('offers the layers, then Reason, IPA, Scansion, Hyphenation, Pronouns, Counts and Memorise', () => {
    expect(options.map((o) => o.key)).toEqual(['layer:mother', 'layer:sage', 'reason', 'ipa', 'scansion', 'hyphenation', 'pronouns', 'counts', 'memorise']);
  });

  it('shows the chosen option’s label, and the default when none is on', () => {
    expect(studyLayersLabel(options, [], 'Works on The Lamp')).toBe('Works on The Lamp');
    expect(studyLayersLabel(options, ['layer:sage'], 'Works on The Lamp')).toBe("The Sage's sayings");
    expect(studyLayersLabel(options, ['layer:sage', 'ipa'], 'Works on The Lamp')).toBe('IPA +1');
    expect(studyLayersLabel(options, ['unknown'], 'Works on The Lamp')).toBe('Works on The Lamp');
  });

  it('toggles keys, newest last', () => {
    expect(toggleKey(['a', 'b'], 'a', true)).toEqual(['b', 'a']);
    expect(toggleKey(['a', 'b'], 'a', false)).toEqual(['b']);
    expect(toggleKey([], 'a', false)).toEqual([]);
  });

  it('finds each option’s text on a sentence', () => {
    const line = { lineNumber: 1, stanzaNumber: 1, lines: 'x', commentary: { mother: 'M' }, Reason: ' ', ipa_first: 'ˈo' } as Line;
    expect(studyLayerText(line, 'layer:mother')).toBe('M');
    expect(studyLayerText(line, 'layer:sage')).toBeNull();
    expect(studyLayerText(line, 'reason')).toBeNull();
    expect(studyLayerText(line, 'ipa')).toBe('ˈo');
  });
});

describe('verse helpers', () => {
  it('groups sentences into stanzas in order', () => {
    const lines = [1, 2, 2, 3, 3].map((stanzaNumber, i) => ({ stanzaNumber, n: i }));
    expect(groupByStanza(lines).map((g) => g.map((l) => l.n))).toEqual([[0], [1, 2], [3, 4]]);
    expect(groupByStanza([])).toEqual([]);
  });

  it('keeps the sentences after one that runs across a stanza break in the stanza it ends in', () => {
    // Sentence 0 begins in stanza 1 and ends in stanza 2, where sentence 1 follows; 2 begins stanza 3.
    const lines = [
      { stanzaNumber: 1, stanzaBreaks: [3], n: 0 },
      { stanzaNumber: 2, n: 1 },
      { stanzaNumber: 3, n: 2 },
    ];
    expect(groupByStanza(lines).map((g) => g.map((l) => l.n))).toEqual([[0, 1], [2]]);
  });

  it('splits multi-line text', () => {
    expect(splitLines('a\nb')).toEqual(['a', 'b']);
    expect(splitLines(null)).toEqual([]);
    expect(splitLines('  ')).toEqual([]);
  });
});

describe('known contents', () => {
  it('gathers books, cantos and sections from section responses and their neighbours', () => {
    const sections = [{ SectionNumber: 1, srn: 'I', SectionName: 'One' }];
    const contents = mergeContents(
      {},
      {
        bookNumber: 1,
        bookName: 'The Kindling',
        cantoNumber: 2,
        cantoName: 'The Oath',
        sections,
        previous: { book: 1, canto: 1, section: 2 },
        next: { book: 2, canto: 1, section: 1 },
      },
    );
    expect(numbers(contents)).toEqual([1, 2]);
    expect(numbers(contents[1]?.cantos ?? {})).toEqual([1, 2]);
    expect(contents[1]?.name).toBe('The Kindling');
    expect(contents[1]?.cantos[2]).toEqual({ name: 'The Oath', sections });
    expect(contents[2]?.name).toBeUndefined();
    // a neighbour pointer never forgets what is known
    const again = mergeContents(contents, {
      bookNumber: 2,
      bookName: 'The Crossing',
      cantoNumber: 1,
      cantoName: 'The Road',
      sections,
      previous: { book: 1, canto: 2, section: 1 },
      next: null,
    });
    expect(again[1]?.cantos[2]?.name).toBe('The Oath');
    expect(again[2]?.name).toBe('The Crossing');
  });
});

describe('contents from the server', () => {
  it('fills every book and canto, keeping what sections already told', async () => {
    const { contentsFromServer, numbers } = await import('./contents');
    const contents = contentsFromServer(
      {},
      {
        books: [
          {
            book: 1,
            name: 'One',
            cantos: [
              { canto: 1, name: 'A', sections: [{ SectionNumber: 1, srn: 'I', SectionName: 'x' }] },
              { canto: 2, name: 'B', sections: [] },
            ],
          },
          { book: 2, name: 'Two', cantos: [{ canto: 1, name: 'C', sections: [] }] },
        ],
      },
    );
    expect(numbers(contents)).toEqual([1, 2]);
    expect(numbers(contents[1]!.cantos)).toEqual([1, 2]);
    expect(contents[2]).toMatchObject({ name: 'Two', cantos: { 1: { name: 'C' } } });
  });

  it('takes the book list without cantos, keeping the cantos a book answer told', async () => {
    const { contentsFromServer, numbers } = await import('./contents');
    const book = contentsFromServer({}, { books: [{ book: 2, name: 'Two', cantos: [{ canto: 1, name: 'C', sections: [] }] }] });
    const both = contentsFromServer(book, {
      books: [
        { book: 1, name: 'One', cantos: [] },
        { book: 2, name: 'Two', cantos: [] },
      ],
    });
    expect(numbers(both)).toEqual([1, 2]);
    expect(both[1]).toEqual({ name: 'One', cantos: {} });
    expect(both[2]).toMatchObject({ name: 'Two', cantos: { 1: { name: 'C' } } });
  });
});

describe("a section page's title", () => {
  it('names the section first, then its canto and book', () => {
    expect(sectionTitle({ SectionName: 'The Symbol Dawn', srn: 'I' }, 'The Symbol Dawn', 'Book One: The Book of Beginnings')).toBe(
      'The Symbol Dawn · The Symbol Dawn · Book One: The Book of Beginnings',
    );
  });

  it("falls back to the section's numeral, and leaves out what is blank", () => {
    expect(sectionTitle({ SectionName: '  ', srn: 'iv' }, 'Canto II', '')).toBe('Section iv · Canto II');
    expect(sectionTitle(undefined, 'Canto II', 'Book One')).toBe('Canto II · Book One');
  });

  it('keeps names in other scripts as they are', () => {
    expect(sectionTitle({ SectionName: 'अश्वपति का योग', srn: 'I' }, 'प्रथम सर्ग', 'प्रथम पुस्तक')).toBe('अश्वपति का योग · प्रथम सर्ग · प्रथम पुस्तक');
  });
});
