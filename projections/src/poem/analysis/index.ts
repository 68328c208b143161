export { deriveFields, type DerivedFields } from './derive.js';
export { hyphenateText, SYLLABLE_DOT } from './hyphenate.js';
export { toIpa } from './ipa.js';
export { FUNCTION_WORDS } from './lexicon.js';
export { markPronouns } from './pronouns.js';
export { lineSyllables, scan, syllableCount } from './scansion.js';
