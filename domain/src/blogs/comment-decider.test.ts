import { describe, expect, it } from 'vitest';
import type { CommentEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import { commentsDecider } from './comment-decider.js';

const postId = '11111111-1111-4111-8111-111111111111';
const spec = deciderSpec(commentsDecider(postId));
const ann = { userId: '22222222-2222-4222-8222-222222222222', role: 'user' as const };
const ben = { userId: '33333333-3333-4333-8333-333333333333', role: 'user' as const };
const admin = { userId: '44444444-4444-4444-8444-444444444444', role: 'admin' as const };
const c1 = '55555555-5555-4555-8555-555555555555';
const c2 = '66666666-6666-4666-8666-666666666666';
const sealed = 'v1.a.b.c';
const posted = (commentId: string, author: typeof ann, parentId: string | null = null): CommentEvent => ({
  type: 'CommentPosted',
  data: { commentId, postId, parentId, authorId: author.userId, content: sealed, mentions: [] },
});

describe('comments decider', () => {
  it('replies only to existing comments', () => {
    spec
      .given([posted(c1, ann)])
      .when({ kind: 'post', actor: ben, commentId: c2, parentId: c1, content: sealed, pings: [] })
      .then([posted(c2, ben, c1)]);
    spec.when({ kind: 'post', actor: ben, commentId: c2, parentId: c1, content: sealed, pings: [] }).thenRefuses('not_found', /no such comment/);
  });

  it('lets only the owner or an admin edit or delete, and never a comment with replies', () => {
    spec
      .given([posted(c1, ann)])
      .when({ kind: 'edit', actor: ben, commentId: c1, content: sealed, pings: [] })
      .thenRefuses('forbidden', /author or an admin/);
    expect(
      spec
        .given([posted(c1, ann)])
        .when({ kind: 'edit', actor: admin, commentId: c1, content: sealed, pings: [] })
        .events(),
    ).toHaveLength(1);
    spec
      .given([posted(c1, ann), posted(c2, ben, c1)])
      .when({ kind: 'delete', actor: ann, commentId: c1 })
      .thenRefuses('conflict', 'A comment with replies cannot be deleted');
    const replyGone: CommentEvent = { type: 'CommentDeleted', data: { commentId: c2, postId } };
    spec
      .given([posted(c1, ann), posted(c2, ben, c1), replyGone])
      .when({ kind: 'delete', actor: ann, commentId: c1 })
      .then([{ type: 'CommentDeleted', data: { commentId: c1, postId } }]);
  });

  it('counts one upvote per reader and takes it back', () => {
    const up = spec
      .given([posted(c1, ann)])
      .when({ kind: 'upvote', actor: ben, commentId: c1, upvote: true })
      .events();
    expect(up).toEqual([{ type: 'CommentUpvoted', data: { commentId: c1, postId, userId: ben.userId } }]);
    spec
      .given([posted(c1, ann), ...up])
      .when({ kind: 'upvote', actor: ben, commentId: c1, upvote: true })
      .thenNothing();
    spec
      .given([posted(c1, ann), ...up])
      .when({ kind: 'upvote', actor: ben, commentId: c1, upvote: false })
      .then([{ type: 'CommentUpvoteWithdrawn', data: { commentId: c1, postId, userId: ben.userId } }]);
    spec
      .given([posted(c1, ann)])
      .when({ kind: 'upvote', actor: ben, commentId: c1, upvote: false })
      .thenNothing();
  });

  it('lets only an admin hide a comment or show it again, once each way', () => {
    const hidden: CommentEvent = { type: 'CommentHidden', data: { commentId: c1, postId } };
    spec
      .given([posted(c1, ann)])
      .when({ kind: 'hide', actor: ann, commentId: c1, hidden: true })
      .thenRefuses('forbidden', /Only an admin/);
    spec
      .given([posted(c1, ann)])
      .when({ kind: 'hide', actor: admin, commentId: c1, hidden: true })
      .then([hidden]);
    spec
      .given([posted(c1, ann), hidden])
      .when({ kind: 'hide', actor: admin, commentId: c1, hidden: true })
      .thenNothing();
    spec
      .given([posted(c1, ann), hidden])
      .when({ kind: 'hide', actor: admin, commentId: c1, hidden: false })
      .then([{ type: 'CommentShown', data: { commentId: c1, postId } }]);
    spec.when({ kind: 'hide', actor: admin, commentId: c1, hidden: true }).thenRefuses('not_found', /no such comment/);
  });

  it('takes no comment on a post of an archived blog', () => {
    spec
      .when({ kind: 'post', actor: ann, commentId: c1, parentId: null, content: sealed, pings: [], blogArchived: true })
      .thenRefuses('invalid', 'This blog is archived: its posts take no new comments');
    spec.when({ kind: 'post', actor: ann, commentId: c1, parentId: null, content: sealed, pings: [], blogArchived: false }).then([posted(c1, ann)]);
  });

  it('takes no reply anywhere under a hidden comment', () => {
    const c3 = '77777777-7777-4777-8777-777777777777';
    const c4 = '88888888-8888-4888-8888-888888888888';
    const thread = [posted(c1, ann), posted(c2, ben, c1)];
    const hidden: CommentEvent = { type: 'CommentHidden', data: { commentId: c1, postId } };
    const reply = (parentId: string) => ({ kind: 'post' as const, actor: ben, commentId: c4, parentId, content: sealed, pings: [] });
    spec
      .given([...thread, hidden])
      .when(reply(c2))
      .thenRefuses('not_found', /no such comment/);
    spec
      .given([...thread, hidden])
      .when(reply(c1))
      .thenRefuses('not_found', /no such comment/);
    spec
      .given([...thread, posted(c3, ann), hidden])
      .when(reply(c3))
      .then([posted(c4, ben, c3)]);
    spec
      .given([...thread, hidden, { type: 'CommentShown', data: { commentId: c1, postId } }])
      .when(reply(c2))
      .then([posted(c4, ben, c2)]);
  });
});
