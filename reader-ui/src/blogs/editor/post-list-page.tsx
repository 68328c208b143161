import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { GENERIC_ERROR } from '../../ui/messages';
import { usePageTitle } from '../../ui/use-page-title';
import { Loading, Problem } from '../../ui/loading';
import { appendPage } from '../../ui/paging';
import { LoadMore } from '../../ui/load-more';
import { formatDateTime, formatShortDateTime, machineDate } from '@epos/schemas/dates/formats';
import { blogPaths } from '../paths';
import { fetchPostList, type ListKind } from './api';
import { blogMessages, editorTexts } from './messages';
import type { ListItem } from './responses';

type ListState =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly message: string }
  | { readonly state: 'ready'; readonly blogTitle: string; readonly items: readonly ListItem[]; readonly page: number; readonly pages: number };

const HEADINGS: Record<ListKind, string> = { scheduled: 'Scheduled posts', draft: 'Drafts' };

/**
 * /blogs/{blog}/scheduled and /blogs/{blog}/draft: the blog's posts waiting for their
 * time or still drafts, 10 a page with "Load more" up to the last page. Times are in
 * the viewer's time zone.
 */
export function PostListPage({ blog, kind }: { blog: string; kind: ListKind }) {
  const heading = HEADINGS[kind];
  usePageTitle(heading);
  const [list, setList] = useState<ListState>({ state: 'loading' });
  const [more, setMore] = useState(false);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  useEffect(() => {
    const controller = new AbortController();
    setList({ state: 'loading' });
    fetchPostList(blog, kind, 1, controller.signal)
      .then((answer) => {
        if (answer.ok) setList({ state: 'ready', blogTitle: answer.data.title, items: answer.data.items, page: answer.data.page, pages: answer.data.pages });
        // A blog with nothing of the kind may answer 404 "No blogs to show".
        else if (answer.status === 404 && answer.problem.message === blogMessages.noBlogsToShow)
          setList({ state: 'ready', blogTitle: blog, items: [], page: 1, pages: 1 });
        else setList({ state: 'failed', message: answer.status === 404 ? (answer.problem.message ?? blogMessages.noBlogFound) : GENERIC_ERROR });
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [blog, kind]);

  const loadMore = useCallback(async () => {
    if (list.state !== 'ready' || more) return;
    setMore(true);
    const answer = await fetchPostList(blog, kind, list.page + 1);
    setMore(false);
    if (!answer.ok) return;
    setList((l) =>
      l.state === 'ready' ? { ...l, items: appendPage(l.items, answer.data.items, (i) => i.id), page: answer.data.page, pages: answer.data.pages } : l,
    );
  }, [blog, kind, list, more]);

  if (list.state === 'loading') return <Loading />;
  if (list.state === 'failed') return <Problem message={list.message} />;

  return (
    <section className="prose post-list-page" aria-labelledby="post-list-heading">
      <h1 id="post-list-heading">
        {heading} <span className="muted">in {list.blogTitle}</span>
      </h1>
      <nav className="post-list-nav" aria-label="Editor pages">
        <Link href={blogPaths.newPost(blog)}>New post</Link>
        {kind === 'draft' ? <Link href={blogPaths.scheduled(blog)}>Scheduled posts</Link> : <Link href={blogPaths.drafts(blog)}>Drafts</Link>}
        <Link href={blogPaths.blog(blog)}>The blog</Link>
      </nav>
      {list.items.length === 0 ? (
        <p>{kind === 'scheduled' ? editorTexts.noScheduled : editorTexts.noDrafts}</p>
      ) : (
        <ol className="post-list-items" data-testid={`post-list-${kind}`}>
          {list.items.map((item) => (
            <li key={item.id}>
              <Link href={blogPaths.editPost(item.blog, item.url)} className="post-list-title">
                {item.title}
              </Link>
              {item.subtitle !== '' && <span className="post-list-subtitle"> {item.subtitle}</span>}
              <p className="post-list-meta">
                {item.series_title !== '' && <span>Series: {item.series_title}</span>}
                {kind === 'scheduled' && item.publish_at !== null && (
                  <span>
                    Goes out <time dateTime={machineDate(item.publish_at)}>{formatDateTime(item.publish_at)}</time> ({timeZone})
                  </span>
                )}
                {kind === 'draft' && item.updated_at !== null && (
                  <span>
                    Last changed <time dateTime={machineDate(item.updated_at)}>{formatShortDateTime(item.updated_at)}</time>
                  </span>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      <LoadMore more={list.page < list.pages} busy={more} onLoad={() => void loadMore()} />
    </section>
  );
}
