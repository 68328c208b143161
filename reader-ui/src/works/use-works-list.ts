import { useCallback, useEffect, useState } from 'react';
import { serverSaid, type Result } from '../ui/http';
import type { WorkItem } from './api';

interface Paging {
  readonly CurrentPage: number;
  readonly TotalPagesCount: number;
}

export type WorksList =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | {
      readonly status: 'ready';
      readonly items: readonly WorkItem[];
      readonly total: number;
      readonly more: boolean;
      readonly loadingMore: boolean;
      readonly loadMore: () => void;
      readonly reload: () => void;
    };

/**
 * A paged list of works for `key`: the first page, then the next each time loadMore runs (the spec's
 * load-more). `reload()` reads the first page again (after a write of the reader's: `load` names its position).
 */
export function useWorksList<A extends { Paging: Paging; total?: number }>(
  key: string,
  load: (page: number, signal: AbortSignal) => Promise<Result<A>>,
  itemsOf: (answer: A) => readonly WorkItem[],
  totalOf: (answer: A) => number,
): WorksList {
  const [state, setState] = useState<{ key: string; items: readonly WorkItem[]; paging: Paging; total: number } | { key: string; failed: string } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    load(1, controller.signal).then(
      (answer) =>
        setState(
          answer.ok ? { key, items: itemsOf(answer.data), paging: answer.data.Paging, total: totalOf(answer.data) } : { key, failed: serverSaid(answer) },
        ),
      () => undefined,
    );
    return () => controller.abort();
    // `load` and the readers of the answer are read when the key (or a reload) changes.
  }, [key, generation]);

  const current = state !== null && state.key === key ? state : null;
  const loadMore = useCallback(() => {
    if (current === null || 'failed' in current || loadingMore || current.paging.CurrentPage >= current.paging.TotalPagesCount) return;
    setLoadingMore(true);
    const controller = new AbortController();
    void load(current.paging.CurrentPage + 1, controller.signal).then(
      (answer) => {
        setLoadingMore(false);
        if (!answer.ok) return;
        setState((s) =>
          s === null || 'failed' in s || s.key !== key
            ? s
            : {
                ...s,
                items: [...s.items, ...itemsOf(answer.data).filter((w) => !s.items.some((old) => old.id === w.id))],
                paging: answer.data.Paging,
                total: totalOf(answer.data),
              },
        );
      },
      () => setLoadingMore(false),
    );
  }, [current, loadingMore, key]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);

  if (current === null) return { status: 'loading' };
  if ('failed' in current) return { status: 'failed', message: current.failed };
  return {
    status: 'ready',
    items: current.items,
    total: current.total,
    more: current.paging.CurrentPage < current.paging.TotalPagesCount,
    loadingMore,
    loadMore,
    reload,
  };
}
