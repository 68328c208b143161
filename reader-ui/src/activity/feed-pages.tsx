import { useEffect, useState } from 'react';
import { GENERIC_ERROR } from '../ui/messages';
import type { Result } from '../ui/http';
import { useToast } from '../ui/toast';

type Paged<T> =
  | { readonly status: 'loading' }
  | { readonly status: 'failed' }
  | { readonly status: 'ready'; readonly items: readonly T[]; readonly page: number; readonly pages: number };

type FetchPage<T> = (page: number, signal: AbortSignal) => Promise<Result<{ items: T[]; page: number; pages: number }>>;

/**
 * A paged list: its first page loaded once the page opens (given up if it closes first), and
 * `loadMore` appending the next through `merge` (a failure is toasted, the list kept).
 */
export function useFeedPages<T>(fetchPage: FetchPage<T>, merge: (shown: readonly T[], page: readonly T[]) => readonly T[]) {
  const [list, setList] = useState<Paged<T>>({ status: 'loading' });
  const [loadingMore, setLoadingMore] = useState(false);
  const toast = useToast();

  useEffect(() => {
    const controller = new AbortController();
    fetchPage(1, controller.signal).then(
      (answer) => setList(answer.ok ? { status: 'ready', items: answer.data.items, page: answer.data.page, pages: answer.data.pages } : { status: 'failed' }),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  const loadMore = () => {
    if (list.status !== 'ready' || loadingMore) return;
    setLoadingMore(true);
    void fetchPage(list.page + 1, new AbortController().signal).then((answer) => {
      setLoadingMore(false);
      if (!answer.ok) {
        toast(GENERIC_ERROR, 'error');
        return;
      }
      setList((s) =>
        s.status === 'ready' ? { status: 'ready', items: merge(s.items, answer.data.items), page: answer.data.page, pages: answer.data.pages } : s,
      );
    });
  };

  return { list, setList, loadingMore, loadMore };
}

/** "Load more" under a list with pages left. */
export function LoadMore<T>({ list, loadingMore, loadMore }: { list: Paged<T>; loadingMore: boolean; loadMore: () => void }) {
  if (list.status !== 'ready' || list.page >= list.pages) return null;
  return (
    <button type="button" className="button" disabled={loadingMore} onClick={loadMore}>
      Load more
    </button>
  );
}
