import { describe, expect, it } from 'vitest';
import { emptySentence } from '@epos/domain/poem/sentence-state';
import { deriveFields } from './derive.js';
import { derive } from './derive-sentence.js';
import * as analysis from './index.js';

describe('deriveFields', () => {
  it('joins verse lines with "\\n" and derives every field', () => {
    expect(deriveFields(['When he rose upon the hills,', 'the morning came.'])).toEqual({
      scansion: 'x x / x/ x /\nx /x /',
      ipa: 'wɛn hi ˈrəʊz əˈpɒn ðə ˈhɪlz\nðə ˈmɔːnɪŋ ˈkeɪm',
      hyphenated: 'When he rose up·on the hills,\nthe morn·ing came.',
      pronouns: 'When {he} rose upon the hills,\nthe morning came.',
    });
  });

  it('handles an empty sentence', () => {
    expect(deriveFields([])).toEqual({ scansion: '', ipa: '', hyphenated: '', pronouns: '' });
    expect(deriveFields(['', ''])).toEqual({ scansion: '\n', ipa: '\n', hyphenated: '\n', pronouns: '\n' });
  });

  it('is exported with the other public functions', () => {
    expect(typeof analysis.deriveFields).toBe('function');
    expect(typeof analysis.toIpa).toBe('function');
    expect(typeof analysis.scan).toBe('function');
    expect(typeof analysis.syllableCount).toBe('function');
    expect(typeof analysis.lineSyllables).toBe('function');
    expect(typeof analysis.hyphenateText).toBe('function');
    expect(typeof analysis.markPronouns).toBe('function');
  });
});

describe('derive (the fields a sentence does not carry)', () => {
  const sentence = (first: string[], fields = {}) => ({ ...emptySentence(1), text: { first }, fields });

  it('computes what the sentence lacks from its first edition', () => {
    expect(derive(sentence(['When he rose upon the hills,'], { ipa: 'given' }))).toEqual({
      scansion: 'x x / x/ x /',
      hyphenated: 'When he rose up·on the hills,',
      pronouns: 'When {he} rose upon the hills,',
    });
  });

  it('computes nothing for verse in Devanagari, Odia or Chinese: the rules are English ones (Rāmāyaṇa I.1.1)', () => {
    expect(derive(sentence(['तपःस्वाध्यायनिरतं तपस्वी वाग्विदां वरम् ।', 'नारदं परिपप्रच्छ वाल्मीकिर्मुनिपुङ्गवम् ॥१-१-१॥']))).toEqual({});
    expect(derive(sentence(['帝高阳之苗裔兮，朕皇考曰伯庸。']))).toEqual({});
  });
});
