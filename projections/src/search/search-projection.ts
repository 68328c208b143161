import type { Kysely } from 'kysely';
import { defineBatchProjection, type Projection, type RecordedEvent } from '@epos/platform';
import type { SearchIndex } from '@epos/platform/search/port';
import { accountDeleted, blogEvents, POEM_STREAM, sentenceEvents } from '@epos/schemas';
import { applyLibraryEvents, LIBRARY_SEARCH_EVENTS } from './library-state.js';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { SEARCH_PROJECTION, setupSearchState, type SearchStateModel } from './read-model.js';
import { changedOnly, gone } from './document-diff.js';
import { HEADING_EVENTS } from './heading-state.js';
import { applyPoemEvents } from './poem-state.js';
import {
  applyBlogEvent,
  applyPostEvents,
  documentsOfLoaded,
  documentsOfPosts,
  eraseAuthor,
  isPostEvent,
  loadPostSources,
  postsTouchedBy,
} from './post-state.js';

export const SEARCH_PROJECTION_VERSION = 5; // 2: an erasure takes everyone's comments on the author's posts with them; 3: documents partitioned by scope; 4: library pages and books; 5: names of books, cantos and sections, poem order leaving room for them

const SENTENCE_EVENTS = new Set<string>(sentenceEvents.map((e) => e.type));

/**
 * The search index, kept by a projection: one document per searchable thing (see documents.ts),
 * written through the search port's writer in the batch's transaction. What the mapping needs to
 * know (a sentence's fold and running number, where each named part starts, a post's publication state, its comments) it keeps in
 * small tables of its own schema; each batch compares the documents of what it touched before and
 * after, removes the ones that went and upserts the rest. Erasure removes by author at once.
 */
export function searchProjection(index: SearchIndex, codeVersion = SEARCH_PROJECTION_VERSION): Projection<SearchStateModel> {
  return defineBatchProjection<SearchStateModel>({
    name: SEARCH_PROJECTION,
    version: codeVersion,
    handles: [...[...sentenceEvents, ...blogEvents, accountDeleted].map((e) => e.type), ...HEADING_EVENTS, ...LIBRARY_SEARCH_EVENTS],
    async setup(db, version) {
      await setupSearchState(db);
      await index.setup(db as Kysely<unknown>, version);
    },
    activated: (version) => index.activate(version),
    async apply(events, db, version) {
      const writer = index.writer(db as Kysely<unknown>, version);
      const sentences = events.filter((e) => SENTENCE_EVENTS.has(e.type) && e.streamId !== POEM_STREAM);
      const naming = events.filter((e) => HEADING_EVENTS.has(e.type) && e.streamId === POEM_STREAM);
      if (sentences.length > 0 || naming.length > 0) await applyPoemEvents(db, sentences, naming, writer);
      const library = events.filter((e) => LIBRARY_SEARCH_EVENTS.has(e.type));
      if (library.length > 0) await applyLibraryEvents(db, library, writer);
      const others = events.filter((e) => !SENTENCE_EVENTS.has(e.type) && !HEADING_EVENTS.has(e.type) && !LIBRARY_SEARCH_EVENTS.has(e.type));
      if (others.length > 0) await applyOthers(db, others, writer);
    },
  });
}

/** Posts rendered between two chances for the queued writes to send their next statement. */
const POSTS_BETWEEN_YIELDS = 5;
const DOCUMENTS_PER_WRITE = 25;

/** Blog events and erasures: the documents of every post the batch touched, before and after it. */
async function applyOthers(db: Kysely<SearchStateModel>, events: readonly RecordedEvent[], writer: ReturnType<SearchIndex['writer']>): Promise<void> {
  // A post created within the batch has no documents before it; its own events name it.
  const named = new Set<string>();
  for (const event of events) for (const id of await postsTouchedBy(db, event)) named.add(id);
  const touched = [...named];
  const before = await documentsOfPosts(db, touched);
  // Post events change only the posts' rows, the others only comments, blogs and authors: each kind keeps its order.
  await applyPostEvents(db, events.filter(isPostEvent));
  for (const event of events.filter((e) => !isPostEvent(e))) {
    if (event.type === 'AccountDeleted') {
      const { userId } = event.data as { userId: string };
      await eraseAuthor(db, userId);
      await writer.remove({ author: userId });
    } else {
      await applyBlogEvent(db, event as never);
    }
  }
  const sources = await loadPostSources(db, touched);
  const stayed = new Set(sources.posts.map((row) => row.post_id));
  const removed = touched.filter((id) => !stayed.has(id)).flatMap((id) => (before.get(id) ?? []).map((d) => d.id));
  // Rendering posts is this process's work and indexing their documents the database's: writes go
  // out in pieces while the next posts render, so that a rebuild of thousands of posts keeps both busy.
  const writes = queuedWrites();
  // The documents to write, and what the index holds of their posts now (the projection wrote it).
  const pending: SearchDocument[] = [];
  const replaced: SearchDocument[] = [];
  for (const [i, row] of sources.posts.entries()) {
    if (writes.failed) break;
    const was = before.get(row.post_id) ?? [];
    const now = documentsOfLoaded(sources, row);
    removed.push(...gone(was, now));
    pending.push(...changedOnly(was, now));
    replaced.push(...was);
    if (pending.length >= DOCUMENTS_PER_WRITE) writes.add(writer.upsert.bind(writer, pending.splice(0), replaced.splice(0)));
    if (i % POSTS_BETWEEN_YIELDS === POSTS_BETWEEN_YIELDS - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  if (pending.length > 0) writes.add(writer.upsert.bind(writer, pending, replaced));
  if (removed.length > 0) writes.add(writer.remove.bind(writer, { ids: removed }));
  await writes.done();
}

/**
 * Writes run one after another on the batch's connection, started as they are added; `failed` says
 * one has failed (nothing more need be prepared), `done` answers the first failure.
 */
function queuedWrites() {
  let chain: Promise<void> = Promise.resolve();
  const state = {
    failed: false,
    add(write: () => Promise<void>): void {
      chain = chain.then(write);
      // Handled at `done`; until then a failure must not count as unhandled.
      chain.catch(() => {
        state.failed = true;
      });
    },
    done: (): Promise<void> => chain,
  };
  return state;
}
