import { useEffect } from 'react';
import { pageTitle } from './site';

/** Sets document.title for the current page ("Not Found · Epos"). */
export function usePageTitle(page?: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
