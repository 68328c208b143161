import type { BlogsReadModel } from '@epos/projections/blogs/read-model';

export const PAGE_SIZE = 10;
export const TOC_PAGE_SIZE = 50;

type PostRow = BlogsReadModel['posts'];
export type PostRowWithAuthor = PostRow & { author: string };

export interface Paging {
  CurrentPage: number;
  TotalPagesCount: number;
  Skip: number;
}

export function paging(page: number, total: number, size = PAGE_SIZE): Paging {
  return { CurrentPage: page, TotalPagesCount: Math.max(1, Math.ceil(total / size)), Skip: (page - 1) * size };
}

/** A timestamp as ISO text in UTC (null stays null). */
export const iso = (value: string | Date | null): string | null => (value === null ? null : new Date(value).toISOString());
export const STATUS_NUMBER = { published: 0, scheduled: 1, draft: 2 } as const;

/** The spec's post fields for lists. */
export function postSummary(row: PostRowWithAuthor) {
  return {
    id: row.post_id,
    url: row.url,
    title: row.title,
    subtitle: row.subtitle,
    number: row.number,
    author: row.author,
    authorId: row.author_id,
    published_at: iso(row.published_at),
    updated_at: iso(row.updated_at),
    excerpt_content: row.excerpt,
    series_title: row.series_title,
    seriesSlug: row.series_slug,
    ccounts: row.comment_count,
    blog: row.blog_id,
    status: STATUS_NUMBER[row.status],
    publish_at: iso(row.publish_at),
  };
}

type ArchivePost = { url: string; title: string; blog_id: string; blog_title: string; published_at: string | Date };
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** The spec's Archive timeline: years, then months, then days, newest first (posts arrive newest first). */
export function archiveTimeline(posts: readonly ArchivePost[]) {
  type Day = { date: string; postdetails: { postslug: string; posttitle: string; postBlogSlug: string; postBlog: string }[] };
  type Month = { monthname: string; totalposts: number; postdate: Day[] };
  type Year = { year: number; totalposts: number; monthtimeline: Month[] };
  const years: Year[] = [];
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
