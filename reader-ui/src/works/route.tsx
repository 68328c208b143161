import { lazy, Suspense } from 'react';
import { Loading } from '../ui/loading';

/** The readers' works pages (/works, /works/{kind}, /works/by/{userId}), loaded on demand. */
const WorksRoutes = lazy(() => import('./works-pages'));

export function LazyWorksPages() {
  return (
    <Suspense fallback={<Loading />}>
      <WorksRoutes />
    </Suspense>
  );
}
