import { describe, expect, it } from 'vitest';
import { DomainError } from '../decider.js';
import type { PostEvent } from '@epos/schemas';
import type { BlogActor } from './access.js';
import { postDecider, type PostCommand } from './post-decider.js';

const postId = '11111111-1111-4111-8111-111111111111';
const decider = postDecider(postId);
const blogger: BlogActor = { userId: '22222222-2222-4222-8222-222222222222', role: 'blogger', blogs: ['poetry'] };
const other = { userId: '33333333-3333-4333-8333-333333333333', role: 'blogger' as const, blogs: ['poetry'] };
const admin = { userId: '44444444-4444-4444-8444-444444444444', role: 'admin' as const, blogs: [] };
const content = { title: 'T', subtitle: '', seriesTitle: 'S', excerpt: '', markdown: 'M' };
const now = '2026-11-21T10:00:00.000Z';
const given = (events: PostEvent[]) => events.reduce(decider.evolve, decider.initialState);
const when = (events: PostEvent[], command: PostCommand) => decider.decide(command, given(events));
const created: PostEvent = { type: 'PostCreated', data: { postId, blogId: 'poetry', url: 't', authorId: blogger.userId, content } };
const scheduled: PostEvent = { type: 'PostScheduled', data: { postId, publishAt: '2026-11-21T11:00:00.000Z' } };

describe('post decider', () => {
  it('creates in assigned blogs only, with the status asked for', () => {
    const create = (actor: BlogActor, intent: Extract<PostCommand, { kind: 'create' }>['intent']) => when([], { kind: 'create', actor, postId, blogId: 'poetry', url: 't', content, intent, now });
    expect(create(blogger, { status: 'draft' }).map((e) => e.type)).toEqual(['PostCreated']);
    expect(create(blogger, { status: 'published' })[1]).toEqual({ type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: true } });
    expect(() => create({ ...blogger, blogs: ['prose'] }, { status: 'draft' })).toThrow(DomainError);
    expect(() => create(blogger, { status: 'scheduled', publishAt: '2026-11-21T09:00:00.000Z' })).toThrow(/future/);
  });

  it('revises only changed text, lets only the author or an admin edit, and refuses stale revisions', () => {
    const update = (actor: BlogActor, text: typeof content, expectedRevision?: number) => when([created], { kind: 'update', actor, blogId: 'poetry', content: text, intent: { status: 'draft' }, now, ...(expectedRevision ? { expectedRevision } : {}) });
    expect(update(blogger, content)).toEqual([]);
    expect(update(blogger, { ...content, markdown: 'N' })).toEqual([{ type: 'PostRevised', data: { postId, content: { ...content, markdown: 'N' } } }]);
    expect(() => update(other, content)).toThrow(/not allowed/);
    expect(update(admin, { ...content, title: 'U' })).toHaveLength(1);
    expect(() => update(blogger, content, 2)).toThrow(/someone else/);
  });

  it('publishes a scheduled post once, never early, and announces only the first publication', () => {
    expect(when([created, scheduled], { kind: 'publishDue', now: '2026-11-21T10:59:59.000Z' })).toEqual([]);
    const published = when([created, scheduled], { kind: 'publishDue', now: '2026-11-21T11:00:00.500Z' });
    expect(published).toEqual([{ type: 'PostPublished', data: { postId, publishedAt: '2026-11-21T11:00:00.000Z', scheduled: true, first: true } }]);
    expect(when([created, scheduled, ...published], { kind: 'publishDue', now: '2026-11-21T12:00:00.000Z' })).toEqual([]);
    const again = when([created, ...published, { type: 'PostUnpublished', data: { postId } }], { kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'published' }, now });
    expect(again).toEqual([{ type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: false } }]);
    expect(when([created, scheduled, { type: 'PostDeleted', data: { postId } }], { kind: 'publishDue', now: '2026-11-21T12:00:00.000Z' })).toEqual([]);
  });

  it('moves between statuses: unschedule to draft, unpublish, no scheduling once published', () => {
    expect(when([created, scheduled], { kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'draft' }, now })).toEqual([{ type: 'PostUnscheduled', data: { postId } }]);
    const live: PostEvent = { type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: true } };
    expect(when([created, live], { kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'draft' }, now })).toEqual([{ type: 'PostUnpublished', data: { postId } }]);
    expect(() => when([created, live], { kind: 'update', actor: blogger, blogId: 'poetry', content, intent: { status: 'scheduled', publishAt: '2027-01-01T00:00:00.000Z' }, now })).toThrow(/cannot be scheduled/);
    expect(() => when([created], { kind: 'update', actor: blogger, blogId: 'prose', content, intent: { status: 'draft' }, now })).toThrow(/stays in its blog/);
  });

  it('autosaves only a changed working copy and restores existing revisions only', () => {
    expect(when([created], { kind: 'autosave', actor: blogger, content: { markdown: 'M' } })).toEqual([]);
    const saved = when([created], { kind: 'autosave', actor: blogger, content: { markdown: 'draft' } });
    expect(saved).toHaveLength(1);
    expect(when([created, ...saved], { kind: 'autosave', actor: blogger, content: { markdown: 'draft' } })).toEqual([]);
    const revised: PostEvent = { type: 'PostRevised', data: { postId, content: { ...content, markdown: 'two' } } };
    expect(when([created, revised], { kind: 'restore', actor: blogger, revision: 1 })).toEqual([{ type: 'PostRevised', data: { postId, content, restoredFrom: 1 } }]);
    expect(() => when([created, revised], { kind: 'restore', actor: blogger, revision: 5 })).toThrow(/no revision 5/);
  });

  it('brings a deleted post back as a draft with its last text, for those who may edit it', () => {
    const deleted: PostEvent = { type: 'PostDeleted', data: { postId } };
    const undeleted: PostEvent = { type: 'PostUndeleted', data: { postId, blogId: 'poetry', url: 't', authorId: blogger.userId, content, revision: 1 } };
    expect(when([created, scheduled, deleted], { kind: 'undelete', actor: admin })).toEqual([undeleted]);
    expect(() => when([created, deleted], { kind: 'undelete', actor: other })).toThrow(/not allowed/);
    expect(when([created], { kind: 'undelete', actor: admin })).toEqual([]);
    expect(() => when([], { kind: 'undelete', actor: admin })).toThrow('Not Found');
    expect(given([created, scheduled, deleted, undeleted])).toMatchObject({ deleted: false, status: 'draft', publishAt: null });
  });

  it('in an archived blog: creates nothing, publishes and schedules nothing, still edits, unpublishes and deletes', () => {
    const archived = { blogArchived: true };
    expect(() => when([], { kind: 'create', actor: blogger, postId, blogId: 'poetry', url: 't', content, intent: { status: 'draft' }, now, ...archived })).toThrow(/archived: it takes no new posts/);
    const update = (events: PostEvent[], intent: Extract<PostCommand, { kind: 'update' }>['intent'], text = content) => when(events, { kind: 'update', actor: blogger, blogId: 'poetry', content: text, intent, now, ...archived });
    expect(() => update([created], { status: 'published' })).toThrow(/archived/);
    expect(() => update([created], { status: 'scheduled', publishAt: '2027-01-01T00:00:00.000Z' })).toThrow(/archived/);
    expect(update([created], { status: 'draft' }, { ...content, markdown: 'N' }).map((e) => e.type)).toEqual(['PostRevised']);
    const live: PostEvent = { type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: true } };
    expect(update([created, live], { status: 'published' }, { ...content, title: 'U' }).map((e) => e.type)).toEqual(['PostRevised']);
    expect(update([created, live], { status: 'draft' }).map((e) => e.type)).toEqual(['PostUnpublished']);
    expect(when([created, live], { kind: 'delete', actor: blogger }).map((e) => e.type)).toEqual(['PostDeleted']);
    // A scheduled post waits while its blog is archived, and goes out once it is not.
    expect(when([created, scheduled], { kind: 'publishDue', now: '2026-11-21T12:00:00.000Z', ...archived })).toEqual([]);
    expect(when([created, scheduled], { kind: 'publishDue', now: '2026-11-21T12:00:00.000Z', blogArchived: false })).toHaveLength(1);
  });
});
