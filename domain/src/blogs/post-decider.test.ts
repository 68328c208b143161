import { describe, expect, it } from 'vitest';
import type { PostEvent } from '@epos/schemas';
import { deciderSpec } from '../testkit/decider-spec.js';
import type { BlogActor } from './access.js';
import { postDecider, type PostCommand } from './post-decider.js';

const postId = '11111111-1111-4111-8111-111111111111';
const spec = deciderSpec(postDecider(postId));
const blogger: BlogActor = { userId: '22222222-2222-4222-8222-222222222222', role: 'blogger', blogs: ['poetry'] };
const other = { userId: '33333333-3333-4333-8333-333333333333', role: 'blogger' as const, blogs: ['poetry'] };
const admin = { userId: '44444444-4444-4444-8444-444444444444', role: 'admin' as const, blogs: [] };
const content = { title: 'T', subtitle: '', seriesTitle: 'S', excerpt: '', markdown: 'M' };
const now = '2026-11-21T10:00:00.000Z';
const created: PostEvent = { type: 'PostCreated', data: { postId, blogId: 'poetry', url: 't', authorId: blogger.userId, content } };
const scheduled: PostEvent = { type: 'PostScheduled', data: { postId, publishAt: '2026-11-21T11:00:00.000Z' } };

describe('post decider', () => {
  it('creates in assigned blogs only, with the status asked for', () => {
    const create = (actor: BlogActor, intent: Extract<PostCommand, { kind: 'create' }>['intent']) =>
      spec.when({ kind: 'create', actor, postId, blogId: 'poetry', url: 't', content, intent, now });
    expect(
      create(blogger, { status: 'draft' })
        .events()
        .map((e) => e.type),
    ).toEqual(['PostCreated']);
    expect(create(blogger, { status: 'published' }).events()[1]).toEqual({
      type: 'PostPublished',
      data: { postId, publishedAt: now, scheduled: false, first: true },
    });
    create({ ...blogger, blogs: ['prose'] }, { status: 'draft' }).thenRefuses('forbidden');
    create(blogger, { status: 'scheduled', publishAt: '2026-11-21T09:00:00.000Z' }).thenRefuses('invalid', /future/);
  });

  it('revises only changed text, lets only the author or an admin edit, and refuses stale revisions', () => {
    const update = (actor: BlogActor, text: typeof content, expectedRevision?: number) =>
      spec
        .given([created])
        .when({ kind: 'update', actor, blogId: 'poetry', content: text, intent: { status: 'draft' }, now, ...(expectedRevision ? { expectedRevision } : {}) });
    update(blogger, content).thenNothing();
    update(blogger, { ...content, markdown: 'N' }).then([{ type: 'PostRevised', data: { postId, content: { ...content, markdown: 'N' } } }]);
    update(other, content).thenRefuses('forbidden', /not allowed/);
    expect(update(admin, { ...content, title: 'U' }).events()).toHaveLength(1);
    update(blogger, content, 2).thenRefuses('conflict', /someone else/);
  });

  it('publishes a scheduled post once, never early, and announces only the first publication', () => {
    spec.given([created, scheduled]).when({ kind: 'publishDue', now: '2026-11-21T10:59:59.000Z' }).thenNothing();
    const published = spec.given([created, scheduled]).when({ kind: 'publishDue', now: '2026-11-21T11:00:00.500Z' }).events();
    expect(published).toEqual([{ type: 'PostPublished', data: { postId, publishedAt: '2026-11-21T11:00:00.000Z', scheduled: true, first: true } }]);
    spec
      .given([created, scheduled, ...published])
      .when({ kind: 'publishDue', now: '2026-11-21T12:00:00.000Z' })
      .thenNothing();
    spec
      .given([created, ...published, { type: 'PostUnpublished', data: { postId } }])
      .when({ kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'published' }, now })
      .then([{ type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: false } }]);
    spec
      .given([created, scheduled, { type: 'PostDeleted', data: { postId } }])
      .when({ kind: 'publishDue', now: '2026-11-21T12:00:00.000Z' })
      .thenNothing();
  });

  it('moves between statuses: unschedule to draft, unpublish, no scheduling once published', () => {
    spec
      .given([created, scheduled])
      .when({ kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'draft' }, now })
      .then([{ type: 'PostUnscheduled', data: { postId } }]);
    const live: PostEvent = { type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: true } };
    spec
      .given([created, live])
      .when({ kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'draft' }, now })
      .then([{ type: 'PostUnpublished', data: { postId } }]);
    spec
      .given([created, live])
      .when({ kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'scheduled', publishAt: '2027-01-01T00:00:00.000Z' }, now })
      .thenRefuses('invalid', /cannot be scheduled/);
    spec
      .given([created])
      .when({ kind: 'update', actor: blogger, blogId: 'prose', content, intent: { status: 'draft' }, now })
      .thenRefuses('invalid', /stays in its blog/);
  });

  it('autosaves only a changed working copy and restores existing revisions only', () => {
    spec
      .given([created])
      .when({ kind: 'autosave', actor: blogger, content: { markdown: 'M' } })
      .thenNothing();
    const saved = spec
      .given([created])
      .when({ kind: 'autosave', actor: blogger, content: { markdown: 'draft' } })
      .events();
    expect(saved).toHaveLength(1);
    spec
      .given([created, ...saved])
      .when({ kind: 'autosave', actor: blogger, content: { markdown: 'draft' } })
      .thenNothing();
    const revised: PostEvent = { type: 'PostRevised', data: { postId, content: { ...content, markdown: 'two' } } };
    spec
      .given([created, revised])
      .when({ kind: 'restore', actor: blogger, revision: 1 })
      .then([{ type: 'PostRevised', data: { postId, content, restoredFrom: 1 } }]);
    spec
      .given([created, revised])
      .when({ kind: 'restore', actor: blogger, revision: 5 })
      .thenRefuses('not_found', /no revision 5/);
  });

  it('brings a deleted post back as a draft with its last text, for those who may edit it', () => {
    const deleted: PostEvent = { type: 'PostDeleted', data: { postId } };
    const undeleted: PostEvent = { type: 'PostUndeleted', data: { postId, blogId: 'poetry', url: 't', authorId: blogger.userId, content, revision: 1 } };
    spec.given([created, scheduled, deleted]).when({ kind: 'undelete', actor: admin }).then([undeleted]);
    spec
      .given([created, deleted])
      .when({ kind: 'undelete', actor: other })
      .thenRefuses('forbidden', /not allowed/);
    spec.given([created]).when({ kind: 'undelete', actor: admin }).thenNothing();
    spec.when({ kind: 'undelete', actor: admin }).thenRefuses('not_found', 'Not Found');
    expect(spec.given([created, scheduled, deleted, undeleted]).state()).toMatchObject({ deleted: false, status: 'draft', publishAt: null });
  });

  it('in an archived blog: creates nothing, publishes and schedules nothing, still edits, unpublishes and deletes', () => {
    const archived = { blogArchived: true };
    spec
      .when({ kind: 'create', actor: blogger, postId, blogId: 'poetry', url: 't', content, intent: { status: 'draft' }, now, ...archived })
      .thenRefuses('invalid', /archived: it takes no new posts/);
    const update = (events: PostEvent[], intent: Extract<PostCommand, { kind: 'update' }>['intent'], text = content) =>
      spec.given(events).when({ kind: 'update', actor: blogger, blogId: 'poetry', content: text, intent, now, ...archived });
    update([created], { status: 'published' }).thenRefuses('invalid', /archived/);
    update([created], { status: 'scheduled', publishAt: '2027-01-01T00:00:00.000Z' }).thenRefuses('invalid', /archived/);
    expect(
      update([created], { status: 'draft' }, { ...content, markdown: 'N' })
        .events()
        .map((e) => e.type),
    ).toEqual(['PostRevised']);
    const live: PostEvent = { type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: true } };
    expect(
      update([created, live], { status: 'published' }, { ...content, title: 'U' })
        .events()
        .map((e) => e.type),
    ).toEqual(['PostRevised']);
    expect(
      update([created, live], { status: 'draft' })
        .events()
        .map((e) => e.type),
    ).toEqual(['PostUnpublished']);
    expect(
      spec
        .given([created, live])
        .when({ kind: 'delete', actor: blogger })
        .events()
        .map((e) => e.type),
    ).toEqual(['PostDeleted']);
    // A scheduled post waits while its blog is archived, and goes out once it is not.
    spec
      .given([created, scheduled])
      .when({ kind: 'publishDue', now: '2026-11-21T12:00:00.000Z', ...archived })
      .thenNothing();
    expect(spec.given([created, scheduled]).when({ kind: 'publishDue', now: '2026-11-21T12:00:00.000Z', blogArchived: false }).events()).toHaveLength(1);
  });
});
