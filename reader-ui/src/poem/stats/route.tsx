import { lazy, Suspense } from 'react';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { Loading } from '../../ui/loading';

/** The count statistics page's address (?from=&to=&lbl= hold the range). */
export const COUNTS_ROUTE = readerRoutes.counts.path;

// The page (and, later still, its charts) loads on demand: none of it is in the first download.
const StatsPage = lazy(() => import('./stats-page'));

export function LazyStatsPage() {
  return (
    <Suspense fallback={<Loading />}>
      <StatsPage />
    </Suspense>
  );
}
