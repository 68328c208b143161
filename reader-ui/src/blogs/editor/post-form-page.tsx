import { useEffect, useState } from 'react';
import { GENERIC_ERROR } from '../../ui/messages';
import { usePageTitle } from '../../ui/use-page-title';
import { Loading, Problem } from '../../ui/loading';
import { fetchEditablePost, fetchMyBlogs, fetchPostId, fetchRevisions } from './api';
import { blogMessages, editorTexts, readFailure } from './messages';
import type { EditablePost } from './post-form-model';
import { PostForm } from './post-form';
import type { MyBlog } from '../api';

type PageState =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'ready'; readonly blogs: readonly MyBlog[]; readonly post: EditablePost | null; readonly latestRevisionAt: string | null };

async function load(blog: string, postUrl: string | undefined, signal: AbortSignal): Promise<PageState> {
  const blogs = await fetchMyBlogs();
  if (!blogs.ok) return { state: 'failed', message: GENERIC_ERROR };
  if (blogs.data.length === 0) return { state: 'failed', message: editorTexts.noBlogs };
  if (postUrl === undefined) return { state: 'ready', blogs: blogs.data, post: null, latestRevisionAt: null };

  const id = await fetchPostId(blog, postUrl, signal);
  if (!id.ok || id.data === null) return { state: 'failed', message: id.ok ? blogMessages.notFound : readFailure(id.status) };
  const post = await fetchEditablePost(id.data, signal);
  if (!post.ok || post.data === null) return { state: 'failed', message: post.ok ? GENERIC_ERROR : readFailure(post.status) };
  // Only a kept autosave needs the latest revision's time (to tell which is newer).
  let latestRevisionAt: string | null = null;
  if (post.data.autosave !== null) {
    const revisions = await fetchRevisions(post.data.id, { signal });
    latestRevisionAt = revisions.ok ? (revisions.data[0]?.at ?? null) : null;
  }
  return { state: 'ready', blogs: blogs.data, post: post.data, latestRevisionAt };
}

/** /blogs/{blog}/new and /blogs/{blog}/{postUrl}/editpost. */
export function PostFormPage({ blog, postUrl }: { blog: string; postUrl?: string }) {
  const title = postUrl === undefined ? 'New post' : 'Edit post';
  usePageTitle(title);
  const [page, setPage] = useState<PageState>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setPage({ state: 'loading' });
    load(blog, postUrl, controller.signal)
      .then(setPage)
      .catch(() => undefined); // left the page
    return () => controller.abort();
  }, [blog, postUrl]);

  if (page.state === 'loading') return <Loading />;
  if (page.state === 'failed') return <Problem message={page.message} />;
  return (
    <section className="post-editor-page" aria-labelledby="post-editor-heading">
      <h1 id="post-editor-heading">{title}</h1>
      <PostForm routeBlog={blog} blogs={page.blogs} post={page.post} latestRevisionAt={page.latestRevisionAt} />
    </section>
  );
}
