import { DomainError, type Decider } from '../decider.js';
import { libraryPathProblem, type PageContent, type PageEvent } from '@epos/schemas';

export type PageState = {
  exists: boolean;
  pageId: string;
  deleted: boolean;
  path: string;
  /** Paths it was moved from, each answering with a redirect to `path`. */
  formerPaths: string[];
  /** Every revision; revision n is `revisions[n - 1]`. */
  revisions: PageContent[];
};

/**
 * Admins' writes to a library page (the permission table checks the role). `pathFree`: whether the
 * path asked for is not yet reserved, as its stream said when the command was built; the reservation
 * itself is appended with "no stream yet", so two pages racing for a path cannot both have it.
 */
export type PageCommand =
  | { kind: 'create'; pageId: string; path: string; pathFree: boolean; content: PageContent }
  | { kind: 'update'; path: string; pathFree: boolean; content: PageContent; expectedRevision?: number }
  | { kind: 'restore'; revision: number }
  | { kind: 'delete' };

const initialState: PageState = { exists: false, pageId: '', deleted: false, path: '', formerPaths: [], revisions: [] };

function evolve(state: PageState, event: PageEvent): PageState {
  switch (event.type) {
    case 'PageCreated':
      return { ...state, exists: true, pageId: event.data.pageId, path: event.data.path, revisions: [event.data.content] };
    case 'PageRevised':
      return { ...state, revisions: [...state.revisions, event.data.content] };
    case 'PageMoved':
      return { ...state, path: event.data.to, formerPaths: [...state.formerPaths.filter((p) => p !== event.data.to), event.data.from] };
    case 'PageDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

export const pageMessages = {
  notFound: 'No page found',
  pathTaken: (path: string) => `url: ${path} is taken by another page; choose another path`,
  parentOnlyNonMenu: 'parent: only a Non-Menu page has a parent',
  priorityForMenu: 'priority: a menu page needs a priority (a whole number, lower first)',
  priorityOnlyMenu: 'priority: only a menu page has a priority',
  ownParent: 'parent: a page cannot be its own parent',
  stale: 'Someone else changed this page since you opened it. Reload it and try again.',
  noRevision: (n: number) => `revision: the page has no revision ${n}`,
} as const;

/** The rules between fields that the payload's schema cannot state. */
function checkContent(content: PageContent, pageId: string | null): void {
  if (content.category === 'Non-Menu') {
    if (content.priority !== null) throw new DomainError('invalid', pageMessages.priorityOnlyMenu, 'priority');
    if (pageId !== null && content.parent === pageId) throw new DomainError('invalid', pageMessages.ownParent, 'parent');
  } else {
    if (content.parent !== null) throw new DomainError('invalid', pageMessages.parentOnlyNonMenu, 'parent');
    if (content.priority === null) throw new DomainError('invalid', pageMessages.priorityForMenu, 'priority');
  }
}

function checkPath(path: string, pathFree: boolean, state: PageState): void {
  const problem = libraryPathProblem(path);
  if (problem !== null) throw new DomainError('invalid', problem, 'url');
  // A page may take back a path it was moved from: that reservation is its own.
  if (!pathFree && !state.formerPaths.includes(path)) throw new DomainError('conflict', pageMessages.pathTaken(path), 'url');
}

const sameContent = (a: PageContent, b: PageContent) =>
  a.name === b.name &&
  a.permalink === b.permalink &&
  a.category === b.category &&
  a.parent === b.parent &&
  a.priority === b.priority &&
  a.markdown === b.markdown;

function decide(command: PageCommand, state: PageState): PageEvent[] {
  if (command.kind === 'create') {
    if (state.exists) throw new DomainError('conflict', 'This page exists already.');
    checkPath(command.path, command.pathFree, state);
    checkContent(command.content, command.pageId);
    return [{ type: 'PageCreated', data: { pageId: command.pageId, path: command.path, content: command.content } }];
  }
  if (!state.exists || state.deleted) throw new DomainError('not_found', pageMessages.notFound);
  const { pageId } = state;
  switch (command.kind) {
    case 'update': {
      if (command.expectedRevision !== undefined && command.expectedRevision !== state.revisions.length) throw new DomainError('conflict', pageMessages.stale);
      checkContent(command.content, pageId);
      const events: PageEvent[] = [];
      if (command.path !== state.path) {
        checkPath(command.path, command.pathFree, state);
        events.push({ type: 'PageMoved', data: { pageId, from: state.path, to: command.path } });
      }
      if (!sameContent(command.content, state.revisions.at(-1)!)) events.push({ type: 'PageRevised', data: { pageId, content: command.content } });
      return events;
    }
    case 'restore': {
      const content = state.revisions[command.revision - 1];
      if (content === undefined || command.revision < 1) throw new DomainError('invalid', pageMessages.noRevision(command.revision), 'revision');
      if (sameContent(content, state.revisions.at(-1)!)) return [];
      return [{ type: 'PageRevised', data: { pageId, content, restoredFrom: command.revision } }];
    }
    case 'delete':
      return [{ type: 'PageDeleted', data: { pageId } }];
  }
}

export const pageDecider: Decider<PageCommand, PageEvent, PageState> = { initialState, evolve, decide };
