import { Link } from 'wouter';
import { NOT_FOUND } from './messages';
import { usePageTitle } from './use-page-title';

export function NotFoundPage() {
  usePageTitle(NOT_FOUND);
  return (
    <section className="prose" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{NOT_FOUND}</h1>
      <p>There is no page at this address.</p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </section>
  );
}
