import { DomainError, type Decider } from '../decider.js';
import type { BlogEvent } from '@epos/schemas';

export type BlogState = { exists: boolean; title: string; description: string; archived: boolean };

export type BlogCommand =
  | { kind: 'rename'; title: string }
  | { kind: 'describe'; description: string }
  | { kind: 'archive'; archived: boolean };

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

function decide(command: BlogCommand, state: BlogState, blogId: string): BlogEvent[] {
  if (!state.exists) throw new DomainError('not_found', 'No blog found');
  switch (command.kind) {
    case 'rename':
      return command.title === state.title ? [] : [{ type: 'BlogRenamed', data: { blogId, title: command.title } }];
    case 'describe':
      return command.description === state.description ? [] : [{ type: 'BlogDescribed', data: { blogId, description: command.description } }];
    case 'archive':
      if (command.archived === state.archived) return [];
      return [command.archived ? { type: 'BlogArchived', data: { blogId } } : { type: 'BlogUnarchived', data: { blogId } }];
  }
}

/** The rules of one blog's own stream (its posts have theirs). */
export function blogDecider(blogId: string): Decider<BlogCommand, BlogEvent, BlogState> {
  return { initialState, evolve, decide: (command, state) => decide(command, state, blogId) };
}
