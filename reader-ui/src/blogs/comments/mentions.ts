/**
 * @mentions in a comment (spec section 9: 5 suggestions): typing "@" and letters asks
 * the server for people to mention; choosing one writes "@Full Name" and records the
 * user in the comment's pings.
 */

export const MAX_SUGGESTIONS = 5;

/** The "@query" the caret is at: where its "@" is and the letters typed after it. */
export interface MentionMatch {
  readonly start: number;
  readonly query: string;
}

// "@" at the start or after a space or an opening bracket, then letters (any script) up to the caret.
const MENTION_BEFORE_CARET = /(?:^|[\s([{])@([\p{L}\p{M}]+)$/u;

/** The mention being typed at the caret, or null: "@" + at least one letter, right before the caret. */
export function mentionQuery(text: string, caret: number): MentionMatch | null {
  if (caret < 2 || caret > text.length) return null;
  const before = text.slice(0, caret);
  const match = MENTION_BEFORE_CARET.exec(before);
  if (!match || match[1] === undefined) return null;
  // a letter right after the caret means the caret is inside a word: wait for the end
  if (/^[\p{L}\p{M}]/u.test(text.slice(caret))) return null;
  return { start: caret - match[1].length - 1, query: match[1] };
}

/** The text with "@query" replaced by "@Full Name " and where the caret goes next. */
export function insertMention(text: string, caret: number, match: MentionMatch, fullname: string): { text: string; caret: number } {
  const inserted = `@${fullname} `;
  const after = text.slice(caret).replace(/^ /, '');
  return { text: `${text.slice(0, match.start)}${inserted}${after}`, caret: match.start + inserted.length };
}

/** The ids of the people still mentioned by "@Full Name" in the text: the comment's pings. */
export function pingsInText(text: string, people: Readonly<Record<string, string>>): string[] {
  return Object.entries(people)
    .filter(([, fullname]) => fullname !== '' && text.includes(`@${fullname}`))
    .map(([id]) => id);
}

/** At most MAX_SUGGESTIONS suggestions, each person once. */
export function limitSuggestions<T extends { readonly id: string }>(people: readonly T[]): T[] {
  const seen = new Set<string>();
  return people.filter((p) => !seen.has(p.id) && seen.add(p.id)).slice(0, MAX_SUGGESTIONS);
}
