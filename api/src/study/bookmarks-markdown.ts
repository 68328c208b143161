import type { Bookmark, Collection } from '@epos/schemas';
import { sentenceHref } from '@epos/schemas/poem/sentence-references';
import { counted, day, sectionHeading } from './markdown-parts.js';

export interface BookmarksFile {
  poemTitle: string;
  /** The site's public address, without a trailing slash: links in the file are absolute. */
  site: string;
  collections: readonly Collection[];
  /** In the order My study shows them. */
  bookmarks: readonly Bookmark[];
  at: Date;
}

export const BOOKMARKS_FILE_NAME = 'my-bookmarks.md';

function item(b: Bookmark, site: string): string {
  if (b.sentence === null) return `- A sentence no longer in the poem · added ${day(b.addedAt)}`;
  return `- [Sentence ${b.sentence}](${site}${sentenceHref(b.sentence)}) · ${sectionHeading(b.where)} · added ${day(b.addedAt)}: “${b.excerpt}”`;
}

/** The reader's bookmarks as one markdown file: a heading per collection ("Bookmarks" first), in My study's order within each. */
export function bookmarksMarkdown({ poemTitle, site, collections, bookmarks, at }: BookmarksFile): string {
  const lines = [`# My bookmarks in ${poemTitle}`, '', `${counted(bookmarks.length, 'bookmark', 'bookmarks')}, as of ${day(at)}.`];
  for (const { collectionId, name } of [{ collectionId: null, name: 'Bookmarks' }, ...collections]) {
    const kept = bookmarks.filter((b) => b.collectionId === collectionId);
    if (kept.length > 0) lines.push('', `## ${name}`, '', ...kept.map((b) => item(b, site)));
  }
  return `${lines.join('\n')}\n`;
}
