import { useId, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { isPlainClick } from '../ui/goto-hash';
import { LinkedText } from '../ui/linked-text';
import { SpinnerButton } from '../ui/spinner-button';
import type { PostSummary } from './api';
import { countLabel } from './archive';
import { formatShortDate, formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { blogPaths, clientPath } from './paths';
import { blogMessages } from '@epos/schemas/blogs/messages';

/**
 * Sanitised HTML from the server (a post's or a comment's). Links to pages of this
 * app — the `||n||` sentence links (`a.sentence-link`), sections, blog pages — open
 * without a page load; other links behave as links do.
 */
export function HtmlContent({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const [, navigate] = useLocation();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainClick(event.nativeEvent) || !(event.target instanceof Element)) return;
    const anchor = event.target.closest('a');
    if (anchor === null || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target !== '' && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const path = clientPath(anchor.getAttribute('href'), window.location.origin);
    if (path === null) return;
    event.preventDefault();
    navigate(path);
  };
  // The server sanitises this HTML (docs/blogs-api.md); it is never built here from user text.
  return <div className={className} data-testid={testId} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A date as "5th Mar 24", with the full date and time for machines and on hover. */
export function PostDate({ value, prefix }: { value: string | null | undefined; prefix?: string }) {
  if (value == null || value === '') return null;
  return (
    <>
      {prefix}
      <time dateTime={machineDate(value)} title={formatShortDateTime(value)}>
        {formatShortDate(value)}
      </time>
    </>
  );
}

/** A link to the author's archive. */
export function AuthorLink({ authorId, name }: { authorId: string; name: string }) {
  return authorId ? <Link href={blogPaths.user(authorId)}>{name}</Link> : <>{name}</>;
}

/** "By A · 5th Mar 24 · Series: S · 3 comments" */
export function PostMeta({ post, showBlog, blogTitle }: { post: PostSummary; showBlog?: boolean; blogTitle?: string }) {
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

/** The load-more button of a paged list, shown until the last page (spec section 4). */
export function LoadMore({ more, busy, onLoad, label = 'Load more' }: { more: boolean; busy: boolean; onLoad: () => void; label?: string }) {
  if (!more) return null;
  return (
    <div className="load-more">
      <SpinnerButton type="button" busy={busy} onClick={onLoad} data-testid="load-more">
        {label}
      </SpinnerButton>
    </div>
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

/** "Blogs › Poetry notes" above a page of a blog. */
export function Breadcrumbs({ items }: { items: readonly { readonly href: string; readonly label: string }[] }) {
  return (
    <nav className="blog-breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {items.map((item) => (
          <li key={item.href}>
            <Link href={item.href}>{item.label}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
