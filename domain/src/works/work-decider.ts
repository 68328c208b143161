import { DomainError, type Decider } from '../decider.js';
import { workMessages, type WorkContent, type WorkEvent } from '@epos/schemas';

export type WorkState = {
  exists: boolean;
  workId: string;
  ownerId: string;
  deleted: boolean;
  hidden: boolean;
  sentences: number[];
  content: WorkContent | null;
};

/** Who asks: owners and administrators edit and delete; administrators alone hide and show. */
export type WorkActor = { userId: string; admin: boolean };

export type WorkCommand =
  | { kind: 'add'; workId: string; actor: WorkActor; sentences: number[]; content: WorkContent }
  | { kind: 'edit'; actor: WorkActor; sentences: number[]; content: WorkContent }
  | { kind: 'delete'; actor: WorkActor }
  | { kind: 'hide'; actor: WorkActor }
  | { kind: 'show'; actor: WorkActor };

const initialState: WorkState = { exists: false, workId: '', ownerId: '', deleted: false, hidden: false, sentences: [], content: null };

function evolve(state: WorkState, event: WorkEvent): WorkState {
  switch (event.type) {
    case 'WorkAdded':
      return { ...state, exists: true, workId: event.data.workId, ownerId: event.data.userId, sentences: event.data.sentences, content: event.data.content };
    case 'WorkEdited':
      return { ...state, sentences: event.data.sentences, content: event.data.content };
    case 'WorkDeleted':
      return { ...state, deleted: true };
    case 'WorkHidden':
      return { ...state, hidden: true };
    case 'WorkShown':
      return { ...state, hidden: false };
    default:
      return state;
  }
}

const sameWork = (state: WorkState, sentences: number[], content: WorkContent) =>
  state.sentences.length === sentences.length &&
  state.sentences.every((s, i) => s === sentences[i]) &&
  state.content?.type === content.type &&
  state.content.description === content.description &&
  state.content.url === content.url;

function decide(command: WorkCommand, state: WorkState): WorkEvent[] {
  if (command.kind === 'add') {
    if (state.exists) throw new DomainError('conflict', 'This work exists already.');
    return [{ type: 'WorkAdded', data: { workId: command.workId, userId: command.actor.userId, sentences: command.sentences, content: command.content } }];
  }
  if (!state.exists || state.deleted) throw new DomainError('not_found', workMessages.notFound);
  const { workId } = state;
  const ownerOrAdmin = command.actor.admin || command.actor.userId === state.ownerId;
  switch (command.kind) {
    case 'edit':
      if (!ownerOrAdmin) throw new DomainError('forbidden', workMessages.notYours);
      if (command.content.type !== state.content?.type) throw new DomainError('invalid', 'TypeOf: a work keeps its type; delete it and add another', 'TypeOf');
      return sameWork(state, command.sentences, command.content)
        ? []
        : [{ type: 'WorkEdited', data: { workId, sentences: command.sentences, content: command.content } }];
    case 'delete':
      if (!ownerOrAdmin) throw new DomainError('forbidden', workMessages.notYours);
      return [{ type: 'WorkDeleted', data: { workId } }];
    case 'hide':
      if (!command.actor.admin) throw new DomainError('forbidden', workMessages.moderators);
      return state.hidden ? [] : [{ type: 'WorkHidden', data: { workId } }];
    case 'show':
      if (!command.actor.admin) throw new DomainError('forbidden', workMessages.moderators);
      return state.hidden ? [{ type: 'WorkShown', data: { workId } }] : [];
  }
}

export const workDecider: Decider<WorkCommand, WorkEvent, WorkState> = { initialState, evolve, decide };
