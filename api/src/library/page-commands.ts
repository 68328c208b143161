import { randomUUID } from 'node:crypto';
import { foldStream, handleCommand, WrongExpectedRevisionError, type CommandOutcome, type EventStore, type StreamAppend } from '@epos/platform';
import { DomainError, fold } from '@epos/domain/decider';
import { pageDecider, pageMessages, type PageCommand, type PageState } from '@epos/domain/library/page-decider';
import { pagePathStream, pageStream, slugify, type Cause, type PageContent, type PageEvent } from '@epos/schemas';

/**
 * The library's writes, shared by the site's `/postdata/…Page` routes and the console's pages
 * resource: one way to create, save, move, restore and delete a page.
 */
export type PageOutcome = CommandOutcome<PageEvent, PageState>;

/** Tries of a save no client revision pins, as `handleCommand` does. */
const UNPINNED_ATTEMPTS = 3;

const pathReservation = (path: string, pageId: string): StreamAppend => ({
  streamId: pagePathStream(path),
  events: [{ type: 'PagePathReserved', data: { path, pageId } }],
  expectedRevision: 'no_stream',
});

async function pathIsFree(store: EventStore, path: string): Promise<boolean> {
  return (await store.readStream(pagePathStream(path), { maxCount: 1 })).length === 0;
}

/** The reservation lost a race: someone else took the path between reading and appending. */
const lostPath = (error: unknown, path: string) => error instanceof WrongExpectedRevisionError && error.streamId === pagePathStream(path);

export async function createPage(store: EventStore, cause: Cause, form: { path: string; content: PageContent }): Promise<PageOutcome> {
  const pageId = randomUUID();
  const command: PageCommand = { kind: 'create', pageId, path: form.path, pathFree: await pathIsFree(store, form.path), content: form.content };
  try {
    return await handleCommand(store, { streamId: pageStream(pageId), decider: pageDecider, command, cause, alongside: [pathReservation(form.path, pageId)] });
  } catch (error) {
    if (lostPath(error, form.path)) throw new DomainError('conflict', pageMessages.pathTaken(form.path), 'url');
    throw error;
  }
}

/**
 * Saves a page's form: a new revision when its content changed, and a move when its path did. A
 * path new to the page is reserved in the same append, so a move is never half done.
 */
export async function updatePage(
  store: EventStore,
  cause: Cause,
  pageId: string,
  form: { path: string; content: PageContent; revision?: number },
): Promise<PageOutcome> {
  for (let attempt = 1; ; attempt++) {
    const { state, expectedRevision } = await foldStream(store, pageStream(pageId), pageDecider);
    const newPath = state.exists && form.path !== state.path && !state.formerPaths.includes(form.path);
    const pathFree = !newPath || (await pathIsFree(store, form.path));
    const command: PageCommand = {
      kind: 'update',
      path: form.path,
      pathFree,
      content: form.content,
      ...(form.revision !== undefined ? { expectedRevision: form.revision } : {}),
    };
    const events = pageDecider.decide(command, state);
    const after = fold(pageDecider, events, state);
    if (events.length === 0) return { position: null, events, state: after };
    const appends: StreamAppend[] = [...(newPath ? [pathReservation(form.path, pageId)] : []), { streamId: pageStream(pageId), events, expectedRevision }];
    try {
      const { position } = await store.appendMany(appends, { cause });
      return { position, events, state: after };
    } catch (error) {
      if (lostPath(error, form.path)) throw new DomainError('conflict', pageMessages.pathTaken(form.path), 'url');
      if (!(error instanceof WrongExpectedRevisionError) || form.revision !== undefined || attempt >= UNPINNED_ATTEMPTS) throw error;
    }
  }
}

const runPageCommand = (store: EventStore, cause: Cause, pageId: string, command: PageCommand): Promise<PageOutcome> =>
  handleCommand(store, { streamId: pageStream(pageId), decider: pageDecider, command, cause });

export const restorePage = (store: EventStore, cause: Cause, pageId: string, revision: number) =>
  runPageCommand(store, cause, pageId, { kind: 'restore', revision });

/** Deletes a page, answering where its reader goes next: its parent's path while the parent stands, else the home page. */
export async function deletePage(store: EventStore, cause: Cause, pageId: string): Promise<PageOutcome & { next: string }> {
  const result = await runPageCommand(store, cause, pageId, { kind: 'delete' });
  const parentId = result.state.revisions.at(-1)?.parent;
  const parent = parentId ? (await foldStream(store, pageStream(parentId), pageDecider)).state : null;
  return { ...result, next: parent?.exists && !parent.deleted ? parent.path : '/' };
}

/** A permalink from a page's name: lower-case words joined by hyphens ("The Poet's Life" → "the-poets-life"). */
export const permalinkOf = (name: string): string => slugify(name, 100) || 'page';
