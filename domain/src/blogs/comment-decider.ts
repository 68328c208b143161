import { DomainError, type Decider } from '../decider.js';
import { blogMessages, type CommentEvent, type Role } from '@epos/schemas';
import { canChangeComment } from './access.js';

interface CommentFacts {
  authorId: string;
  parentId: string | null;
  deleted: boolean;
  hidden: boolean;
  upvoters: ReadonlySet<string>;
}

export type CommentsState = ReadonlyMap<string, CommentFacts>;

type Actor = { userId: string; role: Role };

export type CommentCommand =
  /** `blogArchived`: the post's blog was archived; its posts take no new comments. */
  | { kind: 'post'; actor: Actor; commentId: string; parentId: string | null; content: string; pings: string[]; blogArchived?: boolean }
  | { kind: 'edit'; actor: Actor; commentId: string; content: string; pings: string[] }
  | { kind: 'delete'; actor: Actor; commentId: string }
  | { kind: 'upvote'; actor: Actor; commentId: string; upvote: boolean }
  /** Moderation (admins): off the site or back on it. */
  | { kind: 'hide'; actor: Actor; commentId: string; hidden: boolean };

function evolve(state: CommentsState, event: CommentEvent): CommentsState {
  const next = new Map(state);
  const current = state.get(event.data.commentId);
  switch (event.type) {
    case 'CommentPosted':
      next.set(event.data.commentId, { authorId: event.data.authorId, parentId: event.data.parentId, deleted: false, hidden: false, upvoters: new Set() });
      break;
    case 'CommentDeleted':
      if (current) next.set(event.data.commentId, { ...current, deleted: true });
      break;
    case 'CommentHidden':
    case 'CommentShown':
      if (current) next.set(event.data.commentId, { ...current, hidden: event.type === 'CommentHidden' });
      break;
    case 'CommentUpvoted':
      if (current) next.set(event.data.commentId, { ...current, upvoters: new Set([...current.upvoters, event.data.userId]) });
      break;
    case 'CommentUpvoteWithdrawn':
      if (current) next.set(event.data.commentId, { ...current, upvoters: new Set([...current.upvoters].filter((u) => u !== event.data.userId)) });
      break;
    default:
      break;
  }
  return next;
}

function existing(state: CommentsState, commentId: string, field = 'id'): CommentFacts {
  const comment = state.get(commentId);
  if (!comment || comment.deleted) throw new DomainError('not_found', 'There is no such comment', field);
  return comment;
}

/** Hidden by an admin, itself or with a comment above it: readers see none of it, so it takes no replies. */
function concealed(state: CommentsState, commentId: string | null): boolean {
  for (let id = commentId; id !== null;) {
    const comment = state.get(id);
    if (!comment) return false;
    if (comment.hidden) return true;
    id = comment.parentId;
  }
  return false;
}

function decide(command: CommentCommand, state: CommentsState, postId: string): CommentEvent[] {
  const { commentId } = command;
  switch (command.kind) {
    case 'post':
      if (state.has(commentId)) throw new DomainError('conflict', 'This comment already exists');
      if (command.blogArchived) throw new DomainError('invalid', blogMessages.archivedNoComments);
      if (command.parentId) existing(state, command.parentId, 'parentof');
      if (concealed(state, command.parentId)) throw new DomainError('not_found', 'There is no such comment', 'parentof');
      return [
        {
          type: 'CommentPosted',
          data: { commentId, postId, parentId: command.parentId, authorId: command.actor.userId, content: command.content, mentions: command.pings },
        },
      ];
    case 'edit':
      if (!canChangeComment(command.actor, existing(state, commentId)))
        throw new DomainError('forbidden', "Only the comment's author or an admin may change it.");
      return [{ type: 'CommentEdited', data: { commentId, postId, content: command.content, mentions: command.pings } }];
    case 'delete': {
      if (!canChangeComment(command.actor, existing(state, commentId)))
        throw new DomainError('forbidden', "Only the comment's author or an admin may delete it.");
      const hasReplies = [...state.values()].some((c) => c.parentId === commentId && !c.deleted);
      if (hasReplies) throw new DomainError('conflict', blogMessages.commentWithReplies);
      return [{ type: 'CommentDeleted', data: { commentId, postId } }];
    }
    case 'upvote': {
      const has = existing(state, commentId).upvoters.has(command.actor.userId);
      if (command.upvote === has) return [];
      const data = { commentId, postId, userId: command.actor.userId };
      return [command.upvote ? { type: 'CommentUpvoted', data } : { type: 'CommentUpvoteWithdrawn', data }];
    }
    case 'hide': {
      if (command.actor.role !== 'admin') throw new DomainError('forbidden', 'Only an admin may hide or show a comment.');
      if (existing(state, commentId).hidden === command.hidden) return [];
      const data = { commentId, postId };
      return [command.hidden ? { type: 'CommentHidden', data } : { type: 'CommentShown', data }];
    }
  }
}

/** The rules of one post's comment thread. */
export function commentsDecider(postId: string): Decider<CommentCommand, CommentEvent, CommentsState> {
  return { initialState: new Map(), evolve, decide: (command, state) => decide(command, state, postId) };
}
