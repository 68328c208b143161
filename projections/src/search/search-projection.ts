import type { Kysely } from 'kysely';
import { defineBatchProjection, type Projection, type RecordedEvent } from '@epos/platform';
import type { SearchIndex } from '@epos/platform/search/port';
import { accountDeleted, blogEvents, POEM_STREAM, sentenceEvents } from '@epos/schemas';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { SEARCH_PROJECTION, setupSearchState, type SearchStateModel } from './read-model.js';
import { applySentenceEvents, documentsOfSentences } from './sentence-state.js';
import { applyBlogEvent, documentsOfPosts, eraseAuthor, postsTouchedBy } from './post-state.js';

export const SEARCH_PROJECTION_VERSION = 2; // 2: an erasure takes everyone's comments on the author's posts with them

const SENTENCE_EVENTS = new Set<string>(sentenceEvents.map((e) => e.type));

/** Ids of `before` that `after` no longer has. */
const gone = (before: readonly SearchDocument[], after: readonly SearchDocument[]) => {
  const kept = new Set(after.map((d) => d.id));
  return before.map((d) => d.id).filter((id) => !kept.has(id));
};

/**
 * The search index, kept by a projection: one document per searchable thing (see documents.ts),
 * written through the search port's writer in the batch's transaction. What the mapping needs to
 * know (a sentence's fold and running number, a post's publication state, its comments) it keeps in
 * small tables of its own schema; each batch compares the documents of what it touched before and
 * after, removes the ones that went and upserts the rest. Erasure removes by author at once.
 */
export function searchProjection(index: SearchIndex): Projection<SearchStateModel> {
  return defineBatchProjection<SearchStateModel>({
    name: SEARCH_PROJECTION,
    version: SEARCH_PROJECTION_VERSION,
    handles: [...sentenceEvents, ...blogEvents, accountDeleted].map((e) => e.type),
    async setup(db) {
      await setupSearchState(db);
      await index.setup(db as Kysely<unknown>, SEARCH_PROJECTION_VERSION);
    },
    async apply(events, db) {
      const writer = index.writer(db as Kysely<unknown>, SEARCH_PROJECTION_VERSION);
      const sentences = events.filter((e) => SENTENCE_EVENTS.has(e.type) && e.streamId !== POEM_STREAM);
      if (sentences.length > 0) {
        const { before, changed } = await applySentenceEvents(db, sentences);
        const after = await documentsOfSentences(db, changed);
        const removed = gone(before, after);
        if (removed.length > 0) await writer.remove({ ids: removed });
        if (after.length > 0) await writer.upsert(after);
      }
      const others = events.filter((e) => !SENTENCE_EVENTS.has(e.type));
      if (others.length > 0) await applyOthers(db, others, writer);
    },
  });
}

/** Blog events and erasures: the documents of every post the batch touched, before and after it. */
async function applyOthers(db: Kysely<SearchStateModel>, events: readonly RecordedEvent[], writer: ReturnType<SearchIndex['writer']>): Promise<void> {
  // A post created within the batch has no documents before it; its own events name it.
  const named = new Set<string>();
  for (const event of events) for (const id of await postsTouchedBy(db, event)) named.add(id);
  const touched = [...named];
  const before = await documentsOfPosts(db, touched);
  for (const event of events) {
    if (event.type === 'AccountDeleted') {
      const { userId } = event.data as { userId: string };
      await eraseAuthor(db, userId);
      await writer.remove({ author: userId });
    } else {
      await applyBlogEvent(db, event as never);
    }
  }
  const after = await documentsOfPosts(db, touched);
  const removed = touched.flatMap((id) => gone(before.get(id) ?? [], after.get(id) ?? []));
  if (removed.length > 0) await writer.remove({ ids: removed });
  const upserts = [...after.values()].flat();
  if (upserts.length > 0) await writer.upsert(upserts);
}
