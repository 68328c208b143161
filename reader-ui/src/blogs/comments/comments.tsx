import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useMe } from '../../ui/session';
import { loginHref } from '../../ui/account-urls';
import { Loading } from '../../ui/loading';
import { useConfirm } from '../../ui/confirm-dialog';
import { useToast } from '../../ui/toast';
import { deleteComment, editComment, fetchComments, postComment, upvoteComment, type CommentWidget } from '../api';
import type { Failure } from '../../ui/http';
import { countLabel } from '../../ui/count-label';
import { FOLLOW_UP_DELAY_MS } from '../hooks';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { blogTexts } from '../messages';
import { BlogProblem, PostDate } from '../parts';
import { HtmlContent } from '../../ui/html-content';
import { clientPath } from '../../ui/client-path';
import { CommentForm } from './comment-form';
import {
  buildThreads,
  canDeleteComment,
  canEditComment,
  canUpvote,
  COMMENT_SORTS,
  replaceComment,
  showAllLabel,
  sortThreads,
  visibleReplies,
  withUpvote,
  type CommentSort,
  type Thread,
  type Viewer,
} from './thread';

type Loaded = { readonly status: 'loading' } | { readonly status: 'failed'; readonly message: string } | { readonly status: 'ready'; readonly comments: readonly CommentWidget[] };

/** Element ids inside the thread, for moving focus after an action. */
const commentId = (id: string) => `comment-${id}`;
const replyButtonId = (id: string) => `comment-reply-${id}`;
const editButtonId = (id: string) => `comment-edit-${id}`;

/**
 * A post's comment thread (the spec's thread widget): loaded 500 ms after the post;
 * top-level comments with their replies, sorted newest, oldest or popular first; at
 * most 2 replies showing per comment until "Show all N replies"; reply, edit, delete
 * and upvote for signed-in readers as the rules allow; a login link for visitors.
 * `closed`: the post's blog is archived: its comments are read, none are added.
 */
export function Comments({ postId, closed = false }: { postId: string; closed?: boolean }) {
  const me = useMe();
  const toast = useToast();
  const [location] = useLocation();
  const search = useSearch();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [sort, setSort] = useState<CommentSort>('newest');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [replyTo, setReplyTo] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const voting = useRef(new Set<string>());
  const focusNext = useRef<string | null>(null);
  const headingId = useId();
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchComments(postId, controller.signal).then(
        (result) => setLoaded(result.ok ? { status: 'ready', comments: result.data } : { status: 'failed', message: result.message }),
        () => undefined,
      );
    }, FOLLOW_UP_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [postId]);

  // after an action, focus goes where the reader can carry on (set before the render that shows it)
  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    const element = document.getElementById(target);
    if (element === null) return;
    focusNext.current = null;
    element.focus();
  });

  const comments = loaded.status === 'ready' ? loaded.comments : [];
  const threads = useMemo(() => sortThreads(buildThreads(comments), sort), [comments, sort]);
  const viewer: Viewer | null = me;

  /** Reads the comments again, past the write at `position`. */
  const reload = async (position: string | null) => {
    const result = await fetchComments(postId, undefined, position);
    if (result.ok) setLoaded({ status: 'ready', comments: result.data });
  };

  const failed = (result: Failure) => {
    toast(result.status === 409 ? blogMessages.commentWithReplies : blogMessages.failed, 'error');
  };

  const send = async (content: string, pings: string[], parent: string | null): Promise<boolean> => {
    const result = await postComment(postId, content, parent, pings);
    if (!result.ok) {
      failed(result);
      return false;
    }
    toast(blogMessages.commentPosted, 'success');
    if (parent !== null) {
      setReplyTo(null);
      focusNext.current = replyButtonId(parent);
    }
    await reload(result.position);
    return true;
  };

  const saveEdit = async (comment: CommentWidget, content: string, pings: string[]): Promise<boolean> => {
    const result = await editComment(postId, comment.id, content, pings);
    if (!result.ok) {
      failed(result);
      return false;
    }
    toast(blogMessages.updated, 'success');
    setEditing(null);
    focusNext.current = commentId(comment.id);
    await reload(result.position);
    return true;
  };

  const remove = async (comment: CommentWidget) => {
    if (!(await confirm({ question: blogTexts.deleteComment, detail: blogTexts.deleteCommentDetail, confirmLabel: 'Delete', destructive: true }))) return;
    const result = await deleteComment(postId, comment.id);
    if (!result.ok) {
      failed(result);
      return;
    }
    toast(result.data.message ?? blogMessages.commentDeleted, 'success');
    setLoaded((l) => (l.status === 'ready' ? { status: 'ready', comments: l.comments.filter((c) => c.id !== comment.id) } : l));
    focusNext.current = headingId;
    await reload(result.position);
  };

  const toggleUpvote = async (comment: CommentWidget) => {
    if (voting.current.has(comment.id)) return;
    voting.current.add(comment.id);
    const upvote = !comment.user_has_upvoted;
    const update = (upvoted: boolean) =>
      setLoaded((l) => {
        if (l.status !== 'ready') return l;
        const current = l.comments.find((c) => c.id === comment.id);
        return current === undefined ? l : { status: 'ready', comments: replaceComment(l.comments, withUpvote(current, upvoted)) };
      });
    update(upvote);
    const result = await upvoteComment(postId, comment.id, upvote);
    voting.current.delete(comment.id);
    if (!result.ok) {
      update(!upvote);
      failed(result);
    }
  };

  const here = search === '' ? location : `${location}?${search}`;

  const actions: CommentActions = {
    viewer,
    comments,
    closed,
    replyTo,
    editing,
    postId,
    startReply: (c) => {
      setEditing(null);
      setReplyTo((open) => (open === c.id ? null : c.id));
    },
    cancelReply: (c) => {
      setReplyTo(null);
      focusNext.current = replyButtonId(c.id);
    },
    startEdit: (c) => {
      setReplyTo(null);
      setEditing(c.id);
    },
    cancelEdit: (c) => {
      setEditing(null);
      focusNext.current = editButtonId(c.id);
    },
    send,
    saveEdit,
    remove: (c) => void remove(c),
    upvote: (c) => void toggleUpvote(c),
  };

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
                  onExpand={() => {
                    setExpanded((set) => new Set(set).add(thread.comment.id));
                    const first = thread.replies[0];
                    if (first !== undefined) focusNext.current = commentId(first.id);
                  }}
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

interface CommentActions {
  readonly viewer: Viewer | null;
  readonly comments: readonly CommentWidget[];
  readonly closed: boolean;
  readonly replyTo: string | null;
  readonly editing: string | null;
  readonly postId: string;
  readonly startReply: (c: CommentWidget) => void;
  readonly cancelReply: (c: CommentWidget) => void;
  readonly startEdit: (c: CommentWidget) => void;
  readonly cancelEdit: (c: CommentWidget) => void;
  readonly send: (content: string, pings: string[], parent: string | null) => Promise<boolean>;
  readonly saveEdit: (c: CommentWidget, content: string, pings: string[]) => Promise<boolean>;
  readonly remove: (c: CommentWidget) => void;
  readonly upvote: (c: CommentWidget) => void;
}

function ThreadView({ thread, expanded, onExpand, actions }: { thread: Thread; expanded: boolean; onExpand: () => void; actions: CommentActions }) {
  const { shown, hidden } = visibleReplies(thread.replies, expanded);
  const byId = new Map([thread.comment, ...thread.replies].map((c) => [c.id, c]));
  return (
    <li className="comment-thread">
      <CommentEntry comment={thread.comment} actions={actions} />
      {thread.replies.length > 0 && (
        <div className="comment-replies-block">
          {hidden > 0 && (
            <button type="button" className="link-button show-replies" aria-expanded={false} onClick={onExpand}>
              {showAllLabel(thread.replies.length)}
            </button>
          )}
          <ul className="comment-replies" aria-label={`Replies to ${thread.comment.fullname}`}>
            {shown.map((reply) => {
              const parent = reply.parent === null ? undefined : byId.get(reply.parent);
              return (
                <li key={reply.id}>
                  <CommentEntry comment={reply} actions={actions} inReplyTo={parent !== undefined && parent.id !== thread.comment.id ? parent.fullname : undefined} />
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </li>
  );
}

function CommentEntry({ comment, actions, inReplyTo }: { comment: CommentWidget; actions: CommentActions; inReplyTo?: string | undefined }) {
  const nameId = useId();
  const { viewer } = actions;
  const isEditing = actions.editing === comment.id;
  const isReplying = actions.replyTo === comment.id;
  const mayEdit = canEditComment(comment, viewer);
  const mayDelete = canDeleteComment(comment, viewer, actions.comments);
  const profile = clientPath(comment.profile_url, window.location.origin);
  const edited = comment.modified && comment.modified !== comment.created;

  return (
    <>
      <article
        id={commentId(comment.id)}
        tabIndex={-1}
        className={`comment${comment.created_by_current_user ? ' is-mine' : ''}`}
        data-testid="comment"
        data-comment-id={comment.id}
        aria-labelledby={nameId}
      >
        <header className="comment-head">
          <span id={nameId} className="comment-author">
            {profile !== null ? <Link href={profile}>{comment.fullname}</Link> : comment.fullname}
          </span>
          {comment.created_by_admin && <span className="comment-badge">Admin</span>}
          {inReplyTo !== undefined && <span className="comment-in-reply">in reply to {inReplyTo}</span>}
          <span className="comment-date">
            <PostDate value={comment.created} />
            {edited ? <span className="muted"> (edited)</span> : null}
          </span>
        </header>
        {isEditing ? (
          <CommentForm
            postId={actions.postId}
            mode="edit"
            label={comment.created_by_current_user ? 'Edit your comment' : `Edit the comment by ${comment.fullname}`}
            initial={comment.content}
            initialPings={comment.pings}
            autoFocus
            onSend={(content, pings) => actions.saveEdit(comment, content, pings)}
            onCancel={() => actions.cancelEdit(comment)}
          />
        ) : (
          <HtmlContent html={comment.content_html} className="comment-body" />
        )}
        {!isEditing && (
          <footer className="comment-actions">
            {canUpvote(viewer) ? (
              <button
                type="button"
                className="comment-action upvote"
                data-testid="upvote"
                aria-pressed={comment.user_has_upvoted}
                onClick={() => actions.upvote(comment)}
              >
                <span aria-hidden="true">▲</span>
                <span className="visually-hidden">Upvote</span> <span className="upvote-count">{comment.upvote_count}</span>
              </button>
            ) : (
              <span className="upvote-total">{countLabel(comment.upvote_count, 'upvote')}</span>
            )}
            {viewer?.loggedIn && !actions.closed && (
              <button type="button" id={replyButtonId(comment.id)} className="comment-action" aria-expanded={isReplying} onClick={() => actions.startReply(comment)}>
                Reply
              </button>
            )}
            {mayEdit && (
              <button type="button" id={editButtonId(comment.id)} className="comment-action" onClick={() => actions.startEdit(comment)}>
                Edit
              </button>
            )}
            {mayDelete && (
              <button type="button" className="comment-action comment-delete" onClick={() => actions.remove(comment)}>
                Delete
              </button>
            )}
          </footer>
        )}
      </article>
      {isReplying && (
        <CommentForm
          postId={actions.postId}
          mode="reply"
          label={`Reply to ${comment.fullname}`}
          autoFocus
          onSend={(content, pings) => actions.send(content, pings, comment.id)}
          onCancel={() => actions.cancelReply(comment)}
        />
      )}
    </>
  );
}
