/** Words that name blog pages, so no post may take them as its url. */
export const RESERVED_POST_URLS: ReadonlySet<string> = new Set(['new', 'scheduled', 'draft', 'series', 'archive', 'toc', 'feed', 'editpost', 'recent']);

/** A readable slug: "Savitri's Yoga, Book 1" → "savitris-yoga-book-1". Empty input gives "". */
export function slugify(text: string, maxLength = 80): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, maxLength)
    .replace(/^-+|-+$/g, '');
}
