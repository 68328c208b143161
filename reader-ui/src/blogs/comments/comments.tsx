import { Link } from 'wouter';
import { loginHref } from '../../ui/account-urls';
import { Loading } from '../../ui/loading';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { blogTexts } from '../messages';
import { BlogProblem } from '../parts';
import { ThreadView } from './comment-entry';
import { CommentForm } from './comment-form';
import { COMMENT_SORTS } from './thread';
import { useComments } from './use-comments';

/**
 * A post's comment thread (the spec's thread widget): loaded 500 ms after the post;
 * top-level comments with their replies, sorted newest, oldest or popular first; at
 * most 2 replies showing per comment until "Show all N replies"; reply, edit, delete
 * and upvote for signed-in readers as the rules allow; a login link for visitors.
 * `closed`: the post's blog is archived: its comments are read, none are added.
 */
export function Comments({ postId, closed = false }: { postId: string; closed?: boolean }) {
  const { me, loaded, comments, threads, sort, setSort, expanded, expand, headingId, dialog, here, send, actions } = useComments(postId, closed);

  return (
    <section className="comments" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        Comments{loaded.status === 'ready' ? ` (${comments.length})` : ''}
      </h2>
      {closed ? (
        <p className="comments-closed">{blogMessages.archivedNoComments}</p>
      ) : me?.loggedIn ? (
        <CommentForm postId={postId} mode="new" label="Add a comment" onSend={(content, pings) => send(content, pings, null)} />
      ) : me !== null ? (
        <p className="comments-login">
          <Link href={loginHref(here)}>{blogTexts.loginToComment}</Link>
        </p>
      ) : null}
      {loaded.status === 'loading' && <Loading />}
      {loaded.status === 'failed' && <BlogProblem message={loaded.message} />}
      {loaded.status === 'ready' &&
        (threads.length === 0 ? (
          <p className="muted">{blogTexts.noComments}</p>
        ) : (
          <>
            <fieldset className="comment-sort">
              <legend>Sort comments</legend>
              {COMMENT_SORTS.map((option) => (
                <label key={option.value} className="comment-sort-option">
                  <input type="radio" name={`${headingId}-sort`} value={option.value} checked={sort === option.value} onChange={() => setSort(option.value)} />
                  {option.label}
                </label>
              ))}
            </fieldset>
            <ul className="comment-list" aria-labelledby={headingId}>
              {threads.map((thread) => (
                <ThreadView
                  key={thread.comment.id}
                  thread={thread}
                  expanded={expanded.has(thread.comment.id)}
                  onExpand={() => expand(thread)}
                  actions={actions}
                />
              ))}
            </ul>
          </>
        ))}
      {dialog}
    </section>
  );
}
