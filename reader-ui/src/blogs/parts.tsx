import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { LinkedText } from '../ui/linked-text';
import type { PostSummary } from './api';
import { countLabel } from '../ui/count-label';
import { useDateOptions } from '../ui/use-date-options';
import { formatShortDate, formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { blogPaths } from './paths';
import { blogMessages } from '@epos/schemas/blogs/messages';

/** A date as "5th Mar 24", with the full date and time for machines and on hover. */
export function PostDate({ value, prefix }: { value: string | null | undefined; prefix?: string }) {
  const dates = useDateOptions();
  if (value == null || value === '') return null;
  return (
    <>
      {prefix}
      <time dateTime={machineDate(value)} title={formatShortDateTime(value, dates)}>
        {formatShortDate(value, dates)}
      </time>
    </>
  );
}

/** A link to the author's archive. */
export function AuthorLink({ authorId, name }: { authorId: string; name: string }) {
  return authorId ? <Link href={blogPaths.user(authorId)}>{name}</Link> : <>{name}</>;
}

/** "By A · 5th Mar 24 · Series: S · 3 comments" */
function PostMeta({ post, showBlog, blogTitle }: { post: PostSummary; showBlog?: boolean; blogTitle?: string }) {
  const parts: ReactNode[] = [];
  if (post.author)
    parts.push(
      <span key="author">
        By <AuthorLink authorId={post.authorId} name={post.author} />
      </span>,
    );
  if (post.published_at)
    parts.push(
      <span key="date">
        <PostDate value={post.published_at} />
      </span>,
    );
  if (showBlog && post.blog)
    parts.push(
      <span key="blog">
        In <Link href={blogPaths.blog(post.blog)}>{blogTitle ?? post.blog}</Link>
      </span>,
    );
  if (post.series_title && post.seriesSlug)
    parts.push(
      <span key="series">
        Series: <Link href={blogPaths.series(post.blog, post.seriesSlug)}>{post.series_title}</Link>
      </span>,
    );
  if (typeof post.ccounts === 'number') parts.push(<span key="comments">{countLabel(post.ccounts, 'comment')}</span>);
  return (
    <p className="post-meta">
      {parts.map((part, i) => (
        <span key={i} className="post-meta-part">
          {part}
        </span>
      ))}
    </p>
  );
}

/** One post in a list: title link, subtitle, meta, excerpt. */
export function PostSummaryItem({ post, headingLevel = 2, showSeries = true }: { post: PostSummary; headingLevel?: 2 | 3; showSeries?: boolean }) {
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = showSeries ? post : { ...post, series_title: '', seriesSlug: '' };
  return (
    <li className="post-summary" data-testid="post-item">
      <article aria-labelledby={headingId}>
        <Heading id={headingId} className="post-summary-title">
          <Link href={blogPaths.post(post.blog, post.url)}>{post.title}</Link>
        </Heading>
        {post.subtitle ? <p className="post-subtitle">{post.subtitle}</p> : null}
        <PostMeta post={shown} />
        {post.excerpt_content ? (
          <p className="post-excerpt">
            <LinkedText text={post.excerpt_content} />
          </p>
        ) : null}
      </article>
    </li>
  );
}

/** On every page of an archived blog: it is still read, but takes no new posts or comments. */
export function ArchivedNotice() {
  return (
    <p className="blog-archived" role="note" data-testid="blog-archived">
      {blogMessages.archived}
    </p>
  );
}

/** A failed read inside a page that has its own heading. */
export function BlogProblem({ message }: { message: string }) {
  return (
    <p className="blog-problem" role="alert">
      {message}
    </p>
  );
}
