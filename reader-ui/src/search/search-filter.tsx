import { useEffect, useId, useState } from 'react';
import type { BlogListEntry, PostSummary } from '@epos/schemas/blogs/responses';
import { fetchFilterBlogs, fetchFilterPosts } from './api';
import { authorChoices } from './authors';
import type { SearchState } from './paths';

/** Authors are found on the blogs' first pages of posts: at most this many blogs are read. */
const AUTHOR_BLOGS = 10;

/**
 * The advanced filter of the Posts and Comments tabs: a blog (from the blogs API) and an author
 * (those who wrote the chosen blog's latest posts, or any blog's when none is chosen).
 */
export function SearchFilter({ state, onChange }: { state: SearchState; onChange: (next: SearchState) => void }) {
  const [blogs, setBlogs] = useState<readonly BlogListEntry[]>([]);
  const [posts, setPosts] = useState<readonly PostSummary[]>([]);
  const id = useId();

  useEffect(() => {
    const controller = new AbortController();
    fetchFilterBlogs(controller.signal).then(
      (result) => setBlogs(result.ok ? result.data : []),
      () => undefined,
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const slugs = state.journal !== null ? [state.journal] : blogs.slice(0, AUTHOR_BLOGS).map((b) => b.slug);
    const controller = new AbortController();
    Promise.all(slugs.map((slug) => fetchFilterPosts(slug, controller.signal))).then(
      (pages) => setPosts(pages.flatMap((page) => (page.ok ? page.data.bcontent : []))),
      () => undefined,
    );
    return () => controller.abort();
  }, [state.journal, blogs]);

  const authors = authorChoices(posts, state.author);
  return (
    <fieldset className="search-filter">
      <legend>Filter posts and comments</legend>
      <label htmlFor={`${id}-blog`}>Blog</label>
      <select
        id={`${id}-blog`}
        className="input"
        value={state.journal ?? ''}
        onChange={(event) => onChange({ ...state, journal: event.target.value || null, author: null })}
      >
        <option value="">Every blog</option>
        {blogs.map((blog) => (
          <option key={blog.slug} value={blog.slug}>
            {blog.title || blog.slug}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-author`}>Author</label>
      <select id={`${id}-author`} className="input" value={state.author ?? ''} onChange={(event) => onChange({ ...state, author: event.target.value || null })}>
        <option value="">Every author</option>
        {authors.map((author) => (
          <option key={author.id} value={author.id}>
            {author.name}
          </option>
        ))}
      </select>
    </fieldset>
  );
}
