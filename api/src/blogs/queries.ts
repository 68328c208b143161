import { sql, type Kysely } from 'kysely';
import type { BlogsReadModel } from '@epos/projections/blogs/read-model';

export type BlogsDb = Kysely<BlogsReadModel>;

/** An ILIKE pattern matching text that contains `text` literally (its % _ and \\ escaped). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Posts with their author's display name. */
export function postsWithAuthor(db: BlogsDb) {
  return db
    .selectFrom('posts')
    .leftJoin('authors', 'authors.user_id', 'posts.author_id')
    .selectAll('posts')
    .select(sql<string>`coalesce(authors.name, 'unknown')`.as('author'));
}

export function findBlog(db: BlogsDb, blogId: string) {
  return db.selectFrom('blogs').selectAll().where('blog_id', '=', blogId).executeTakeFirst();
}

/** A page of a blog's published posts, newest first: the page's ids from the index, then their rows. */
export function publishedPage(db: BlogsDb, blogId: string, offset: number, limit: number) {
  const ids = db
    .selectFrom('posts')
    .select('post_id')
    .where('blog_id', '=', blogId)
    .where('status', '=', 'published')
    .orderBy('published_at', 'desc')
    .orderBy('post_id', 'desc')
    .offset(offset)
    .limit(limit);
  return postsWithAuthor(db).where('posts.post_id', 'in', ids).orderBy('posts.published_at', 'desc').orderBy('posts.post_id', 'desc').execute();
}

/** The published neighbours of a post in its blog: previous is older, next is newer. */
export async function neighbours(db: BlogsDb, post: { blog_id: string; published_at: string | null; post_id: string }) {
  if (!post.published_at) return { previous: undefined, next: undefined };
  const base = () => db.selectFrom('posts').select(['url', 'title']).where('blog_id', '=', post.blog_id).where('status', '=', 'published');
  const at = post.published_at;
  const [previous, next] = await Promise.all([
    base()
      .where((eb) => eb(eb.refTuple('published_at', 'post_id'), '<', eb.tuple(at, post.post_id)))
      .orderBy('published_at', 'desc')
      .orderBy('post_id', 'desc')
      .limit(1)
      .executeTakeFirst(),
    base()
      .where((eb) => eb(eb.refTuple('published_at', 'post_id'), '>', eb.tuple(at, post.post_id)))
      .orderBy('published_at', 'asc')
      .orderBy('post_id', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { previous, next };
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

/** Published posts for an archive (a blog's or an author's), newest first, with only what the timeline shows. */
export async function archivePosts(db: BlogsDb, where: { blogId?: string; authorId?: string }) {
  let query = db.selectFrom('posts').select(['url', 'title', 'blog_id', 'published_at']).where('status', '=', 'published').orderBy('published_at', 'desc');
  if (where.blogId) query = query.where('blog_id', '=', where.blogId);
  if (where.authorId) query = query.where('author_id', '=', where.authorId);
  const [posts, blogs] = await Promise.all([query.execute(), db.selectFrom('blogs').select(['blog_id', 'title']).execute()]);
  const titles = new Map(blogs.map((b) => [b.blog_id, b.title]));
  return posts.map((p) => ({ url: p.url, title: p.title, blog_id: p.blog_id, blog_title: titles.get(p.blog_id) ?? '', published_at: p.published_at! }));
}
