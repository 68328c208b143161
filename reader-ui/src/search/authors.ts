import type { PostSummary } from '@epos/schemas/blogs/responses';

export interface AuthorChoice {
  readonly id: string;
  readonly name: string;
}

/**
 * The authors to filter by: everyone who wrote one of the given posts (the blogs API lists posts
 * with their author, not authors), once each, by name; `chosen` is kept even when not among them.
 */
export function authorChoices(posts: readonly Pick<PostSummary, 'author' | 'authorId'>[], chosen: string | null): AuthorChoice[] {
  const byId = new Map<string, string>();
  for (const post of posts) if (!byId.has(post.authorId)) byId.set(post.authorId, post.author);
  if (chosen !== null && !byId.has(chosen)) byId.set(chosen, 'The chosen author');
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
