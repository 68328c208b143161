import { DomainError, type Decider } from '../decider.js';
import type { BlogEvent } from '@epos/schemas';

export type BlogState = { exists: boolean; title: string; description: string; archived: boolean };

/** One edit of a blog (the console's form): each field given is set, all in one append. */
export type BlogCommand = { kind: 'update'; title?: string; description?: string; archived?: boolean };

/** A new blog under its slug (the blog's id). */
export type CreateBlog = { kind: 'create'; title: string; description: string };

const initialState: BlogState = { exists: false, title: '', description: '', archived: false };

function evolve(state: BlogState, event: BlogEvent): BlogState {
  switch (event.type) {
    case 'BlogCreated':
      return { exists: true, title: event.data.title, description: event.data.description, archived: false };
    case 'BlogRenamed':
      return { ...state, title: event.data.title };
    case 'BlogDescribed':
      return { ...state, description: event.data.description };
    case 'BlogArchived':
      return { ...state, archived: true };
    case 'BlogUnarchived':
      return { ...state, archived: false };
    default:
      return state;
  }
}

/** A new blog's event, or the events of an edit: only for the fields that change. */
function decide(command: BlogCommand | CreateBlog, state: BlogState, blogId: string): BlogEvent[] {
  if (command.kind === 'create') {
    if (state.exists) throw new DomainError('conflict', `slug: there is already a blog ${blogId}`, 'slug');
    return [{ type: 'BlogCreated', data: { blogId, title: command.title, description: command.description } }];
  }
  if (!state.exists) throw new DomainError('not_found', 'No blog found');
  const { title, description, archived } = command;
  const events: BlogEvent[] = [];
  if (title !== undefined && title !== state.title) events.push({ type: 'BlogRenamed', data: { blogId, title } });
  if (description !== undefined && description !== state.description) events.push({ type: 'BlogDescribed', data: { blogId, description } });
  if (archived !== undefined && archived !== state.archived)
    events.push(archived ? { type: 'BlogArchived', data: { blogId } } : { type: 'BlogUnarchived', data: { blogId } });
  return events;
}

/** The rules of one blog's own stream (its posts have theirs). */
export function blogDecider(blogId: string): Decider<BlogCommand | CreateBlog, BlogEvent, BlogState> {
  return { initialState, evolve, decide: (command, state) => decide(command, state, blogId) };
}
