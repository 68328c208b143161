import { Link } from 'wouter';
import { site } from './site';
import { usePageTitle } from './use-page-title';

export function HomePage() {
  usePageTitle();
  return (
    <section className="prose welcome" aria-labelledby="welcome-heading">
      <h1 id="welcome-heading">Welcome to {site.name}</h1>
      <p>
        A quiet place to read the poem book by book, canto by canto and section by section, in
        its three editions, with translations, notes and commentary beside the lines.
      </p>
      <p>
        <Link href="/1/1/1" className="button button-primary">
          Start reading
        </Link>
      </p>
    </section>
  );
}
