import type { SearchDocument, SearchScope } from '@epos/schemas/search/documents';

/** One autocomplete entry: matched by its lower-case `key`, shown as `label`. */
interface SuggestionTerm {
  key: string;
  label: string;
}

const VOCABULARY_SCOPES: ReadonlySet<SearchScope> = new Set(['first', 'centenary', 'revised']);
const TITLE_SCOPES: ReadonlySet<SearchScope> = new Set(['posts', 'pages', 'books']);
export const WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
/** Longer keys are noise (and a btree entry has a size limit). */
const MAX_KEY_LENGTH = 200;

/** What a document adds to autocomplete: the poem's words, post titles and page and book names. */
function suggestionTerms(document: Pick<SearchDocument, 'scope' | 'title' | 'text'>): SuggestionTerm[] {
  const terms = new Map<string, string>();
  if (VOCABULARY_SCOPES.has(document.scope)) {
    for (const [word] of document.text.matchAll(WORD)) {
      const key = suggestionKey(word);
      if (key.length > 1) terms.set(key, key);
    }
  } else if (TITLE_SCOPES.has(document.scope)) {
    const title = document.title.trim().replace(/\s+/g, ' ');
    if (title !== '') terms.set(suggestionKey(title), title);
  }
  return [...terms].filter(([key]) => key.length <= MAX_KEY_LENGTH).map(([key, label]) => ({ key, label }));
}

export function suggestionKey(text: string): string {
  return text.normalize('NFC').trim().toLowerCase();
}

export interface SuggestionChange extends SuggestionTerm {
  /** Documents gained (or lost, below 0). */
  by: number;
}

/**
 * How the autocomplete counts change when the documents `before` become `after` (removed documents
 * have no after): entries that change at all, in key order.
 */
export function suggestionChanges(
  before: readonly Pick<SearchDocument, 'scope' | 'title' | 'text'>[],
  after: readonly Pick<SearchDocument, 'scope' | 'title' | 'text'>[],
): SuggestionChange[] {
  const change = new Map<string, SuggestionChange>();
  const count = (documents: typeof before, by: number) => {
    for (const document of documents) {
      for (const { key, label } of suggestionTerms(document)) {
        const entry = change.get(key) ?? { key, label, by: 0 };
        entry.by += by;
        if (by > 0) entry.label = label;
        change.set(key, entry);
      }
    }
  };
  count(before, -1);
  count(after, 1);
  return [...change.values()].filter((c) => c.by !== 0).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
