/**
 * Pronoun marking: every pronoun of the text wrapped in braces, case and all
 * other characters preserved ("When {he} rose, {his} eyes…").
 *
 * Marked always: personal (I me we us you he him she her it they them, thou
 * thee ye, 'em), possessive (my mine our ours your yours his her hers its
 * their theirs thy thine), reflexive (myself … themselves, thyself, ourself,
 * oneself), relative/interrogative (who whom whose which what and their -ever
 * / -soever forms). A pronoun before a contraction is marked alone:
 * "{he}'s", "{I}'ll", "{thou}'rt".
 *
 * Demonstratives (this that these those) are marked only when the next
 * non-space character on the line is punctuation or the line ends ("all
 * {that}, and more"), because telling "that man" from "that which" needs a
 * parser; "that" as a relative pronoun is therefore not marked either.
 * Determiner uses of what/which/whose and the noun "mine" are marked too.
 */

const PRONOUNS: ReadonlySet<string> = new Set([
  // personal
  'i',
  'me',
  'we',
  'us',
  'you',
  'he',
  'him',
  'she',
  'her',
  'it',
  'they',
  'them',
  'thou',
  'thee',
  'ye',
  // possessive
  'my',
  'mine',
  'our',
  'ours',
  'your',
  'yours',
  'his',
  'hers',
  'its',
  'their',
  'theirs',
  'thy',
  'thine',
  // reflexive
  'myself',
  'ourself',
  'ourselves',
  'yourself',
  'yourselves',
  'himself',
  'herself',
  'itself',
  'themselves',
  'themself',
  'thyself',
  'oneself',
  // relative / interrogative
  'who',
  'whom',
  'whose',
  'which',
  'what',
  'whoever',
  'whomever',
  'whatever',
  'whichever',
  'whosoever',
  'whomsoever',
  'whatsoever',
  'whoso',
  "whoe'er",
  "whate'er",
]);

const DEMONSTRATIVES: ReadonlySet<string> = new Set(['this', 'that', 'these', 'those']);

const CONTRACTION_TAILS: ReadonlySet<string> = new Set(['s', 'll', 'd', 've', 're', 'm', 'rt', 'lt', 'st']);

const WORD = /[\p{L}\p{M}]+(?:['\u2018\u2019\u02bc][\p{L}\p{M}]+)*/gu;
const APOSTROPHE = /['\u2018\u2019\u02bc]/;
const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;

function key(word: string): string {
  return word.replace(/[\u2018\u2019\u02bc]/g, "'").toLowerCase();
}

/** Whether only spaces/tabs and then punctuation or a line end follow `from`. */
function endsPhrase(text: string, from: number): boolean {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  const next = text[i];
  return next === undefined || next === '\n' || next === '\r' || !LETTER_OR_DIGIT.test(next);
}

/** `text` with each pronoun wrapped in `{ }`; see the module comment. */
export function markPronouns(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const start = match.index;
    const end = start + word.length;
    const lower = key(word);
    let from = -1;
    let to = -1;
    if (PRONOUNS.has(lower)) {
      from = start;
      to = end;
    } else if (lower === 'em' && start > 0 && APOSTROPHE.test(text[start - 1] ?? '') && !LETTER_OR_DIGIT.test(text[start - 2] ?? ' ')) {
      from = start - 1; // 'em = them
      to = end;
    } else if (DEMONSTRATIVES.has(lower) && endsPhrase(text, end)) {
      from = start;
      to = end;
    } else {
      const apostrophe = lower.indexOf("'");
      if (apostrophe > 0 && PRONOUNS.has(lower.slice(0, apostrophe)) && CONTRACTION_TAILS.has(lower.slice(apostrophe + 1))) {
        from = start;
        to = start + apostrophe;
      }
    }
    if (from < 0) continue;
    out += `${text.slice(last, from)}{${text.slice(from, to)}}`;
    last = to;
  }
  return out + text.slice(last);
}
