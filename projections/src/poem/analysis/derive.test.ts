import { describe, expect, it } from 'vitest';
import { deriveFields } from './derive.js';
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
