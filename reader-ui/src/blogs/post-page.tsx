import { useState } from 'react';
import { servedAt } from '../ui/server-answers';
import { Link, useLocation, useParams } from 'wouter';
import { ReadFailure } from '../ui/not-found';
import { usePageTitle } from '../ui/use-page-title';
import { Loading } from '../ui/loading';
import { useConfirm } from '../ui/confirm-dialog';
import { SpinnerButton } from '../ui/spinner-button';
import { useToast } from '../ui/toast';
import { blogApi, deletePost, fetchPost, type Post } from './api';
import { Comments } from './comments/comments';
import { formatDateTime } from '@epos/schemas/dates/formats';
import { useLoad } from '../ui/use-load';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { POST_STATUS } from '@epos/schemas/blogs/post-status';
import { BlogFeedLinks } from './feed-links';
import { ArchivedNotice, AuthorLink, PostDate } from './parts';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { HtmlContent } from '../ui/html-content';
import { blogPaths } from './paths';
import { SubscribeControl } from './subscribe-control';

/** `/blogs/{blog}/{postUrl}`: a post, its neighbours, Edit and Delete for those who may, and its comments. */
export function PostPage() {
  const { blog = '', postUrl = '' } = useParams<{ blog?: string; postUrl?: string }>();
  const result = useLoad(`${blog}/${postUrl}`, (signal) => fetchPost(blog, postUrl, signal), 0, servedAt<Post>(blogApi.post(blog, postUrl)));
  usePageTitle(result === null ? 'Loading' : result.ok ? result.data.title : result.message);
  if (result === null) return <Loading />;
  if (!result.ok)
    return (
      <ReadFailure
        failure={result}
        what={`There is no post “${postUrl}” in the blog “${blog}”.`}
        ways={[{ href: blogPaths.blog(blog), label: `The blog “${blog}”` }]}
      />
    );
  return <PostView key={result.data.id} post={result.data} blog={blog} />;
}

function statusNote(post: Post): string | null {
  if (post.status === POST_STATUS.scheduled) return `Scheduled for ${formatDateTime(post.publish_at ?? post.published_at)}`;
  if (post.status === POST_STATUS.draft) return 'Draft: only its writers can see it';
  return null;
}

function PostView({ post, blog }: { post: Post; blog: string }) {
  const toast = useToast();
  const [, navigate] = useLocation();
  const [deleting, setDeleting] = useState(false);
  const { confirm, dialog } = useConfirm();
  const blogSlug = post.blog || blog;
  const note = statusNote(post);

  const onDelete = async () => {
    if (deleting) return;
    const sure = await confirm({
      question: blogMessages.deleteConfirm,
      detail: `“${post.title}” will be removed from ${post.blogTitle || blogSlug}.`,
      confirmLabel: 'Delete',
      destructive: true,
    });
    if (!sure) return;
    setDeleting(true);
    const result = await deletePost(post.url);
    setDeleting(false);
    if (!result.ok) {
      toast(blogMessages.failed, 'error');
      return;
    }
    toast(`Deleted ${result.data.message ?? blogMessages.deleted}`, 'success');
    navigate(blogPaths.blog(blogSlug));
  };

  return (
    <>
      <BlogFeedLinks blog={blogSlug} title={post.blogTitle || blogSlug} />
      <article className="post" aria-labelledby="post-heading">
        <header className="post-header">
          <Breadcrumbs
            items={[
              { href: blogPaths.blogs, label: 'Blogs' },
              { href: blogPaths.blog(blogSlug), label: post.blogTitle || blogSlug },
            ]}
          />
          <h1 id="post-heading">{post.title}</h1>
          {post.subtitle ? <p className="post-subtitle">{post.subtitle}</p> : null}
          <p className="post-meta">
            {post.author ? (
              <span className="post-meta-part">
                By <AuthorLink authorId={post.authorId} name={post.author} />
              </span>
            ) : null}
            {post.published_at ? (
              <span className="post-meta-part">
                <PostDate value={post.published_at} />
              </span>
            ) : null}
            {post.series_title && post.seriesSlug ? (
              <span className="post-meta-part">
                Series: <Link href={blogPaths.series(blogSlug, post.seriesSlug)}>{post.series_title}</Link>
              </span>
            ) : null}
          </p>
          {post.blogArchived && <ArchivedNotice />}
          {note !== null && <p className="post-status">{note}</p>}
          {post.status === POST_STATUS.published && !post.blogArchived && (
            <SubscribeControl blog={blogSlug} blogTitle={post.blogTitle || blogSlug} rate={post.postingRate} />
          )}
          {post.canedit && (
            <div className="post-actions">
              <Link href={blogPaths.editPost(blogSlug, post.url)} className="button">
                Edit
              </Link>
              <SpinnerButton type="button" busy={deleting} className="post-delete" onClick={() => void onDelete()}>
                Delete
              </SpinnerButton>
            </div>
          )}
        </header>
        <HtmlContent html={post.content} className="post-content prose" testId="post-content" />
        {(post.previous_url || post.next_url) && (
          <nav className="post-pager" aria-label="Previous and next post">
            {post.previous_url ? (
              <Link href={blogPaths.post(blogSlug, post.previous_url)} rel="prev" className="post-pager-previous">
                <span className="post-pager-label">Previous</span>
                <span>{post.previous_title ?? post.previous_url}</span>
              </Link>
            ) : (
              <span />
            )}
            {post.next_url ? (
              <Link href={blogPaths.post(blogSlug, post.next_url)} rel="next" className="post-pager-next">
                <span className="post-pager-label">Next</span>
                <span>{post.next_title ?? post.next_url}</span>
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </article>
      <Comments postId={post.id} closed={post.blogArchived} />
      {dialog}
    </>
  );
}
