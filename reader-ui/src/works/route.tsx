import { lazyScreen } from '../ui/lazy-screen';

/** The readers' works pages (/works, /works/{kind}, /works/by/{userId}), loaded on demand. */
export const LazyWorksPages = lazyScreen('src/works/works-pages.tsx', () => import('./works-pages'));
