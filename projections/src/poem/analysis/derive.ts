/**
 * Derived fields of one sentence of the poem, computed when the import did
 * not supply them. Pure and synchronous; lookup tables are built at module
 * load and per-word results are memoised.
 */
import { hyphenateText } from './hyphenate.js';
import { toIpa } from './ipa.js';
import { markPronouns } from './pronouns.js';
import { scan } from './scansion.js';

export interface DerivedFields {
  /** Stress marks per verse line (see scan). */
  readonly scansion: string;
  /** Broad British (RP) IPA per verse line (see toIpa). */
  readonly ipa: string;
  /** The text with `·` at syllable breaks (see hyphenateText). */
  readonly hyphenated: string;
  /** The text with pronouns in `{ }` (see markPronouns). */
  readonly pronouns: string;
}

/** Derived fields of a sentence given as its verse lines (joined with "\n"). */
export function deriveFields(lines: readonly string[]): DerivedFields {
  const text = lines.join('\n');
  return {
    scansion: scan(text),
    ipa: toIpa(text),
    hyphenated: hyphenateText(text),
    pronouns: markPronouns(text),
  };
}
