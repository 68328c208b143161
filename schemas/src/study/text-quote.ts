import type { TextQuote } from './events.js';
import { QUOTE_CONTEXT_CHARS } from './vocabulary.js';

/** Characters [start, end) of a sentence's text (its lines joined by line breaks). */
export interface TextRange {
  start: number;
  end: number;
}

/** The W3C TextQuote (and TextPosition) of `range` in `text`: the reader's app sends it, the API keeps it. */
export function quoteOf(text: string, range: TextRange): TextQuote {
  return {
    exact: text.slice(range.start, range.end),
    prefix: text.slice(Math.max(0, range.start - QUOTE_CONTEXT_CHARS), range.start),
    suffix: text.slice(range.end, range.end + QUOTE_CONTEXT_CHARS),
    start: range.start,
    end: range.end,
  };
}
