import { useRef } from 'react';
import { servedAt } from '../ui/server-answers';
import { Link, useParams } from 'wouter';
import { usePageTitle } from '../ui/use-page-title';
import { ReadFailure } from '../ui/not-found';
import { Loading, Problem } from '../ui/loading';
import { blogApi, fetchArchive, fetchToc, fetchUserArchive, type Archive as ArchiveAnswer, type TocEntry, type TocPage as TocAnswer } from './api';
import { archiveDayLabel, archivePostPath, openByDefault, spansBlogs, tabId, tabLabel } from './archive';
import { countLabel } from '../ui/count-label';
import { machineDate } from '@epos/schemas/dates/formats';
import { useLoad } from '../ui/use-load';
import { usePagedList } from '../ui/use-paged-list';
import { BlogFeedLinks } from './feed-links';
import { PostDate } from './parts';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { LoadMore } from '../ui/load-more';
import { blogPaths } from './paths';

/**
 * An archive: years, then months, as tabs that open and close (native
 * <details>/<summary>: keyboard and screen readers know them), then days and posts.
 * The newest year and month start open.
 */
function Archive({ archive, heading, breadcrumbs }: { archive: ArchiveAnswer; heading: string; breadcrumbs?: readonly { href: string; label: string }[] }) {
  const withBlog = spansBlogs(archive);
  const timeline = archive.timeline ?? [];
  return (
    <section className="archive-page" aria-labelledby="archive-heading">
      {breadcrumbs && <Breadcrumbs items={breadcrumbs} />}
      <h1 id="archive-heading">{heading}</h1>
      <p className="post-meta">{countLabel(archive.countPost, 'post')}</p>
      {timeline.length === 0 ? (
        <p className="muted">No posts yet.</p>
      ) : (
        <div className="archive-timeline">
          {timeline.map((year, y) => (
            <details key={String(year.year)} className="archive-year" id={tabId(year.year)} open={openByDefault(y)}>
              <summary>{tabLabel(year.year, year.totalposts)}</summary>
              {(year.monthtimeline ?? []).map((month, m) => (
                <details key={month.monthname} className="archive-month" id={tabId(year.year, month.monthname)} open={openByDefault(y, m)}>
                  <summary>{tabLabel(month.monthname, month.totalposts)}</summary>
                  <ul className="archive-days">
                    {(month.postdate ?? []).map((day) => (
                      <li key={day.date} className="archive-day">
                        <time className="archive-date" dateTime={machineDate(day.date)}>
                          {archiveDayLabel(day.date)}
                        </time>
                        <ul className="archive-posts">
                          {(day.postdetails ?? []).map((post) => (
                            <li key={`${post.postBlogSlug}/${post.postslug}`} data-testid="archive-item">
                              <Link href={archivePostPath(post)}>{post.posttitle}</Link>
                              {withBlog && <span className="archive-blog"> in {post.postBlog}</span>}
                            </li>
                          ))}
                        </ul>
                      </li>
                    ))}
                  </ul>
                </details>
              ))}
            </details>
          ))}
        </div>
      )}
    </section>
  );
}

/** `/blogs/{blog}/archive`. */
export function BlogArchivePage() {
  const { blog = '' } = useParams<{ blog?: string }>();
  const result = useLoad(blog, (signal) => fetchArchive(blog, signal), 0, servedAt<ArchiveAnswer>(blogApi.archive(blog)));
  usePageTitle(result === null ? 'Loading' : result.ok ? `Archives · ${result.data.title}` : result.message);
  if (result === null) return <Loading />;
  if (!result.ok) return <Problem message={result.message} />;
  return (
    <>
      <BlogFeedLinks blog={blog} title={result.data.title || blog} />
      <Archive
        archive={result.data}
        heading={`Archives: ${result.data.title}`}
        breadcrumbs={[
          { href: blogPaths.blogs, label: 'Blogs' },
          { href: blogPaths.blog(blog), label: result.data.title || blog },
        ]}
      />
    </>
  );
}

/** `/user/{authorId}`: an author's published posts. */
export function UserArchivePage() {
  const { authorId = '' } = useParams<{ authorId?: string }>();
  const result = useLoad(authorId, (signal) => fetchUserArchive(authorId, signal), 0, servedAt<ArchiveAnswer>(blogApi.user(authorId)));
  usePageTitle(result === null ? 'Loading' : result.ok ? `Posts by ${result.data.title}` : result.message);
  if (result === null) return <Loading />;
  if (!result.ok) return <ReadFailure failure={result} what={`There is no author “${authorId}”.`} />;
  return <Archive archive={result.data} heading={`Posts by ${result.data.title}`} breadcrumbs={[{ href: blogPaths.blogs, label: 'Blogs' }]} />;
}

/** `/blogs/{blog}/toc`: every post of the blog in order, 50 a page. */
export function TocPage() {
  const { blog = '' } = useParams<{ blog?: string }>();
  const listRef = useRef<HTMLTableSectionElement>(null);
  const list = usePagedList<TocAnswer, TocEntry>(
    blog,
    (page, signal) => fetchToc(blog, page, signal),
    (e) => e.url,
    listRef,
    { served: servedAt<TocAnswer>(blogApi.toc(blog, 1)) },
  );
  usePageTitle(list.status === 'ready' ? `Contents · ${list.header.title}` : list.status === 'failed' ? list.failure.message : 'Loading');
  if (list.status === 'loading') return <Loading />;
  if (list.status === 'failed') return <Problem message={list.failure.message} />;
  return (
    <section className="toc-page" aria-labelledby="toc-heading">
      <BlogFeedLinks blog={blog} title={list.header.title || blog} />
      <Breadcrumbs
        items={[
          { href: blogPaths.blogs, label: 'Blogs' },
          { href: blogPaths.blog(blog), label: list.header.title || blog },
        ]}
      />
      <h1 id="toc-heading">Contents: {list.header.title}</h1>
      <div className="toc-table-wrap">
        <table className="toc-table">
          <caption className="visually-hidden">Posts of {list.header.title}, oldest first</caption>
          <thead>
            <tr>
              <th scope="col" className="number">
                No.
              </th>
              <th scope="col">Title</th>
              <th scope="col">Series</th>
              <th scope="col">Published</th>
            </tr>
          </thead>
          <tbody ref={listRef}>
            {list.items.map((entry) => (
              <tr key={entry.url} data-testid="toc-item">
                <td className="number">{entry.number}</td>
                <td>
                  <Link href={blogPaths.post(blog, entry.url)}>{entry.title}</Link>
                </td>
                <td>{entry.series_title ?? ''}</td>
                <td>
                  <PostDate value={entry.published_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <LoadMore more={list.more} busy={list.loadingMore} onLoad={list.loadMore} label="Load more posts" />
    </section>
  );
}
