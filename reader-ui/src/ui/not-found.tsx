import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Problem } from './loading';
import { readerRoutes } from '@epos/schemas/reader-routes';
import { NOT_FOUND } from './messages';
import './not-found.css';

/** A link on from a page that was not found. */
export interface WayOn {
  readonly href: string;
  readonly label: string;
}

/** Where a reader can always go on to: the search, the poem's contents (on the home page) and the blogs. */
const commonWaysOn: readonly WayOn[] = [
  { href: readerRoutes.search.path, label: 'Search the site' },
  { href: '/', label: 'Home: the poem’s contents' },
  { href: '/blogs', label: 'The blogs' },
];

/**
 * A page that was not found: the spec's message as the heading (section 8), what was looked for
 * in a sentence, and the ways on: `ways` first (the nearest), then the common ones.
 */
export function NotFound({ message, what, ways = [] }: { message: string; what: ReactNode; ways?: readonly WayOn[] }) {
  const links = [...ways, ...commonWaysOn.filter((common) => !ways.some((way) => way.href === common.href))];
  return (
    <section className="prose not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{message}</h1>
      <p className="not-found-what">{what}</p>
      <nav aria-label="Ways on">
        <ul className="not-found-ways">
          {links.map((way) => (
            <li key={way.href}>
              <Link href={way.href}>{way.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/**
 * A failed read: a 404 says what was not found and offers the ways on, and so does a 400 (an address
 * the API refuses to read, as `/user/nobody` where an id is due: nothing is there either); any other
 * failure shows its message.
 */
export function ReadFailure({
  failure,
  what,
  ways,
}: {
  failure: { readonly status: number; readonly message: string };
  what: ReactNode;
  ways?: readonly WayOn[];
}) {
  if (failure.status === 404) return <NotFound message={failure.message} what={what} ways={ways ?? []} />;
  if (failure.status === 400) return <NotFound message={NOT_FOUND} what={what} ways={ways ?? []} />;
  return <Problem message={failure.message} />;
}
