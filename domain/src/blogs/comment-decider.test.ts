import { describe, expect, it } from 'vitest';
import type { CommentEvent } from '@epos/schemas';
import { commentsDecider, type CommentCommand } from './comment-decider.js';

const postId = '11111111-1111-4111-8111-111111111111';
const decider = commentsDecider(postId);
const ann = { userId: '22222222-2222-4222-8222-222222222222', role: 'user' as const };
const ben = { userId: '33333333-3333-4333-8333-333333333333', role: 'user' as const };
const admin = { userId: '44444444-4444-4444-8444-444444444444', role: 'admin' as const };
const c1 = '55555555-5555-4555-8555-555555555555';
const c2 = '66666666-6666-4666-8666-666666666666';
const sealed = 'v1.a.b.c';
const posted = (commentId: string, author: typeof ann, parentId: string | null = null): CommentEvent => ({ type: 'CommentPosted', data: { commentId, postId, parentId, authorId: author.userId, content: sealed, mentions: [] } });
const when = (events: CommentEvent[], command: CommentCommand) => decider.decide(command, events.reduce(decider.evolve, decider.initialState));

describe('comments decider', () => {
  it('replies only to existing comments', () => {
    expect(when([posted(c1, ann)], { kind: 'post', actor: ben, commentId: c2, parentId: c1, content: sealed, pings: [] })).toEqual([posted(c2, ben, c1)]);
    expect(() => when([], { kind: 'post', actor: ben, commentId: c2, parentId: c1, content: sealed, pings: [] })).toThrow(/no such comment/);
  });

  it('lets only the owner or an admin edit or delete, and never a comment with replies', () => {
    expect(() => when([posted(c1, ann)], { kind: 'edit', actor: ben, commentId: c1, content: sealed, pings: [] })).toThrow(/author or an admin/);
    expect(when([posted(c1, ann)], { kind: 'edit', actor: admin, commentId: c1, content: sealed, pings: [] })).toHaveLength(1);
    expect(() => when([posted(c1, ann), posted(c2, ben, c1)], { kind: 'delete', actor: ann, commentId: c1 })).toThrow('A comment with replies cannot be deleted');
    const replyGone: CommentEvent = { type: 'CommentDeleted', data: { commentId: c2, postId } };
    expect(when([posted(c1, ann), posted(c2, ben, c1), replyGone], { kind: 'delete', actor: ann, commentId: c1 })).toEqual([{ type: 'CommentDeleted', data: { commentId: c1, postId } }]);
  });

  it('counts one upvote per reader and takes it back', () => {
    const up = when([posted(c1, ann)], { kind: 'upvote', actor: ben, commentId: c1, upvote: true });
    expect(up).toEqual([{ type: 'CommentUpvoted', data: { commentId: c1, postId, userId: ben.userId } }]);
    expect(when([posted(c1, ann), ...up], { kind: 'upvote', actor: ben, commentId: c1, upvote: true })).toEqual([]);
    expect(when([posted(c1, ann), ...up], { kind: 'upvote', actor: ben, commentId: c1, upvote: false })).toEqual([{ type: 'CommentUpvoteWithdrawn', data: { commentId: c1, postId, userId: ben.userId } }]);
    expect(when([posted(c1, ann)], { kind: 'upvote', actor: ben, commentId: c1, upvote: false })).toEqual([]);
  });

  it('lets only an admin hide a comment or show it again, once each way', () => {
    const hidden: CommentEvent = { type: 'CommentHidden', data: { commentId: c1, postId } };
    expect(() => when([posted(c1, ann)], { kind: 'hide', actor: ann, commentId: c1, hidden: true })).toThrow(/Only an admin/);
    expect(when([posted(c1, ann)], { kind: 'hide', actor: admin, commentId: c1, hidden: true })).toEqual([hidden]);
    expect(when([posted(c1, ann), hidden], { kind: 'hide', actor: admin, commentId: c1, hidden: true })).toEqual([]);
    expect(when([posted(c1, ann), hidden], { kind: 'hide', actor: admin, commentId: c1, hidden: false })).toEqual([{ type: 'CommentShown', data: { commentId: c1, postId } }]);
    expect(() => when([], { kind: 'hide', actor: admin, commentId: c1, hidden: true })).toThrow(/no such comment/);
  });

  it('takes no comment on a post of an archived blog', () => {
    expect(() => when([], { kind: 'post', actor: ann, commentId: c1, parentId: null, content: sealed, pings: [], blogArchived: true })).toThrow('This blog is archived: its posts take no new comments');
    expect(when([], { kind: 'post', actor: ann, commentId: c1, parentId: null, content: sealed, pings: [], blogArchived: false })).toEqual([posted(c1, ann)]);
  });

  it('takes no reply anywhere under a hidden comment', () => {
    const c3 = '77777777-7777-4777-8777-777777777777';
    const c4 = '88888888-8888-4888-8888-888888888888';
    const thread = [posted(c1, ann), posted(c2, ben, c1)];
    const hidden: CommentEvent = { type: 'CommentHidden', data: { commentId: c1, postId } };
    const reply = (parentId: string) => ({ kind: 'post' as const, actor: ben, commentId: c4, parentId, content: sealed, pings: [] });
    expect(() => when([...thread, hidden], reply(c2))).toThrow(/no such comment/);
    expect(() => when([...thread, hidden], reply(c1))).toThrow(/no such comment/);
    expect(when([...thread, posted(c3, ann), hidden], reply(c3))).toEqual([posted(c4, ben, c3)]);
    expect(when([...thread, hidden, { type: 'CommentShown', data: { commentId: c1, postId } }], reply(c2))).toEqual([posted(c4, ben, c2)]);
  });
});
