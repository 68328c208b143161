import type { SearchDocument } from '@epos/schemas/search/documents';

/** Ids of `before` that `after` no longer has. */
export const gone = (before: readonly SearchDocument[], after: readonly SearchDocument[]) => {
  const kept = new Set(after.map((d) => d.id));
  return before.map((d) => d.id).filter((id) => !kept.has(id));
};

/** The documents of `after` that are new or differ from `before` (a renumbered neighbour's title, an edited text): the rest are not written again. */
export const changedOnly = (before: readonly SearchDocument[], after: readonly SearchDocument[]) => {
  const was = new Map(before.map((d) => [d.id, JSON.stringify(d)]));
  return after.filter((d) => was.get(d.id) !== JSON.stringify(d));
};
