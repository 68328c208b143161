import { describe, expect, it } from 'vitest';
import { baseForms, loadExceptionLists, parseExceptionList, type ExceptionList } from './morphology.js';

const none: ExceptionList = new Map();
const lemmas = (...known: string[]) => {
  const set = new Set(known);
  return (lemma: string) => set.has(lemma);
};

describe('parseExceptionList', () => {
  it('reads "inflected base [base…]" lines and skips blank or one-word lines', () => {
    const list = parseExceptionList('abode abide\nleaves leaf leave\n\nlonely\n  men man  \n');
    expect([...list]).toEqual([
      ['abode', ['abide']],
      ['leaves', ['leaf', 'leave']],
      ['men', ['man']],
    ]);
  });
});

describe('baseForms (WordNet morphy)', () => {
  it('keeps the word itself first when it is a lemma', () => {
    expect(baseForms('wandering', 'noun', none, lemmas('wandering'))).toEqual(['wandering']);
    expect(baseForms('hill', 'noun', none, lemmas('hill'))).toEqual(['hill']);
  });

  it.each([
    ['hills', 'hill'],
    ['glasses', 'glass'],
    ['boxes', 'box'],
    ['waltzes', 'waltz'],
    ['churches', 'church'],
    ['bushes', 'bush'],
    ['firemen', 'fireman'],
    ['ponies', 'pony'],
  ])('noun %s → %s', (word, lemma) => {
    expect(baseForms(word, 'noun', none, lemmas(lemma))).toEqual([lemma]);
  });

  it.each([
    ['kindled', 'kindle'],
    ['walked', 'walk'],
    ['wandering', 'wander'],
    ['making', 'make'],
    ['tries', 'try'],
    ['goes', 'go'],
    ['rises', 'rise'],
    ['sings', 'sing'],
  ])('verb %s → %s', (word, lemma) => {
    expect(baseForms(word, 'verb', none, lemmas(lemma))).toEqual([lemma]);
  });

  it.each([
    ['taller', 'tall'],
    ['tallest', 'tall'],
    ['nicer', 'nice'],
    ['nicest', 'nice'],
  ])('adjective %s → %s', (word, lemma) => {
    expect(baseForms(word, 'adj', none, lemmas(lemma))).toEqual([lemma]);
  });

  it('keeps every rule that gives a lemma, in rule order', () => {
    expect(baseForms('axes', 'noun', none, lemmas('axe', 'ax'))).toEqual(['axe', 'ax']);
    expect(baseForms('hoped', 'verb', none, lemmas('hope', 'hop'))).toEqual(['hope', 'hop']);
  });

  it('uses the exception list instead of the rules when the word is in it', () => {
    const exceptions = new Map([['leaves', ['leaf', 'leave']]]);
    expect(baseForms('leaves', 'noun', exceptions, lemmas('leaf', 'leave', 'leav'))).toEqual(['leaf', 'leave']);
    expect(baseForms('saw', 'verb', new Map([['saw', ['see']]]), lemmas('saw', 'see'))).toEqual(['saw', 'see']);
  });

  it('leaves nouns in -ss and words of two letters alone, and detaches before -ful', () => {
    expect(baseForms('glass', 'noun', none, lemmas('glas'))).toEqual([]);
    expect(baseForms('as', 'noun', none, lemmas('a'))).toEqual([]);
    expect(baseForms('boxesful', 'noun', none, lemmas('boxful'))).toEqual(['boxful']);
  });

  it('gives nothing for adverbs outside their exception list, and nothing unknown', () => {
    expect(baseForms('quickly', 'adv', none, lemmas('quick'))).toEqual([]);
    expect(baseForms('xyzzies', 'noun', none, lemmas())).toEqual([]);
  });
});

describe('the shipped exception lists', () => {
  it('hold WordNet irregular forms for each part of speech', async () => {
    const lists = await loadExceptionLists();
    expect(lists.noun.get('children')).toEqual(['child']);
    expect(lists.noun.get('men')).toEqual(['man']);
    expect(lists.verb.get('saw')).toEqual(['see']);
    expect(lists.verb.get('stopped')).toEqual(['stop']);
    expect(lists.adj.get('better')).toEqual(['good', 'well']);
    expect(lists.adv.get('best')).toEqual(['well']);
    expect(lists.noun.size).toBeGreaterThan(2000);
    expect(lists.verb.size).toBeGreaterThan(2000);
  });
});
