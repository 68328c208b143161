import dictionary from 'dictionary-en';
import nspell from 'nspell';
import { describe, expect, it } from 'vitest';
import { findMisspellings, maskIgnored, matchCase, replaceWord, spellTokens, suggestionsFor, transpositions, type SpellChecker } from './spelling';

const words = (markdown: string) => spellTokens(markdown).map((t) => t.word);

describe('spellTokens', () => {
  it('finds words with their offsets', () => {
    const md = 'Hello wrold, it’s *fine*.';
    const tokens = spellTokens(md);
    expect(tokens.map((t) => t.word)).toEqual(['Hello', 'wrold', 'it’s', 'fine']);
    for (const t of tokens) expect(md.slice(t.start, t.end)).toBe(t.word);
  });

  it('skips fenced and inline code', () => {
    const md = 'Intro\n\n```js\nconst wrdo = 1\n```\n\nUse `fooo()` here\n~~~\nzzzz\n~~~\nEnd';
    expect(words(md)).toEqual(['Intro', 'Use', 'here', 'End']);
    expect(words('Open\n```\nunclosed qwert')).toEqual(['Open']);
  });

  it('skips URLs, link targets, autolinks, e-mail and reference definitions, but checks link text', () => {
    expect(words('See [teh site](https://exmple.com/pathh "Ttile") and ![catt](/m/catt.png)')).toEqual(['See', 'teh', 'site', 'and', 'catt']);
    expect(words('Go to https://exmple.org/abcd or www.foobr.com or <https://qwer.ty> now')).toEqual(['Go', 'to', 'or', 'or', 'now']);
    expect(words('Mail someone@exmple.com today')).toEqual(['Mail', 'today']);
    expect(words('[ref]: https://exmple.com "Tittle"\n\nText')).toEqual(['Text']);
  });

  it('skips ||n|| sentence links, HTML and words with digits or underscores', () => {
    expect(words('As in ||12|| and || 1234 || the')).toEqual(['As', 'in', 'and', 'the']);
    expect(words('<span class="hghlight">kept</span><!-- hiddn -->')).toEqual(['kept']);
    expect(words('abc123 mp3 snake_case 2nd word')).toEqual(['word']);
  });

  it('skips single letters and acronyms, splits hyphenated words and trims quotes', () => {
    expect(words('a I NASA well-knwon \'quoted\' poets’')).toEqual(['well', 'knwon', 'quoted', 'poets']);
  });

  it('keeps offsets when masking', () => {
    const md = 'x `code` y\n```\nz\n```';
    expect(maskIgnored(md)).toHaveLength(md.length);
    expect(maskIgnored(md).split('\n')).toHaveLength(md.split('\n').length);
  });
});

describe('matchCase', () => {
  it('follows the case of the word it replaces', () => {
    expect(matchCase('Teh', 'the')).toBe('The');
    expect(matchCase('TEH', 'the')).toBe('THE');
    expect(matchCase('teh', 'the')).toBe('the');
    expect(matchCase('Wrold', 'World')).toBe('World');
  });
});

const fake: SpellChecker = {
  correct: (w) => ['the', 'tech', 'world', 'and', 'end'].includes(w.toLowerCase()),
  suggest: (w) => (w.toLowerCase() === 'teh' ? ['the', 'tech', 'the'] : ['world']),
};

describe('suggestions', () => {
  it('tries swapped neighbouring letters first', () => {
    expect(transpositions('teh')).toEqual(['eth', 'the']);
    expect(transpositions('aab')).toEqual(['aba']);
    const checker: SpellChecker = { correct: (w) => w === 'the', suggest: () => ['ten', 'the'] };
    expect(suggestionsFor('Teh', checker)).toEqual(['The', 'Ten']);
  });
});

describe('findMisspellings', () => {
  it('lists each misspelt word once, in order, with its count and suggestions', () => {
    const found = findMisspellings('Teh wrold and teh wrold. Teh end', fake);
    expect(found).toEqual([
      { word: 'Teh', count: 2, suggestions: ['The', 'Tech'] },
      { word: 'wrold', count: 2, suggestions: ['world'] },
      { word: 'teh', count: 1, suggestions: ['the', 'tech'] },
    ]);
  });

  it('leaves out ignored words and limits lookups', () => {
    expect(findMisspellings('teh wrold', fake, { ignore: new Set(['wrold']) }).map((m) => m.word)).toEqual(['teh']);
    const found = findMisspellings('teh wrold', fake, { suggestFor: 1, maxWords: 1 });
    expect(found).toEqual([{ word: 'teh', count: 1, suggestions: ['the', 'tech'] }]);
    expect(findMisspellings('teh wrold', fake, { suggestFor: 1 })[1]?.suggestions).toBeNull();
  });
});

describe('replaceWord', () => {
  it('replaces the checked uses only', () => {
    const md = 'teh cat, `teh` code, [teh](https://x.org/teh) link, teh end';
    expect(replaceWord(md, 'teh', 'the')).toBe('the cat, `teh` code, [the](https://x.org/teh) link, the end');
  });

  it('matches whole words in their written case', () => {
    expect(replaceWord('Teh tehran teh', 'teh', 'the')).toBe('Teh tehran the');
  });
});

describe('with the English dictionary', () => {
  const decoder = new TextDecoder();
  const checker = nspell({ aff: decoder.decode(dictionary.aff), dic: decoder.decode(dictionary.dic) });

  it('finds real misspellings and suggests the fix', () => {
    const found = findMisspellings('The poet’s verse is beautifull and the **recieved** text is `sundry_code`.', checker);
    expect(found.map((m) => m.word)).toEqual(['beautifull', 'recieved']);
    expect(found[0]?.suggestions).toContain('beautiful');
    expect(found[1]?.suggestions).toContain('received');
    expect(findMisspellings('I saw teh moon', checker)[0]?.suggestions?.[0]).toBe('the');
  });
});
