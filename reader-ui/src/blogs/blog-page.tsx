import { useRef } from 'react';
import { servedAt } from '../ui/server-answers';
import { Link, useParams } from 'wouter';
import { usePageTitle } from '../ui/use-page-title';
import { Loading, Problem } from '../ui/loading';
import { blogApi, fetchBlogPage, fetchRecent, type BlogPage as BlogPageAnswer, type PostSummary, type RecentPost } from './api';
import { FOLLOW_UP_DELAY_MS, isEmptyBlog, useMyBlogs } from './hooks';
import { useLoad } from '../ui/use-load';
import { usePagedList } from '../ui/use-paged-list';
import { BlogFeedLinks } from './feed-links';
import { ArchivedNotice, BlogProblem, PostSummaryItem } from './parts';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { LoadMore } from '../ui/load-more';
import { blogPaths, feedPaths } from './paths';
import { SubscribeControl } from './subscribe-control';

/** `/blogs/{blog}`: the blog's posts, newest first, a page at a time; recent posts across blogs beside them. */
export function BlogPage() {
  const { blog = '' } = useParams<{ blog?: string }>();
  const listRef = useRef<HTMLOListElement>(null);
  const list = usePagedList<BlogPageAnswer, PostSummary>(
    blog,
    (page, signal) => fetchBlogPage(blog, page, signal),
    (p) => p.id,
    listRef,
    { served: servedAt<BlogPageAnswer>(blogApi.blog(blog, 1)) },
  );
  const myBlogs = useMyBlogs();
  const canWrite = myBlogs.some((b) => b.slug === blog);
  const writerTitle = myBlogs.find((b) => b.slug === blog)?.title;

  usePageTitle(list.status === 'ready' ? list.header.title : list.status === 'failed' ? list.failure.message : 'Loading');

  if (list.status === 'loading') return <Loading />;
  if (list.status === 'failed') {
    // A blog without posts yet: its writers still need their links, to write the first.
    if (canWrite && isEmptyBlog(list.failure.message))
      return (
        <section className="blog-page" aria-labelledby="blog-heading">
          <BlogFeedLinks blog={blog} title={writerTitle ?? blog} />
          <Breadcrumbs items={[{ href: blogPaths.blogs, label: 'Blogs' }]} />
          <h1 id="blog-heading">{writerTitle ?? blog}</h1>
          <WriterLinks blog={blog} />
          <BlogProblem message={list.failure.message} />
        </section>
      );
    return <Problem message={list.failure.message} />;
  }

  const { header } = list;
  return (
    <div className="blog-layout">
      <BlogFeedLinks blog={blog} title={header.title || blog} />
      <section className="blog-page" aria-labelledby="blog-heading">
        <header className="blog-header">
          <Breadcrumbs items={[{ href: blogPaths.blogs, label: 'Blogs' }]} />
          <h1 id="blog-heading">{header.title}</h1>
          {header.description ? <p className="blog-description">{header.description}</p> : null}
          {header.archived ? <ArchivedNotice /> : <SubscribeControl blog={header.slug || blog} blogTitle={header.title} rate={header.postingRate} />}
          <BlogLinks blog={blog} />
          {canWrite && <WriterLinks blog={blog} archived={header.archived} />}
        </header>
        <ol className="post-list" ref={listRef} aria-label={`Posts in ${header.title}`}>
          {list.items.map((post) => (
            <PostSummaryItem key={post.id} post={post} />
          ))}
        </ol>
        <LoadMore more={list.more} busy={list.loadingMore} onLoad={list.loadMore} label="Load more posts" />
      </section>
      <RecentPosts />
    </div>
  );
}

/** Feed, Atom, Archives, Series and Contents of a blog. */
function BlogLinks({ blog }: { blog: string }) {
  return (
    <nav className="blog-links" aria-label="This blog">
      <ul>
        <li>
          <a href={feedPaths.rss(blog)} type="application/rss+xml">
            Feed
          </a>
        </li>
        <li>
          <a href={feedPaths.atom(blog)} type="application/atom+xml">
            Atom
          </a>
        </li>
        <li>
          <Link href={blogPaths.archive(blog)}>Archives</Link>
        </li>
        <li>
          <Link href={blogPaths.seriesList(blog)}>Series</Link>
        </li>
        <li>
          <Link href={blogPaths.toc(blog)}>Contents</Link>
        </li>
      </ul>
    </nav>
  );
}

/** New post (unless the blog is archived), Scheduled and Drafts: for those who may write in the blog. */
function WriterLinks({ blog, archived = false }: { blog: string; archived?: boolean }) {
  return (
    <nav className="blog-links writer-links" aria-label="Writing">
      <ul>
        {!archived && (
          <li>
            <Link href={blogPaths.newPost(blog)} className="button button-primary">
              New post
            </Link>
          </li>
        )}
        <li>
          <Link href={blogPaths.scheduled(blog)} className="button">
            Scheduled
          </Link>
        </li>
        <li>
          <Link href={blogPaths.drafts(blog)} className="button">
            Drafts
          </Link>
        </li>
      </ul>
    </nav>
  );
}

/** The latest posts across blogs, read 500 ms after the blog's list (spec section 9). */
function RecentPosts() {
  const result = useLoad('recent', fetchRecent, FOLLOW_UP_DELAY_MS, servedAt<readonly RecentPost[]>(blogApi.recent));
  return (
    <aside className="recent-posts" aria-labelledby="recent-heading">
      <h2 id="recent-heading">Recent posts</h2>
      {result === null ? (
        <p className="muted">Loading…</p>
      ) : !result.ok ? (
        <p className="muted">{result.message}</p>
      ) : result.data.length === 0 ? (
        <p className="muted">No posts yet.</p>
      ) : (
        <ul>
          {result.data.map((post) => (
            <li key={`${post.bslug}/${post.pslug}`}>
              <Link href={blogPaths.post(post.bslug, post.pslug)}>{post.ptitle}</Link>
              <span className="recent-blog">{post.bTitle}</span>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
