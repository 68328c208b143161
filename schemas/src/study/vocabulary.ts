/**
 * The study vocabulary without zod (the reader's app imports it at run time: see
 * scripts/checks/layering.test.ts); events.ts builds its schemas from it.
 */

/** Highlight colours; each also has a name the reader sees and hears, so colour is never the only cue. */
export const highlightColours = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type HighlightColour = (typeof highlightColours)[number];
/** How the words are marked: a fill behind them, or a line under them (straight or wavy). */
export const highlightStyles = ['fill', 'underline', 'wavy'] as const;
export type HighlightStyle = (typeof highlightStyles)[number];
/** The words around a quote the W3C TextQuoteSelector keeps to tell equal quotes apart. */
export const QUOTE_CONTEXT_CHARS = 32;
/** The longest name of a collection of bookmarks. */
export const COLLECTION_NAME_MAX = 80;
/** A line is shown among a canto's most highlighted once this many readers who share their counts marked it. */
export const MOST_HIGHLIGHTED_MIN_READERS = 5;
/** The longest reading plan: ten years of days. */
export const MAX_PLAN_DAYS = 3_660;
