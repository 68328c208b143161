/**
 * Orders spelling suggestions by how likely the slip is. nspell lists the words one edit
 * away alphabetically ("wurd": turd, word, curd…); a writer more often hits a vowel for a
 * vowel, a neighbouring key, swaps two letters or doubles one, and rarely gets the first
 * letter wrong. The cost is a weighted edit distance (optimal string alignment); the
 * British form of an American spelling ("color" → "colour", "center" → "centre") comes first.
 */

const VOWELS = new Set('aeiouy');

const QWERTY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

/** Keys next to each other on a QWERTY keyboard, in the same row or the rows above and below. */
function neighbours(): Map<string, Set<string>> {
  const position = new Map<string, [number, number]>();
  QWERTY_ROWS.forEach((row, r) => Array.from(row).forEach((key, c) => position.set(key, [r, c + r * 0.5])));
  const out = new Map<string, Set<string>>();
  for (const [a, [ra, ca]] of position) {
    const near = new Set<string>();
    for (const [b, [rb, cb]] of position) if (a !== b && Math.abs(ra - rb) <= 1 && Math.abs(ca - cb) <= 1) near.add(b);
    out.set(a, near);
  }
  return out;
}

const NEAR = neighbours();

function substitutionCost(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWELS.has(a) && VOWELS.has(b)) return 0.6;
  if (NEAR.get(a)?.has(b)) return 0.7;
  return 1;
}

/** Inserting or dropping a letter next to the same letter ("beautifull") is the cheapest slip. */
function indelCost(chars: readonly string[], index: number): number {
  const c = chars[index];
  return c !== undefined && (chars[index - 1] === c || chars[index + 1] === c) ? 0.5 : 1;
}

/** American endings and their British forms: color, center, organize, analyze, catalog, defense, traveled. */
const AMERICAN_TO_BRITISH: readonly (readonly [RegExp, string])[] = [
  [/or(s|ed|ing|ful|ite|ites)?$/u, 'our$1'],
  [/([^aeiou])er(s|ed)?$/u, '$1re$2'],
  [/iz(e|es|ed|ing|ation|ations)$/u, 'is$1'],
  [/yz(e|es|ed|ing)$/u, 'ys$1'],
  [/og(s)?$/u, 'ogue$1'],
  [/ense(s)?$/u, 'ence$1'],
  [/([aeiou])l(ed|ing|er|ers)$/u, '$1ll$2'],
];

/** Whether `suggestion` is the British spelling of the American `typed`. */
export function isBritishFormOf(typed: string, suggestion: string): boolean {
  const word = typed.toLowerCase();
  const target = suggestion.toLowerCase();
  return AMERICAN_TO_BRITISH.some(([american, british]) => american.test(word) && word.replace(american, british) === target);
}

/** The weighted distance between what was typed and a suggestion, both lower-cased. */
export function slipCost(typed: string, suggestion: string): number {
  if (isBritishFormOf(typed, suggestion)) return 0.1;
  const a = Array.from(typed.toLowerCase());
  const b = Array.from(suggestion.toLowerCase());
  const d: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  const at = (i: number, j: number) => d[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) d[i]![0] = at(i - 1, 0) + indelCost(a, i - 1);
  for (let j = 1; j <= b.length; j++) d[0]![j] = at(0, j - 1) + indelCost(b, j - 1);
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const ai = a[i - 1]!;
      const bj = b[j - 1]!;
      let best = Math.min(at(i - 1, j) + indelCost(a, i - 1), at(i, j - 1) + indelCost(b, j - 1), at(i - 1, j - 1) + substitutionCost(ai, bj));
      if (i > 1 && j > 1 && ai === b[j - 2] && a[i - 2] === bj && ai !== bj) best = Math.min(best, at(i - 2, j - 2) + 0.6);
      d[i]![j] = best;
    }
  }
  let cost = at(a.length, b.length);
  if (a[0] !== b[0]) cost += 0.5;
  // A proper noun offered for a common word ("wurd" → "Kurd") is an unlikely fix.
  const typedLower = typed.charAt(0) === typed.charAt(0).toLowerCase();
  const suggestionUpper = suggestion.charAt(0) !== suggestion.charAt(0).toLowerCase();
  if (typedLower && suggestionUpper) cost += 0.3;
  return cost;
}

/** The suggestions, cheapest slip first; equal costs keep the order they came in. */
export function rankSuggestions(typed: string, suggestions: readonly string[]): string[] {
  return suggestions
    .map((suggestion, index) => ({ suggestion, index, cost: slipCost(typed, suggestion) }))
    .sort((x, y) => x.cost - y.cost || x.index - y.index)
    .map((s) => s.suggestion);
}
