import dictionary from 'dictionary-en-gb';
import { describe, expect, it } from 'vitest';
import { createSpellChecker } from './spell-checker';
import { findMisspellings, maskIgnored, matchCase, replaceWord, spellTokens, suggestionsFor, transpositions, type SpellChecker } from './spelling';
import { isBlockedSuggestion } from './suggestion-blocklist';
import { isBritishFormOf, rankSuggestions, slipCost } from './suggestion-rank';

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
    expect(words("a I NASA well-knwon 'quoted' poets’")).toEqual(['well', 'knwon', 'quoted', 'poets']);
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

describe('with the British English dictionary', () => {
  const decoder = new TextDecoder();
  const checker = createSpellChecker(decoder.decode(dictionary.aff), decoder.decode(dictionary.dic));

  it('finds real misspellings and suggests the fix', () => {
    const found = findMisspellings('The poet’s verse is beautifull and the **recieved** text is `sundry_code`.', checker);
    expect(found.map((m) => m.word)).toEqual(['beautifull', 'recieved']);
    expect(found[0]?.suggestions?.[0]).toBe('beautiful');
    expect(found[1]?.suggestions?.[0]).toBe('received');
    expect(findMisspellings('I saw teh moon', checker)[0]?.suggestions?.[0]).toBe('the');
  });

  it('accepts British spellings, including those the dictionary lacks, and flags American ones', () => {
    const british = 'The misspelt colour of the centre: organise, realise, travelling, grey, learnt, leant, gaol, foetus, whilst, programme, catalogue.';
    expect(findMisspellings(british, checker)).toEqual([]);
    const found = findMisspellings('The color of the center', checker);
    expect(found.map((m) => m.word)).toEqual(['color', 'center']);
    expect(found[0]?.suggestions?.[0]).toBe('colour');
    expect(found[1]?.suggestions?.[0]).toBe('centre');
  });

  it('offers the likeliest word first and never a vulgar one', () => {
    expect(suggestionsFor('wurd', checker)[0]).toBe('word');
    expect(suggestionsFor('Wurd', checker)[0]).toBe('Word');
    for (const typo of ['wurd', 'tird', 'shiit', 'crapp', 'pist', 'fuk', 'twit', 'fsrt', 'wanker', 'arce']) {
      expect(suggestionsFor(typo, checker).filter(isBlockedSuggestion), typo).toEqual([]);
    }
  });
});

describe('the suggestion blocklist', () => {
  it('blocks vulgar words and slurs in any case, not the words of an epic', () => {
    for (const word of ['turd', 'Turds', 'pissed', 'CRAPPY', 'wanker', 'arsehole']) expect(isBlockedSuggestion(word), word).toBe(true);
    for (const word of ['God', 'devil', 'damn', 'bastard', 'whore', 'ass', 'spices', 'spicy', 'poop', 'Hell', 'word'])
      expect(isBlockedSuggestion(word), word).toBe(false);
  });
});

describe('rankSuggestions', () => {
  it('puts likely slips first: a vowel for a vowel, a neighbouring key, a doubled letter; not a new first letter or a proper noun', () => {
    expect(rankSuggestions('wurd', ['curd', 'Kurd', 'word'])).toEqual(['word', 'curd', 'Kurd']);
    expect(rankSuggestions('beautifull', ['beautifully', 'beautiful'])).toEqual(['beautiful', 'beautifully']);
    expect(rankSuggestions('thw', ['tho', 'the'])).toEqual(['the', 'tho']);
    expect(slipCost('word', 'word')).toBe(0);
    expect(rankSuggestions('color', ['colon', 'colour'])).toEqual(['colour', 'colon']);
    expect(rankSuggestions('traveled', ['traveler', 'travelled'])).toEqual(['travelled', 'traveler']);
    expect(isBritishFormOf('organized', 'organised')).toBe(true);
    expect(isBritishFormOf('theater', 'theatre')).toBe(true);
    expect(isBritishFormOf('word', 'wourd')).toBe(false);
    expect(slipCost('teh', 'the')).toBeLessThan(slipCost('teh', 'ten'));
  });

  it('keeps the order it was given between equal costs', () => {
    expect(rankSuggestions('wurd', ['word', 'ward'])).toEqual(['word', 'ward']);
    expect(rankSuggestions('wurd', ['ward', 'word'])).toEqual(['ward', 'word']);
  });
});
