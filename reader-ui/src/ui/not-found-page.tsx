import { NOT_FOUND } from './messages';
import { NotFound } from './not-found';
import { usePageTitle } from './use-page-title';

/** Any address the site has no page for. */
export function NotFoundPage() {
  usePageTitle(NOT_FOUND);
  return <NotFound message={NOT_FOUND} what="There is no page at this address." />;
}
