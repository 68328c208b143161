import { containing } from '@epos/platform/db/like';
import { sql, type Kysely } from 'kysely';
import type { BlogsReadModel } from './read-model.js';

export type BlogsDb = Kysely<BlogsReadModel>;

/** An ILIKE pattern matching text that contains `text` literally (its % _ and \\ escaped). */

const authorName = sql<string>`coalesce(authors.name, 'unknown')`.as('author');

/** Posts with their author's display name. */
export function postsWithAuthor(db: BlogsDb) {
  return db.selectFrom('posts').leftJoin('authors', 'authors.user_id', 'posts.author_id').selectAll('posts').select(authorName);
}

/** What lists show of a post (no markdown, HTML or working copy): see `postSummary`. */
const SUMMARY_COLUMNS = [
  'posts.post_id',
  'posts.url',
  'posts.title',
  'posts.subtitle',
  'posts.number',
  'posts.author_id',
  'posts.published_at',
  'posts.updated_at',
  'posts.excerpt',
  'posts.series_title',
  'posts.series_slug',
  'posts.comment_count',
  'posts.blog_id',
  'posts.status',
  'posts.publish_at',
] as const;

/** Posts with what lists show of them and their author's display name. */
export function postSummaries(db: BlogsDb) {
  return db.selectFrom('posts').leftJoin('authors', 'authors.user_id', 'posts.author_id').select(SUMMARY_COLUMNS).select(authorName);
}

export function findBlog(db: BlogsDb, blogId: string) {
  return db.selectFrom('blogs').selectAll().where('blog_id', '=', blogId).executeTakeFirst();
}

/**
 * A page of a blog's published posts by rank (1 is the oldest), newest or oldest first, with the
 * blog's title, description and count. One statement: the page is of one committed state, and no
 * row means the blog has no such page or does not exist.
 */
export function publishedPage(db: BlogsDb, blogId: string, offset: number, limit: number, order: 'newest' | 'oldest' = 'newest') {
  return postSummaries(db)
    .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
    .select(['blogs.title as blog_title', 'blogs.description as blog_description', 'blogs.published_count', 'blogs.archived as blog_archived'])
    .where('posts.blog_id', '=', blogId)
    .where('posts.status', '=', 'published')
    .where((eb) => {
      const count = eb.selectFrom('blogs').select('published_count').where('blog_id', '=', blogId);
      return order === 'newest'
        ? eb.between('posts.rank', eb(count, '-', offset + limit - 1), eb(count, '-', offset))
        : eb.between('posts.rank', offset + 1, offset + limit);
    })
    .orderBy('posts.rank', order === 'newest' ? 'desc' : 'asc');
}

/** A post of a blog by url with its HTML, its blog's title and its published neighbours (ranks either side: previous is older, next is newer), in one statement. */
export function postWithNeighbours(db: BlogsDb, blogId: string, url: string) {
  const neighbour = (step: -1 | 1, column: 'url' | 'title') =>
    db
      .selectFrom('posts as other')
      .select(`other.${column}`)
      .where('other.blog_id', '=', blogId)
      .where('other.status', '=', 'published')
      .where('other.rank', '=', sql<number>`posts.rank + ${step}`);
  return postSummaries(db)
    .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
    .select(['posts.html', 'blogs.title as blog_title', 'blogs.archived as blog_archived'])
    .select([
      neighbour(-1, 'url').as('previous_url'),
      neighbour(-1, 'title').as('previous_title'),
      neighbour(1, 'url').as('next_url'),
      neighbour(1, 'title').as('next_title'),
    ])
    .where('posts.blog_id', '=', blogId)
    .where('posts.url', '=', url)
    .executeTakeFirst();
}

/** Blogs the site lists with others (its index, recent posts, series, an author's archive): not the archived ones. */
export function listedBlogs(db: BlogsDb) {
  return db.selectFrom('blogs').where('blogs.archived', '=', false);
}

/** Series of a blog with their post counts, latest dates and authors. */
export function seriesOf(db: BlogsDb, blogIds: readonly string[], what = '') {
  let query = db
    .selectFrom('posts')
    .leftJoin('authors', 'authors.user_id', 'posts.author_id')
    .select([
      'posts.blog_id',
      'posts.series_slug',
      sql<string>`max(posts.series_title)`.as('series_title'),
      sql<number>`count(*)::int`.as('count'),
      sql<Date>`max(posts.published_at)`.as('last'),
      sql<string>`string_agg(distinct coalesce(authors.name, 'unknown'), ', ')`.as('authors'),
    ])
    .where('posts.status', '=', 'published')
    .where('posts.blog_id', 'in', blogIds)
    .groupBy(['posts.blog_id', 'posts.series_slug'])
    .orderBy('series_title');
  if (what) query = query.where('posts.series_title', 'ilike', containing(what));
  return query.execute();
}

/** When a blog first published a post (null: never) and how many posts it has published since `since`. */
export function publishingSince(db: BlogsDb, blogId: string, since: Date) {
  return db
    .selectFrom('posts')
    .select([sql<Date | null>`min(published_at)`.as('first'), sql<number>`(count(*) filter (where published_at >= ${since}))::int`.as('recent')])
    .where('blog_id', '=', blogId)
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
}

/** A blog's archive months, newest first, each with its timeline entry as JSON text (kept by the projection). */
export function archiveMonths(db: BlogsDb, blogId: string) {
  return db
    .selectFrom('archive_months')
    .select(['year', 'month', 'total', 'entry'])
    .where('blog_id', '=', blogId)
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .execute();
}
