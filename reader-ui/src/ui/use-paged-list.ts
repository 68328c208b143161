import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Result } from './http';
import { appendPage, hasMorePages, nextPageNumber, pageStatus, type PagedAnswer, type Paging } from './paging';
import { useToast } from './toast';
import { useHydrated } from './use-hydrated';

interface PagedState<A extends PagedAnswer<T>, T> {
  readonly key: string;
  /** The first page's answer: its header fields (title, description…). */
  readonly first: A;
  readonly items: readonly T[];
  readonly paging: Paging;
}

export type PagedList<A extends PagedAnswer<T>, T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly failure: { readonly status: number; readonly message: string } }
  | {
      readonly status: 'ready';
      readonly header: A;
      readonly items: readonly T[];
      readonly paging: Paging;
      readonly more: boolean;
      readonly loadingMore: boolean;
      readonly loadMore: () => void;
    };

/**
 * A paged list (spec section 4): the first page for `key`, then the next one each time
 * loadMore runs, until the last. Each later page that arrives is announced "On page X of Y"
 * (unless `announce` is false: a secondary list beside a page's main one); the first is not.
 * After a load-more, keyboard focus moves to the first new item's link in `listRef`
 * (its `<li>` or `<tr>` children), so the reader carries on where the new items start.
 * `served` gives the first page the server rendered this page from (as `useLoad`'s does).
 */
export function usePagedList<A extends PagedAnswer<T>, T>(
  key: string,
  load: (page: number, signal: AbortSignal) => Promise<Result<A>>,
  itemKey: (item: T) => string,
  listRef: RefObject<HTMLElement | null>,
  { announce = true, served }: { readonly announce?: boolean; readonly served?: () => A | undefined } = {},
): PagedList<A, T> {
  const toast = useToast();
  const hydrated = useHydrated();
  const [state, setState] = useState<PagedState<A, T> | null>(() => {
    const first = hydrated ? undefined : served?.();
    return first === undefined ? null : firstPage(key, first);
  });
  const [failure, setFailure] = useState<{ key: string; status: number; message: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const loadRef = useRef(load);
  const itemKeyRef = useRef(itemKey);
  const moreController = useRef<AbortController | null>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    loadRef.current = load;
    itemKeyRef.current = itemKey;
  });

  useEffect(() => {
    const controller = new AbortController();
    setLoadingMore(false);
    loadRef.current(1, controller.signal).then(
      (result) => {
        if (!result.ok) {
          setFailure({ key, status: result.status, message: result.message });
          return;
        }
        setState(firstPage(key, result.data));
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      moreController.current?.abort();
      moreController.current = null;
    };
  }, [key]);

  const current = state?.key === key ? state : null;

  const loadMore = useCallback(() => {
    if (current === null || moreController.current !== null || !hasMorePages(current.paging)) return;
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    focusFrom.current = current.items.length;
    const page = nextPageNumber(current.paging);
    loadRef.current(page, controller.signal).then(
      (result) => {
        moreController.current = null;
        setLoadingMore(false);
        if (!result.ok) {
          focusFrom.current = null;
          if (result.status === 404) {
            // the list got shorter since the first page: there is no more
            setState((s) => (s === null || s.key !== key ? s : { ...s, paging: { ...s.paging, TotalPagesCount: s.paging.CurrentPage } }));
            toast(result.message);
          } else {
            toast(result.message, 'error');
          }
          return;
        }
        setState((s) =>
          s === null || s.key !== key ? s : { ...s, items: appendPage(s.items, result.data.bcontent ?? [], itemKeyRef.current), paging: result.data.Paging },
        );
        const status = pageStatus(result.data.Paging);
        if (announce && status !== null) toast(status);
      },
      () => {
        moreController.current = null;
      },
    );
  }, [current, key, toast, announce]);

  const count = current?.items.length ?? 0;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || count <= from) return;
    focusFrom.current = null;
    const item = listRef.current?.querySelectorAll(':scope > li, :scope > tr')[from];
    item?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [count, listRef]);

  if (current !== null) {
    return {
      status: 'ready',
      header: current.first,
      items: current.items,
      paging: current.paging,
      more: hasMorePages(current.paging),
      loadingMore,
      loadMore,
    };
  }
  if (failure?.key === key) return { status: 'failed', failure: { status: failure.status, message: failure.message } };
  return { status: 'loading' };
}

function firstPage<A extends PagedAnswer<T>, T>(key: string, first: A): PagedState<A, T> {
  return { key, first, items: first.bcontent ?? [], paging: first.Paging };
}
