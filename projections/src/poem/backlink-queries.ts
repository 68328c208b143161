import { sql, type Kysely } from 'kysely';
import type { BacklinkKind, BacklinksReadModel } from './backlinks-projection.js';

/** The most links a sentence's answer lists (its counts count them all). */
const MOST_LINKS = 200;

/**
 * What readers may see that links to sentence `n`: published posts, their shown comments (a
 * comment is seen while its post is), library pages and books, the latest changed first.
 */
export async function backlinksTo(db: Kysely<BacklinksReadModel>, n: number) {
  const seen = db
    .selectFrom('links as l')
    .innerJoin('sources as s', (join) => join.onRef('s.kind', '=', 'l.kind').onRef('s.source_id', '=', 'l.source_id'))
    .leftJoin('sources as p', (join) => join.on('p.kind', '=', 'post').onRef('p.source_id', '=', 's.post_id'))
    .where('l.n', '=', n)
    .where('s.visible', '=', true)
    .where((eb) => eb.or([eb('s.kind', '!=', 'comment'), eb('p.visible', '=', true)]));
  const [links, counts] = await Promise.all([
    seen
      .select([
        's.kind',
        's.title',
        sql<string>`case when s.kind = 'comment' then p.href || '#comment-' || s.source_id else s.href end`.as('href'),
        's.changed_at',
      ])
      .orderBy('s.changed_at', 'desc')
      .limit(MOST_LINKS)
      .execute(),
    seen
      .select(['s.kind', sql<number>`count(*)::int`.as('n')])
      .groupBy('s.kind')
      .execute(),
  ]);
  const byKind = (kind: BacklinkKind) => counts.find((c) => c.kind === kind)?.n ?? 0;
  return {
    counts: { post: byKind('post'), comment: byKind('comment'), page: byKind('page'), book: byKind('book') },
    links: links.map((l) => ({ kind: l.kind, title: l.title, href: l.href, at: new Date(l.changed_at).toISOString() })),
  };
}
