import { sql, type Kysely } from 'kysely';
import type { BlogsReadModel } from './read-model.js';

export interface ArchivePost {
  url: string;
  title: string;
  blog_id: string;
  blog_title: string;
  published_at: string | Date;
}
type Day = { date: string; postdetails: { postslug: string; posttitle: string; postBlogSlug: string; postBlog: string }[] };
type ArchiveMonth = { monthname: string; totalposts: number; postdate: Day[] };
export type ArchiveYear = { year: number; totalposts: number; monthtimeline: ArchiveMonth[] };

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The spec's Archive timeline: years, then months, then days (UTC), newest first (posts arrive newest first). */
export function archiveTimeline(posts: readonly ArchivePost[]): ArchiveYear[] {
  const years: ArchiveYear[] = [];
  for (const post of posts) {
    const date = new Date(post.published_at).toISOString().slice(0, 10);
    const yearNumber = Number(date.slice(0, 4));
    const monthname = MONTHS[Number(date.slice(5, 7)) - 1]!;
    let year = years.at(-1);
    if (year?.year !== yearNumber) years.push((year = { year: yearNumber, totalposts: 0, monthtimeline: [] }));
    let month = year.monthtimeline.at(-1);
    if (month?.monthname !== monthname) year.monthtimeline.push((month = { monthname, totalposts: 0, postdate: [] }));
    let day = month.postdate.at(-1);
    if (day?.date !== date) month.postdate.push((day = { date, postdetails: [] }));
    day.postdetails.push({ postslug: post.url, posttitle: post.title, postBlogSlug: post.blog_id, postBlog: post.blog_title });
    year.totalposts += 1;
    month.totalposts += 1;
  }
  return years;
}

/** A month of a blog's archive: `month` is 1-12, in UTC. */
export interface MonthOfBlog {
  blogId: string;
  year: number;
  month: number;
}

export function monthOf(blogId: string, at: string | Date): MonthOfBlog {
  const date = new Date(at);
  return { blogId, year: date.getUTCFullYear(), month: date.getUTCMonth() + 1 };
}

/** The first moment of a month (0-based) as PostgreSQL reads it; after December 9999, which it cannot write, 'infinity'. */
const monthStart = (year: number, month: number): string => {
  const start = new Date(Date.UTC(year, month, 1));
  return start.getUTCFullYear() > 9999 ? 'infinity' : start.toISOString();
};

/** Published posts with what the archive timeline shows, newest first: of one blog or author (in blogs not archived), in one month. */
export async function archivePosts(db: Kysely<BlogsReadModel>, only: { blogId?: string; authorId?: string; month?: { year: number; month: number } }) {
  const { blogId, authorId, month } = only;
  const posts = await db
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
    .select(['posts.url', 'posts.title', 'posts.blog_id', 'blogs.title as blog_title', 'posts.published_at'])
    .where('posts.status', '=', 'published')
    .$if(blogId !== undefined, (q) => q.where('posts.blog_id', '=', blogId!))
    // An author's posts span blogs: the archived ones are left out, as from every list across blogs.
    .$if(authorId !== undefined, (q) => q.where('posts.author_id', '=', authorId!).where('blogs.archived', '=', false))
    .$if(month !== undefined, (q) =>
      q.where('posts.published_at', '>=', monthStart(month!.year, month!.month - 1)).where('posts.published_at', '<', monthStart(month!.year, month!.month)),
    )
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.post_id', 'desc')
    .execute();
  return posts.map((p) => ({ ...p, published_at: p.published_at! }));
}

/**
 * Renders again the given months of blogs' archives (`archive_months`, one row per month with
 * posts, its timeline entry as JSON text), so the archive is read without rebuilding all of it.
 */
export async function refreshArchiveMonths(db: Kysely<BlogsReadModel>, months: Iterable<MonthOfBlog>): Promise<void> {
  const distinct = new Map([...months].map((m) => [`${m.blogId}/${m.year}/${m.month}`, m]));
  for (const { blogId, year, month } of distinct.values()) {
    const entry = archiveTimeline(await archivePosts(db, { blogId, month: { year, month } }))[0]?.monthtimeline[0];
    if (!entry) {
      await db.deleteFrom('archive_months').where('blog_id', '=', blogId).where('year', '=', year).where('month', '=', month).execute();
      continue;
    }
    const row = { total: entry.totalposts, entry: JSON.stringify(entry) };
    await db
      .insertInto('archive_months')
      .values({ blog_id: blogId, year, month, ...row })
      .onConflict((oc) => oc.columns(['blog_id', 'year', 'month']).doUpdateSet(row))
      .execute();
  }
}

/** Where posts stand (before or after a batch): their blog, and their publication date if published. */
export async function placesOf(
  db: Kysely<BlogsReadModel>,
  postIds: readonly string[],
): Promise<{ post_id: string; blog_id: string; published_at: string | null }[]> {
  if (postIds.length === 0) return [];
  return db
    .selectFrom('posts')
    .select(['post_id', 'blog_id', sql<string | null>`case when status = 'published' then published_at end`.as('published_at')])
    .where('post_id', 'in', postIds)
    .execute();
}
