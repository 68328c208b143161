import { DomainError, type Decider } from '../decider.js';
import { blogMessages, type PostContent, type PostEvent } from '@epos/schemas';
import { canEditPost, canWriteIn, type BlogActor } from './access.js';

export type PostState = {
  exists: boolean;
  deleted: boolean;
  blogId: string;
  url: string;
  authorId: string;
  status: 'draft' | 'scheduled' | 'published';
  publishAt: string | null;
  /** Every revision of the text; revision n is `revisions[n - 1]`. */
  revisions: PostContent[];
  everPublished: boolean;
  /** The editor's latest working copy since the last saved revision. */
  autosave: Partial<PostContent> | null;
};

/** What the author asked for with the post's status radio. */
export type Intent = { status: 'published' } | { status: 'draft' } | { status: 'scheduled'; publishAt: string };

/** `blogArchived`: the post's blog was archived (its own stream says so): it takes no new posts and publishes none. */
export type PostCommand =
  | { kind: 'create'; actor: BlogActor; postId: string; blogId: string; url: string; content: PostContent; intent: Intent; now: string; blogArchived?: boolean }
  | { kind: 'update'; actor: BlogActor; blogId: string; content: PostContent; intent: Intent; expectedRevision?: number; now: string; blogArchived?: boolean }
  | { kind: 'autosave'; actor: BlogActor; content: Partial<PostContent> }
  | { kind: 'restore'; actor: BlogActor; revision: number }
  | { kind: 'delete'; actor: BlogActor }
  /** Brings a deleted post back as a draft (admins, from the console). */
  | { kind: 'undelete'; actor: BlogActor }
  /** The scheduler's: publish if the post is still scheduled and its time has come. */
  | { kind: 'publishDue'; now: string; blogArchived?: boolean };

const initialState: PostState = {
  exists: false,
  deleted: false,
  blogId: '',
  url: '',
  authorId: '',
  status: 'draft',
  publishAt: null,
  revisions: [],
  autosave: null,
  everPublished: false,
};

function evolve(state: PostState, event: PostEvent): PostState {
  switch (event.type) {
    case 'PostCreated':
      return { ...state, exists: true, blogId: event.data.blogId, url: event.data.url, authorId: event.data.authorId, revisions: [event.data.content] };
    case 'PostRevised':
      return { ...state, revisions: [...state.revisions, event.data.content], autosave: null };
    case 'PostAutosaved':
      return { ...state, autosave: event.data.content };
    case 'PostPublished':
      return { ...state, status: 'published', publishAt: null, everPublished: true };
    case 'PostScheduled':
      return { ...state, status: 'scheduled', publishAt: event.data.publishAt };
    case 'PostUnscheduled':
    case 'PostUnpublished':
      return { ...state, status: 'draft', publishAt: null };
    case 'PostDeleted':
      return { ...state, deleted: true };
    case 'PostUndeleted':
      return { ...state, deleted: false, status: 'draft', publishAt: null };
    default:
      return state;
  }
}

const sameContent = (a: PostContent, b: PostContent) =>
  a.title === b.title && a.subtitle === b.subtitle && a.seriesTitle === b.seriesTitle && a.excerpt === b.excerpt && a.markdown === b.markdown;

/** The status change asked for; none that publishes or schedules in an archived blog. */
function statusEvents(postId: string, state: PostState, intent: Intent, now: string, blogArchived = false): PostEvent[] {
  const events = statusChange(postId, state, intent, now);
  if (blogArchived && events.some((e) => e.type === 'PostPublished' || e.type === 'PostScheduled')) throw archivedBlog();
  return events;
}

const archivedBlog = () => new DomainError('invalid', blogMessages.archivedNoPosts, 'blog_id');

function statusChange(postId: string, state: PostState, intent: Intent, now: string): PostEvent[] {
  if (intent.status === 'scheduled' && Date.parse(intent.publishAt) <= Date.parse(now)) {
    throw new DomainError('invalid', 'published_at: choose a time in the future to schedule the post', 'published_at');
  }
  if (intent.status === state.status && (intent.status !== 'scheduled' || intent.publishAt === state.publishAt)) return [];
  switch (intent.status) {
    case 'published':
      return [{ type: 'PostPublished', data: { postId, publishedAt: now, scheduled: false, first: !state.everPublished } }];
    case 'scheduled':
      if (state.status === 'published') throw new DomainError('invalid', 'A published post cannot be scheduled; set it back to draft first', 'status');
      return [{ type: 'PostScheduled', data: { postId, publishAt: intent.publishAt } }];
    case 'draft':
      return [state.status === 'published' ? { type: 'PostUnpublished', data: { postId } } : { type: 'PostUnscheduled', data: { postId } }];
  }
}

function requireEditable(state: PostState, actor: BlogActor): void {
  if (!state.exists || state.deleted) throw new DomainError('not_found', 'Not Found');
  if (!canEditPost(actor, state)) throw new DomainError('forbidden', 'You are not allowed to edit this post.');
}

function decide(command: PostCommand, state: PostState, postId: string): PostEvent[] {
  switch (command.kind) {
    case 'create': {
      if (state.exists) throw new DomainError('conflict', 'This post already exists');
      if (!canWriteIn(command.actor, command.blogId)) throw new DomainError('forbidden', 'You are not allowed to write in this blog.', 'blog_id');
      if (command.blogArchived) throw archivedBlog();
      const created: PostEvent = {
        type: 'PostCreated',
        data: { postId, blogId: command.blogId, url: command.url, authorId: command.actor.userId, content: command.content },
      };
      return [created, ...statusEvents(postId, evolve(state, created), command.intent, command.now)];
    }
    case 'update': {
      requireEditable(state, command.actor);
      if (command.blogId !== state.blogId) throw new DomainError('invalid', 'blog_id: a post stays in its blog', 'blog_id');
      if (command.expectedRevision !== undefined && command.expectedRevision !== state.revisions.length) {
        throw new DomainError(
          'conflict',
          `This post was saved by someone else since you opened it (now at revision ${state.revisions.length}). Reload it to see their changes.`,
          'revision',
        );
      }
      const revised: PostEvent[] = sameContent(state.revisions.at(-1)!, command.content)
        ? []
        : [{ type: 'PostRevised', data: { postId, content: command.content } }];
      return [...revised, ...statusEvents(postId, state, command.intent, command.now, command.blogArchived)];
    }
    case 'autosave': {
      requireEditable(state, command.actor);
      const working = { ...state.revisions.at(-1)!, ...state.autosave };
      const changed = (Object.keys(command.content) as (keyof PostContent)[]).some((k) => command.content[k] !== working[k]);
      return changed ? [{ type: 'PostAutosaved', data: { postId, content: command.content } }] : [];
    }
    case 'restore': {
      requireEditable(state, command.actor);
      const old = state.revisions[command.revision - 1];
      if (!old) throw new DomainError('not_found', `There is no revision ${command.revision} of this post`, 'revision');
      if (sameContent(old, state.revisions.at(-1)!)) return [];
      return [{ type: 'PostRevised', data: { postId, content: old, restoredFrom: command.revision } }];
    }
    case 'delete':
      requireEditable(state, command.actor);
      return [{ type: 'PostDeleted', data: { postId } }];
    case 'undelete': {
      if (!state.exists) throw new DomainError('not_found', 'Not Found');
      if (!state.deleted) return [];
      if (!canEditPost(command.actor, state)) throw new DomainError('forbidden', 'You are not allowed to edit this post.');
      return [
        {
          type: 'PostUndeleted',
          data: { postId, blogId: state.blogId, url: state.url, authorId: state.authorId, content: state.revisions.at(-1)!, revision: state.revisions.length },
        },
      ];
    }
    case 'publishDue':
      // An archived blog's scheduled posts wait: the sweep publishes them once it is unarchived.
      if (!state.exists || state.deleted || state.status !== 'scheduled' || !state.publishAt || command.blogArchived) return [];
      if (Date.parse(state.publishAt) > Date.parse(command.now)) return [];
      return [{ type: 'PostPublished', data: { postId, publishedAt: state.publishAt, scheduled: true, first: !state.everPublished } }];
  }
}

/** The rules of one post's stream; the post id names the stream and every event. */
export function postDecider(postId: string): Decider<PostCommand, PostEvent, PostState> {
  return { initialState, evolve, decide: (command, state) => decide(command, state, postId) };
}
