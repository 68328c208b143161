/**
 * PostgreSQL's English stop words (`tsearch_data/english.stop`), which the English stemmer of
 * `public.epos_english` leaves out of every vector and every query: a query of these words only
 * would search for nothing in the poem, notes and posts. Every index answers such a query alike,
 * with `commonWordsOnly` (Typesense, which keeps stop words, would otherwise match half the site).
 */
const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having ' +
    'do does did doing a an the and but if or because as until while of at by for with about against between into through during ' +
    'before after above below to from up down in out on off over under again further then once here there when where why how all any ' +
    'both each few more most other some such no nor not only own same so than too very s t can will just don should now'
  ).split(' '),
);

/** Runs of letters and digits, as PostgreSQL's parser splits words ("don't" is "don" and "t"). */
const TOKEN = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a query as the English configuration compares them: lower case, accents removed (unaccent). */
function queryTokens(q: string): string[] {
  return [...q.matchAll(TOKEN)].map(([token]) => token.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()).filter((token) => token !== '');
}

/** Whether the query has words and every one is an English stop word ("the and of", "to be or not to be"). */
export function onlyCommonWords(q: string): boolean {
  const tokens = queryTokens(q);
  return tokens.length > 0 && tokens.every((token) => ENGLISH_STOP_WORDS.has(token));
}
