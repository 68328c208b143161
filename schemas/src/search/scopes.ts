/**
 * The scope tabs of search (`t`): the poem per edition, translations, notes (mother note, author
 * note, reason), commentary layers, blog posts and their comments, and the library's pages and books
 * (issue 19). Adding a kind of document is one scope here and one mapping in the search projection.
 * Free of zod, so the reader app can read a `t` without bundling it.
 */
export const searchScopes = ['first', 'centenary', 'revised', 'translations', 'notes', 'commentary', 'posts', 'comments', 'pages', 'books'] as const;
export type SearchScope = (typeof searchScopes)[number];

/** The spec calls the posts tab 'post' (`t=post`): both names choose the same scope. */
export const scopeAliases = { post: 'posts' } as const satisfies Readonly<Record<string, SearchScope>>;

/** The scope a `t` value names (a scope or an alias of one), or null. */
export function scopeNamed(value: string | null | undefined): SearchScope | null {
  if (value === null || value === undefined) return null;
  if ((searchScopes as readonly string[]).includes(value)) return value as SearchScope;
  return (scopeAliases as Readonly<Record<string, SearchScope>>)[value] ?? null;
}
