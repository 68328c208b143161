export { deriveFields } from './derive.js';
export { hyphenateText } from './hyphenate.js';
export { toIpa } from './ipa.js';
export { markPronouns } from './pronouns.js';
export { lineSyllables, scan, syllableCount } from './scansion.js';
