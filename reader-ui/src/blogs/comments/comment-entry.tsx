import { useId } from 'react';
import { Link } from 'wouter';
import type { CommentWidget } from '../api';
import { countLabel } from '../../ui/count-label';
import { PostDate } from '../parts';
import { HtmlContent } from '../../ui/html-content';
import { clientPath, pageOrigin } from '../../ui/client-path';
import { CommentForm } from './comment-form';
import { canDeleteComment, canEditComment, canUpvote, showAllLabel, visibleReplies, type Thread, type Viewer } from './thread';

/** Element ids inside the thread, for moving focus after an action. */
export const commentId = (id: string) => `comment-${id}`;
export const replyButtonId = (id: string) => `comment-reply-${id}`;
export const editButtonId = (id: string) => `comment-edit-${id}`;

export interface CommentActions {
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

export function ThreadView({ thread, expanded, onExpand, actions }: { thread: Thread; expanded: boolean; onExpand: () => void; actions: CommentActions }) {
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
                  <CommentEntry
                    comment={reply}
                    actions={actions}
                    inReplyTo={parent !== undefined && parent.id !== thread.comment.id ? parent.fullname : undefined}
                  />
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
  const profile = clientPath(comment.profile_url, pageOrigin());
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
              <button
                type="button"
                id={replyButtonId(comment.id)}
                className="comment-action"
                aria-expanded={isReplying}
                onClick={() => actions.startReply(comment)}
              >
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
