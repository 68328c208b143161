import { POST_STATUS } from '@epos/schemas';
import type { BlogsReadModel } from '@epos/projections/blogs/read-model';

export const PAGE_SIZE = 10;
export const TOC_PAGE_SIZE = 50;

type PostRow = BlogsReadModel['posts'];
export type PostSummaryRow = Pick<
  PostRow,
  | 'post_id'
  | 'url'
  | 'title'
  | 'subtitle'
  | 'number'
  | 'author_id'
  | 'published_at'
  | 'updated_at'
  | 'excerpt'
  | 'series_title'
  | 'series_slug'
  | 'comment_count'
  | 'blog_id'
  | 'status'
  | 'publish_at'
> & { author: string };

export interface Paging {
  CurrentPage: number;
  TotalPagesCount: number;
  Skip: number;
}

export function paging(page: number, total: number, size = PAGE_SIZE): Paging {
  return { CurrentPage: page, TotalPagesCount: Math.max(1, Math.ceil(total / size)), Skip: (page - 1) * size };
}

/** A timestamp as ISO text in UTC (null stays null). */
export function iso(value: string | Date): string;
export function iso(value: string | Date | null): string | null;
export function iso(value: string | Date | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

/** The spec's post fields for lists. */
export function postSummary(row: PostSummaryRow) {
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
    status: POST_STATUS[row.status],
    publish_at: iso(row.publish_at),
  };
}

/**
 * The spec's Archive: the months' timeline entries arrive rendered (newest first) and are joined
 * into years as text, so an archive of thousands of posts is not parsed and serialised again.
 */
export function archiveJson(head: { title: string; slug: string }, months: readonly { year: number; total: number; entry: string }[]): string {
  const years: { year: number; total: number; entries: string[] }[] = [];
  for (const month of months) {
    let year = years.at(-1);
    if (year?.year !== month.year) years.push((year = { year: month.year, total: 0, entries: [] }));
    year.total += month.total;
    year.entries.push(month.entry);
  }
  const countPost = years.reduce((sum, year) => sum + year.total, 0);
  const timeline = years.map((y) => `{"year":${y.year},"totalposts":${y.total},"monthtimeline":[${y.entries.join(',')}]}`).join(',');
  return `{"title":${JSON.stringify(head.title)},"slug":${JSON.stringify(head.slug)},"countPost":${countPost},"timeline":[${timeline}]}`;
}
