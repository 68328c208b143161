import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useConfirm } from '../../ui/confirm-dialog';
import type { Failure } from '../../ui/http';
import { useMe } from '../../ui/session';
import { useToast } from '../../ui/toast';
import { blogMessages } from '@epos/schemas/blogs/messages';
import { serverAnswer } from '../../ui/server-answers';
import { useHydrated } from '../../ui/use-hydrated';
import { blogApi, deleteComment, editComment, fetchComments, postComment, upvoteComment, type CommentWidget } from '../api';
import { FOLLOW_UP_DELAY_MS } from '../hooks';
import { blogTexts } from '../messages';
import { commentId, editButtonId, replyButtonId, type CommentActions } from './comment-entry';
import { buildThreads, replaceComment, sortThreads, withUpvote, type CommentSort, type Viewer } from './thread';

type Loaded =
  | { readonly status: 'loading' }
  | { readonly status: 'failed'; readonly message: string }
  | { readonly status: 'ready'; readonly comments: readonly CommentWidget[] };

/**
 * The comment thread's state: the comments (read 500 ms after the post, and again past each write),
 * their order, which replies show, the open reply or edit form, and the actions on a comment, each
 * moving focus to where the reader carries on.
 */
export function useComments(postId: string, closed: boolean) {
  const me = useMe();
  const toast = useToast();
  const [location] = useLocation();
  const search = useSearch();
  const hydrated = useHydrated();
  // the comments the server rendered the post with, while the browser hydrates it (read again after)
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const served = hydrated ? undefined : serverAnswer<readonly CommentWidget[]>(blogApi.comments(postId));
    return served === undefined ? { status: 'loading' } : { status: 'ready', comments: served };
  });
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

  const expand = (thread: { comment: CommentWidget; replies: readonly CommentWidget[] }) => {
    setExpanded((set) => new Set(set).add(thread.comment.id));
    const first = thread.replies[0];
    if (first !== undefined) focusNext.current = commentId(first.id);
  };

  return { me, loaded, comments, threads, sort, setSort, expanded, expand, headingId, dialog, here, send, actions };
}
