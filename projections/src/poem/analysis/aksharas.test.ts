import { describe, expect, it } from 'vitest';
import { aksharaCount, hasIndicLetter } from './aksharas.js';

describe('aksharas', () => {
  it.each([
    ['तपःस्वाध्यायनिरतं', 8, 'conjuncts join the next vowel; visarga and anusvara add none'],
    ['वरम्', 2, 'a final halant consonant adds none'],
    ['कोऽनसूयकः', 5, 'avagraha (the elided a) adds none'],
    ['आइए', 3, 'independent vowels'],
    ['हँसी', 2, 'chandrabindu adds none'],
    ['क़लम', 3, 'a nukta consonant'],
    ['ज़्या', 1, 'a nukta consonant under virama'],
    ['क्\u200dष', 1, 'an explicit half form (virama + zero-width joiner)'],
    ['ॐ', 1, 'om'],
    ['ଲକ୍ଷ୍ମୀ', 2, 'Odia'],
    ['ବିଷ୍ଣୁଙ୍କ', 3, 'Odia, inherent final vowel'],
    ['বৎসর', 3, 'Bengali khanda ta is a dead consonant'],
    ['അവൻ', 2, 'a Malayalam chillu is a dead consonant'],
    ['தமிழ்', 2, 'Tamil pulli'],
    ['ಕನ್ನಡ', 3, 'Kannada'],
    ['ગુજરાતી', 4, 'Gujarati'],
    ['සිංහල', 3, 'Sinhala'],
  ])('%s has %i (%s)', (word, aksharas) => {
    expect(aksharaCount(word)).toBe(aksharas);
  });

  it('counts no other script, and no digits or dandas', () => {
    expect(aksharaCount('Rama ॥१-१-१॥ 帝')).toBe(0);
    expect(hasIndicLetter('Rama ॥१-१-१॥')).toBe(false);
    expect(hasIndicLetter('Rama राम')).toBe(true);
  });
});
