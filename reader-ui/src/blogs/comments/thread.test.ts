import { describe, expect, it } from 'vitest';
import type { CommentWidget } from '../api';
import {
  buildThreads,
  canDeleteComment,
  canEditComment,
  canSend,
  canUpvote,
  hasReplies,
  replaceComment,
  showAllLabel,
  sortThreads,
  textareaRows,
  visibleReplies,
  withUpvote,
} from './thread';

function comment(id: string, parent: string | null, minute: number, extra: Partial<CommentWidget> = {}): CommentWidget {
  const created = new Date(Date.UTC(2024, 2, 5, 10, minute)).toISOString();
  return {
    id,
    parent,
    created,
    modified: created,
    content: `comment ${id}`,
    content_html: `<p>comment ${id}</p>`,
    file: null,
    file_url: null,
    file_mime_type: null,
    pings: {},
    creator: `user-${id}`,
    fullname: `User ${id}`,
    profile_url: `/user/user-${id}`,
    profile_picture_url: null,
    created_by_admin: false,
    created_by_current_user: false,
    upvote_count: 0,
    user_has_upvoted: false,
    ...extra,
  };
}

const ids = (list: readonly { id: string }[]) => list.map((c) => c.id);

describe('buildThreads', () => {
  it('puts every reply, at any depth, under its top-level comment, oldest first', () => {
    const threads = buildThreads([
      comment('a', null, 1),
      comment('b', null, 2),
      comment('a3', 'a2', 5),
      comment('a1', 'a', 3),
      comment('a2', 'a', 4),
      comment('b1', 'b', 6),
    ]);
    expect(threads.map((t) => t.comment.id)).toEqual(['a', 'b']);
    expect(ids(threads[0]?.replies ?? [])).toEqual(['a1', 'a2', 'a3']);
    expect(ids(threads[1]?.replies ?? [])).toEqual(['b1']);
  });

  it('lets a reply whose parent is gone lead its own thread, and survives a loop', () => {
    const threads = buildThreads([comment('x', 'gone', 1), comment('y', 'z', 2), comment('z', 'y', 3)]);
    expect(threads.map((t) => t.comment.id)).toContain('x');
    expect(threads.flatMap((t) => [t.comment.id, ...ids(t.replies)]).sort()).toEqual(['x', 'y', 'z']);
  });

  it('is empty for no comments', () => {
    expect(buildThreads([])).toEqual([]);
  });
});

describe('sortThreads', () => {
  const threads = buildThreads([
    comment('old', null, 1, { upvote_count: 2 }),
    comment('mid', null, 2, { upvote_count: 5 }),
    comment('new', null, 3, { upvote_count: 2 }),
    comment('r', 'old', 4),
  ]);

  it('sorts newest, oldest or popular first', () => {
    expect(sortThreads(threads, 'newest').map((t) => t.comment.id)).toEqual(['new', 'mid', 'old']);
    expect(sortThreads(threads, 'oldest').map((t) => t.comment.id)).toEqual(['old', 'mid', 'new']);
    expect(sortThreads(threads, 'popular').map((t) => t.comment.id)).toEqual(['mid', 'new', 'old']);
  });

  it('keeps replies with their comment and leaves the input alone', () => {
    expect(ids(sortThreads(threads, 'newest').find((t) => t.comment.id === 'old')?.replies ?? [])).toEqual(['r']);
    expect(threads.map((t) => t.comment.id)).toEqual(['old', 'mid', 'new']);
  });
});

describe('visibleReplies', () => {
  const replies = ['r1', 'r2', 'r3', 'r4', 'r5'];

  it('shows the latest 2 until expanded', () => {
    expect(visibleReplies(replies, false)).toEqual({ shown: ['r4', 'r5'], hidden: 3 });
    expect(visibleReplies(replies, true)).toEqual({ shown: replies, hidden: 0 });
    expect(visibleReplies(['r1', 'r2'], false)).toEqual({ shown: ['r1', 'r2'], hidden: 0 });
    expect(visibleReplies([], false)).toEqual({ shown: [], hidden: 0 });
    expect(showAllLabel(5)).toBe('Show all 5 replies');
  });
});

describe('who may do what', () => {
  const mine = comment('m', null, 1, { created_by_current_user: true });
  const theirs = comment('t', null, 2);
  const reply = comment('t1', 't', 3);
  const all = [mine, theirs, reply];
  const user = { loggedIn: true, role: 'user' };
  const admin = { loggedIn: true, role: 'admin' };
  const blogger = { loggedIn: true, role: 'blogger' };
  const visitor = { loggedIn: false };

  it('lets the owner or an admin edit', () => {
    expect(canEditComment(mine, user)).toBe(true);
    expect(canEditComment(theirs, user)).toBe(false);
    expect(canEditComment(theirs, blogger)).toBe(false);
    expect(canEditComment(theirs, admin)).toBe(true);
    expect(canEditComment(mine, visitor)).toBe(false);
    expect(canEditComment(mine, null)).toBe(false);
  });

  it('lets them delete only comments without replies', () => {
    expect(hasReplies(all, 't')).toBe(true);
    expect(hasReplies(all, 'm')).toBe(false);
    expect(canDeleteComment(mine, user, all)).toBe(true);
    expect(canDeleteComment(theirs, admin, all)).toBe(false);
    expect(canDeleteComment(reply, admin, all)).toBe(true);
    expect(canDeleteComment(reply, user, all)).toBe(false);
  });

  it('lets signed-in readers upvote, once each', () => {
    expect(canUpvote(user)).toBe(true);
    expect(canUpvote(visitor)).toBe(false);
    expect(canUpvote(null)).toBe(false);
    const up = withUpvote(theirs, true);
    expect(up).toMatchObject({ user_has_upvoted: true, upvote_count: 1 });
    expect(withUpvote(up, true)).toBe(up);
    expect(withUpvote(up, false)).toMatchObject({ user_has_upvoted: false, upvote_count: 0 });
    expect(withUpvote({ ...theirs, user_has_upvoted: true, upvote_count: 0 }, false).upvote_count).toBe(0);
    expect(replaceComment(all, up).map((c) => c.upvote_count)).toEqual([0, 1, 0]);
  });
});

describe('the comment form', () => {
  it('sends only some text, and an edit only once it changed', () => {
    expect(canSend('')).toBe(false);
    expect(canSend('  \n ')).toBe(false);
    expect(canSend('Hello')).toBe(true);
    expect(canSend('Hello', 'Hello')).toBe(false);
    expect(canSend('Hello ', 'Hello')).toBe(false);
    expect(canSend('Hello!', 'Hello')).toBe(true);
    expect(canSend('', 'Hello')).toBe(false);
  });

  it('grows from 2 to 5 rows', () => {
    expect(textareaRows('')).toBe(2);
    expect(textareaRows('one line')).toBe(2);
    expect(textareaRows('1\n2\n3')).toBe(3);
    expect(textareaRows('1\n2\n3\n4\n5\n6\n7')).toBe(5);
  });
});
