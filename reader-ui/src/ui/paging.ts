/** Paged lists (spec section 4): a page at a time, a load-more button until the last page. */

import type { ListPaging } from '@epos/schemas/blogs/responses';

/** The server's paging block: `Skip` is how many items come before this page. */
export type Paging = ListPaging;

/** One page of a paged list: its items in `bcontent`, with the page's header fields beside them. */
export type PagedAnswer<T> = {
  readonly bcontent: readonly T[];
  readonly Paging: Paging;
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether an answer is a page of a list (its items and a paging block), the shape a paged read expects. */
export function isPagedAnswer(body: unknown): boolean {
  const paging = isRecord(body) ? body.Paging : undefined;
  return (
    isRecord(body) && Array.isArray(body.bcontent) && isRecord(paging) && typeof paging.CurrentPage === 'number' && typeof paging.TotalPagesCount === 'number'
  );
}

/** Whether a later page exists: the load-more button shows until the last page. */
export function hasMorePages(paging: Paging | null | undefined): boolean {
  return paging != null && paging.CurrentPage < paging.TotalPagesCount;
}

/** The page after `paging`, or the first when nothing is loaded yet. */
export function nextPageNumber(paging: Paging | null | undefined): number {
  return paging == null ? 1 : Math.max(1, paging.CurrentPage + 1);
}

/**
 * The spec's toast when a later page arrives: "On page 2 of 5" (never "page 3 of 2"). The first
 * page is not announced, so a list of one page never says "On page 1 of 1"
 * (docs/decisions/blog-page-toasts.md): null.
 */
export function pageStatus(paging: Paging): string | null {
  const current = Math.max(1, paging.CurrentPage);
  if (current === 1) return null;
  return `On page ${current} of ${Math.max(current, paging.TotalPagesCount)}`;
}

/**
 * The list with a new page appended. A post published between two loads shifts the
 * pages, so an item already shown can come again: it is kept once, where it first was.
 */
export function appendPage<T>(shown: readonly T[], page: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set(shown.map(key));
  const added = page.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return [...shown, ...added];
}

/** A positive page number from a query value ("3" → 3); anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  if (value == null || !/^\d{1,6}$/.test(value)) return 1;
  return Math.max(1, Number(value));
}
