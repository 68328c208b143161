import type { BookTocEntry } from './api';

/** A book's table of contents: its second-level headings, each with the third-level ones under it. */
export interface TocItem {
  /** The heading's id in the book's HTML (link to `#hash`). */
  readonly hash: string;
  readonly text: string;
  readonly children: readonly TocItem[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function heading(value: unknown): { hash: string; text: string } | null {
  if (!isRecord(value) || typeof value.TagHash !== 'string' || value.TagHash.trim() === '') return null;
  const text = typeof value.TagText === 'string' && value.TagText.trim() !== '' ? value.TagText.trim() : value.TagHash;
  return { hash: value.TagHash, text };
}

/**
 * The contents from the answer's `InnerTags` (h2 entries with their `Innerhead3`), read loosely:
 * an entry without a hash is left out (and its third-level headings with it), a missing text
 * reads as its hash, and a hash seen before is not linked twice.
 */
export function tocOf(innerTags: readonly BookTocEntry[] | unknown): TocItem[] {
  if (!Array.isArray(innerTags)) return [];
  const seen = new Set<string>();
  const once = (h: { hash: string; text: string } | null) => {
    if (h === null || seen.has(h.hash)) return null;
    seen.add(h.hash);
    return h;
  };
  return innerTags.flatMap((entry): TocItem[] => {
    const top = once(heading(entry));
    if (top === null) return [];
    const inner = isRecord(entry) && Array.isArray(entry.Innerhead3) ? entry.Innerhead3 : [];
    const children = inner.flatMap((sub): TocItem[] => {
      const h = once(heading(sub));
      return h === null ? [] : [{ ...h, children: [] }];
    });
    return [{ ...top, children }];
  });
}

/** The link to a heading: `#` and its id, escaped as a URL fragment. */
export function tocHref(hash: string): string {
  return `#${encodeURIComponent(hash)}`;
}

/** How many headings the contents link (both levels). */
export function tocSize(items: readonly TocItem[]): number {
  return items.reduce((n, item) => n + 1 + item.children.length, 0);
}
