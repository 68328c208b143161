import { Link } from 'wouter';
import type { BacklinksAnswer } from '@epos/schemas/poem/responses';
import { getJson } from '../../ui/http';
import { useLoad } from '../../ui/use-load';

const kindNames: Record<BacklinksAnswer['links'][number]['kind'], [string, string]> = {
  post: ['post', 'posts'],
  comment: ['comment', 'comments'],
  page: ['library page', 'library pages'],
  book: ['book', 'books'],
};
const counted = (n: number, [one, many]: [string, string]) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** What links to a sentence with `||n||`: posts, comments, library pages and books, counted and listed (nothing shown while nothing does). */
export function LinkedFrom({ n }: { n: number }) {
  const loaded = useLoad(`backlinks:${n}`, (signal) => getJson<BacklinksAnswer>(`/api/poem/backlinks/${n}`, { signal }));
  if (!loaded?.ok || loaded.data.links.length === 0) return null;
  const { counts, links } = loaded.data;
  const summary = (Object.keys(kindNames) as (keyof typeof kindNames)[])
    .filter((kind) => counts[kind] > 0)
    .map((kind) => counted(counts[kind], kindNames[kind]))
    .join(', ');
  return (
    <section className="linked-from" aria-label={`Linked from, sentence ${n}`}>
      <h3 className="extra-label">Linked from: {summary}</h3>
      <ul>
        {links.map((link) => (
          <li key={`${link.kind}:${link.href}`}>
            <Link href={link.href}>{link.title}</Link> <span className="muted">· {kindNames[link.kind][0]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
