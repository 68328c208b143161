/** The attribute SentenceView puts on each fragment of a sentence's verse (`data-fragment="{sentence}:{fragment}"`), where highlights are painted. */
export const FRAGMENT_ATTRIBUTE = 'data-fragment';
export const fragmentKey = (n: number, fragment: number): string => `${n}:${fragment}`;
