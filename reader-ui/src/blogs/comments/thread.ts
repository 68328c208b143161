import type { CommentWidget } from '../api';

/**
 * The comment thread widget's rules (spec sections 4, 5, 6 and 9), kept apart from
 * React: threading, sorting, collapsed replies, who may edit or delete, when Send works.
 */

export type CommentSort = 'newest' | 'oldest' | 'popular';

export const COMMENT_SORTS: readonly { readonly value: CommentSort; readonly label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'popular', label: 'Popular' },
];

/** At most this many replies show under a comment until "Show all N replies" (spec section 9). */
const MAX_VISIBLE_REPLIES = 2;

/** A top-level comment and every reply below it (replies to replies too), oldest first. */
export interface Thread {
  readonly comment: CommentWidget;
  readonly replies: readonly CommentWidget[];
}

function time(value: string): number {
  const t = Date.parse(value);
  return Number.isNaN(t) ? 0 : t;
}

const oldestFirst = (a: CommentWidget, b: CommentWidget) => time(a.created) - time(b.created) || a.id.localeCompare(b.id);

/**
 * Threads the comments by `parent`: each comment without a parent (or whose parent is
 * gone) starts a thread; a reply, at any depth, joins the thread of its top ancestor.
 */
export function buildThreads(comments: readonly CommentWidget[]): Thread[] {
  const byId = new Map(comments.map((c) => [c.id, c]));
  const rootOf = (comment: CommentWidget): CommentWidget => {
    const path: CommentWidget[] = [comment];
    let current = comment;
    while (current.parent !== null) {
      const parent = byId.get(current.parent);
      if (parent === undefined) break; // the parent is gone: this one leads
      const loopAt = path.indexOf(parent);
      // a loop of replies (bad data): its member with the lowest id leads, the same for each member
      if (loopAt >= 0) return path.slice(loopAt).reduce((a, b) => (b.id < a.id ? b : a));
      path.push(parent);
      current = parent;
    }
    return current;
  };
  const replies = new Map<string, CommentWidget[]>();
  const roots: CommentWidget[] = [];
  for (const comment of comments) {
    const root = rootOf(comment);
    if (root.id === comment.id) roots.push(comment);
    else replies.set(root.id, [...(replies.get(root.id) ?? []), comment]);
  }
  return roots.map((comment) => ({ comment, replies: (replies.get(comment.id) ?? []).sort(oldestFirst) }));
}

/** Top-level order: newest or oldest first, or the most upvoted first (newer first on a tie). Replies stay oldest first. */
export function sortThreads(threads: readonly Thread[], sort: CommentSort): Thread[] {
  const list = [...threads];
  switch (sort) {
    case 'oldest':
      return list.sort((a, b) => oldestFirst(a.comment, b.comment));
    case 'newest':
      return list.sort((a, b) => oldestFirst(b.comment, a.comment));
    case 'popular':
      return list.sort((a, b) => b.comment.upvote_count - a.comment.upvote_count || oldestFirst(b.comment, a.comment));
  }
}

/** Replies to show: all when expanded, else the latest MAX_VISIBLE_REPLIES; and how many are hidden. */
export function visibleReplies<T>(replies: readonly T[], expanded: boolean, max = MAX_VISIBLE_REPLIES): { shown: readonly T[]; hidden: number } {
  if (expanded || replies.length <= max) return { shown: replies, hidden: 0 };
  return { shown: replies.slice(replies.length - max), hidden: replies.length - max };
}

/** The button that shows every reply: "Show all 5 replies". */
export function showAllLabel(total: number): string {
  return `Show all ${total} replies`;
}

/** Who reads the thread, as the session tells it. */
export interface Viewer {
  readonly loggedIn: boolean;
  readonly role?: string | undefined;
}

/** Only the comment's owner or an admin may edit it (spec section 6). */
export function canEditComment(comment: CommentWidget, viewer: Viewer | null): boolean {
  if (viewer === null || !viewer.loggedIn) return false;
  return comment.created_by_current_user || viewer.role === 'admin';
}

export function hasReplies(comments: readonly CommentWidget[], id: string): boolean {
  return comments.some((c) => c.parent === id);
}

/** Deleting is for the same people, and not offered for a comment that has replies (spec section 5). */
export function canDeleteComment(comment: CommentWidget, viewer: Viewer | null, comments: readonly CommentWidget[]): boolean {
  return canEditComment(comment, viewer) && !hasReplies(comments, comment.id);
}

/** Signed-in readers may upvote, once each. */
export function canUpvote(viewer: Viewer | null): boolean {
  return viewer !== null && viewer.loggedIn;
}

/** The comment with the reader's upvote turned on or off. */
export function withUpvote(comment: CommentWidget, upvote: boolean): CommentWidget {
  if (comment.user_has_upvoted === upvote) return comment;
  return { ...comment, user_has_upvoted: upvote, upvote_count: Math.max(0, comment.upvote_count + (upvote ? 1 : -1)) };
}

/** The list with one comment replaced. */
export function replaceComment(comments: readonly CommentWidget[], next: CommentWidget): CommentWidget[] {
  return comments.map((c) => (c.id === next.id ? next : c));
}

/**
 * Send works with some text; when editing, only once the text differs from the
 * comment's (the thread has no way to move a comment, so its parent cannot change).
 */
export function canSend(content: string, original: string | null = null): boolean {
  if (content.trim() === '') return false;
  return original === null || content.trim() !== original.trim();
}

const MIN_ROWS = 2;
const MAX_ROWS = 5;

/** The textarea grows with its lines from 2 to 5 rows (spec section 9); longer text scrolls. */
export function textareaRows(content: string, min = MIN_ROWS, max = MAX_ROWS): number {
  const lines = content === '' ? 1 : content.split('\n').length;
  return Math.min(max, Math.max(min, lines));
}
