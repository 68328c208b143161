import { readerRoutes } from '@epos/schemas/reader-routes';
import { lazyScreen } from '../../ui/lazy-screen';

/** The count statistics page's address (?from=&to=&lbl= hold the range). */
export const COUNTS_ROUTE = readerRoutes.counts.path;

// The page (and, later still, its charts) loads on demand: none of it is in the first download.
export const LazyStatsPage = lazyScreen('src/poem/stats/stats-page.tsx', () => import('./stats-page'));
