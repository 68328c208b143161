import { useId, useRef, useState } from 'react';
import { servedAt } from '../ui/server-answers';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import { queryParam } from '../ui/account-urls';
import { usePageTitle } from '../ui/use-page-title';
import { Loading, Problem } from '../ui/loading';
import { blogApi, fetchSeries, type PostSummary, type SeriesPage as SeriesAnswer } from './api';
import { usePagedList } from '../ui/use-paged-list';
import { BlogFeedLinks } from './feed-links';
import { BlogProblem, PostSummaryItem } from './parts';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { LoadMore } from '../ui/load-more';
import { blogPaths, feedPaths, type SeriesSort } from './paths';

/** `?sort=newest` or the default, oldest (reading order). */
function parseSort(search: string): SeriesSort {
  return queryParam(search, 'sort')?.toLowerCase() === 'newest' ? 'newest' : 'oldest';
}

/** `/blogs/{blog}/series/{series}?sort=oldest|newest`: a series' posts, and its contents a page at a time. */
export function SeriesPage() {
  const { blog = '', series = '' } = useParams<{ blog?: string; series?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const sort = parseSort(search);
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList<SeriesAnswer, PostSummary>(
    `${blog}/${series}/${sort}`,
    (page, signal) => fetchSeries(blog, series, page, sort, signal),
    (p) => p.id,
    listRef,
    { served: servedAt<SeriesAnswer>(blogApi.series(blog, series, 1, sort)) },
  );
  const sortId = useId();
  // while another order loads, the page (and the focused radio button) stays
  const seriesKey = `${blog}/${series}`;
  const known = useRef<{ key: string; header: SeriesAnswer } | null>(null);
  if (list.status === 'ready') known.current = { key: seriesKey, header: list.header };
  const header = list.status === 'ready' ? list.header : known.current?.key === seriesKey ? known.current.header : null;

  usePageTitle(header !== null ? header.title : list.status === 'failed' ? list.failure.message : 'Loading');
  if (header === null) return list.status === 'failed' ? <Problem message={list.failure.message} /> : <Loading />;

  const blogTitle = header.blog?.title || blog;
  return (
    <div className="blog-layout">
      <BlogFeedLinks blog={blog} title={blogTitle} series={{ slug: series, title: header.title }} />
      <section className="series-page" aria-labelledby="series-heading">
        <header className="blog-header">
          <Breadcrumbs
            items={[
              { href: blogPaths.blogs, label: 'Blogs' },
              { href: blogPaths.blog(blog), label: blogTitle },
              { href: blogPaths.seriesList(blog), label: 'Series' },
            ]}
          />
          <h1 id="series-heading">{header.title}</h1>
          <nav className="blog-links" aria-label="This series">
            <ul>
              <li>
                <a href={feedPaths.seriesRss(blog, series)} type="application/rss+xml">
                  Feed
                </a>
              </li>
              <li>
                <a href={feedPaths.seriesAtom(blog, series)} type="application/atom+xml">
                  Atom
                </a>
              </li>
            </ul>
          </nav>
          <fieldset className="series-sort">
            <legend id={sortId}>Order</legend>
            {(['oldest', 'newest'] as const).map((option) => (
              <label key={option} className="comment-sort-option">
                <input
                  type="radio"
                  name={`${sortId}-sort`}
                  value={option}
                  checked={sort === option}
                  onChange={() => navigate(blogPaths.series(blog, series, option))}
                />
                {option === 'oldest' ? 'Oldest first' : 'Newest first'}
              </label>
            ))}
          </fieldset>
        </header>
        {list.status === 'loading' ? (
          <Loading />
        ) : list.status === 'failed' ? (
          <BlogProblem message={list.failure.message} />
        ) : (
          <>
            <ol className="post-list" ref={listRef} aria-label={`Posts in ${header.title}`}>
              {list.items.map((post) => (
                <PostSummaryItem key={post.id} post={post} showSeries={false} />
              ))}
            </ol>
            <LoadMore more={list.more} busy={list.loadingMore} onLoad={list.loadMore} label="Load more posts" />
          </>
        )}
      </section>
      <SeriesContents blog={blog} series={series} />
    </div>
  );
}

/** The series' contents in reading order, loaded page by page when opened (spec section 2). */
function SeriesContents({ blog, series }: { blog: string; series: string }) {
  const [open, setOpen] = useState(false);
  return (
    <aside className="series-contents" aria-label="Contents of the series">
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Contents</summary>
        {open && <SeriesContentsList blog={blog} series={series} />}
      </details>
    </aside>
  );
}

function SeriesContentsList({ blog, series }: { blog: string; series: string }) {
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList<SeriesAnswer, PostSummary>(
    `${blog}/${series}/contents`,
    (page, signal) => fetchSeries(blog, series, page, 'oldest', signal),
    (p) => p.id,
    listRef,
    { announce: false },
  );
  if (list.status === 'loading') return <Loading />;
  if (list.status === 'failed') return <BlogProblem message={list.failure.message} />;
  return (
    <>
      <ol className="contents-list" ref={listRef}>
        {list.items.map((post) => (
          <li key={post.id}>
            <Link href={blogPaths.post(post.blog || blog, post.url)}>{post.title}</Link>
          </li>
        ))}
      </ol>
      <LoadMore more={list.more} busy={list.loadingMore} onLoad={list.loadMore} label="More of the contents" />
    </>
  );
}
