import { randomUUID } from 'node:crypto';
import { foldStream, handleCommand, WrongExpectedRevisionError, type CommandOutcome, type EventStore, type StreamAppend } from '@epos/platform';
import { DomainError } from '@epos/domain/decider';
import { pageDecider, pageMessages, type PageCommand, type PageState } from '@epos/domain/library/page-decider';
import { pagePathStream, pageStream, slugify, type Cause, type PageContent, type PageEvent } from '@epos/schemas';

/**
 * The library's writes, shared by the site's `/postdata/…Page` routes and the console's pages
 * resource: one way to create, save, move, restore and delete a page.
 */
export type PageOutcome = CommandOutcome<PageEvent, PageState>;

const pathReservation = (path: string, pageId: string): StreamAppend => ({
  streamId: pagePathStream(path),
  events: [{ type: 'PagePathReserved', data: { path, pageId } }],
  expectedRevision: 'no_stream',
});

async function pathIsFree(store: EventStore, path: string): Promise<boolean> {
  return (await store.readStream(pagePathStream(path), { maxCount: 1 })).length === 0;
}

/** Runs a write that may reserve `path`: a reservation that lost a race (someone took the path between reading and appending) is the path taken. */
async function reservingPath(path: string, write: () => Promise<PageOutcome>): Promise<PageOutcome> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError && error.streamId === pagePathStream(path))
      throw new DomainError('conflict', pageMessages.pathTaken(path), 'url');
    throw error;
  }
}

export async function createPage(store: EventStore, cause: Cause, form: { path: string; content: PageContent }): Promise<PageOutcome> {
  const pageId = randomUUID();
  const command: PageCommand = { kind: 'create', pageId, path: form.path, pathFree: await pathIsFree(store, form.path), content: form.content };
  return reservingPath(form.path, () =>
    handleCommand(store, { streamId: pageStream(pageId), decider: pageDecider, command, cause, alongside: [pathReservation(form.path, pageId)] }),
  );
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
  const newPath = (state: PageState) => state.exists && form.path !== state.path && !state.formerPaths.includes(form.path);
  return reservingPath(form.path, () =>
    handleCommand(store, {
      streamId: pageStream(pageId),
      decider: pageDecider,
      command: async (state): Promise<PageCommand> => ({
        kind: 'update',
        path: form.path,
        pathFree: !newPath(state) || (await pathIsFree(store, form.path)),
        content: form.content,
        ...(form.revision !== undefined ? { expectedRevision: form.revision } : {}),
      }),
      alongside: (_, state) => (newPath(state) ? [pathReservation(form.path, pageId)] : []),
      cause,
    }),
  );
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
