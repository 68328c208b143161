/**
 * What the counts are: computed by rule from the text, as the reader marks computed scansion and
 * IPA (docs/decisions/counting-by-script.md). One wording for the page and the inline counts.
 */

/** The mark beside counts shown inline (their "per line" link leads to the rules). */
export const COMPUTED_BY_RULE = 'computed by rule';

/** The rules, a sentence for each count. */
const COUNT_RULES =
  'Syllables: Devanagari, Odia, Bengali and other Indic scripts by akshara; Chinese, one a character; English from the CMU Pronouncing Dictionary, other words estimated from their spelling. ' +
  'Words: each Chinese character is one; verse numbers and punctuation are none. ' +
  'Characters: a letter with its vowel signs, virama or accents is one.';

export function CountRules() {
  return (
    <p className="count-rules muted" data-testid="count-rules">
      <strong>Counted by rule</strong>, not by hand. {COUNT_RULES}
    </p>
  );
}
