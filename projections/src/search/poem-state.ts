import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@epos/platform';
import type { SearchWriter } from '@epos/platform/search/port';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { changedOnly, gone } from './document-diff.js';
import { headingChanges, placesOf, type Place } from './heading-state.js';
import type { SearchStateModel } from './read-model.js';
import { applySentenceEvents, documentsOfSentences } from './sentence-state.js';

/**
 * A batch's poem events — its sentences' and the names of its parts — folded into the projection's
 * tables; the documents they changed are then removed and written together (one statement each
 * for the batch, so that a rebuild pays for headings in rows, not in round trips).
 */
export async function applyPoemEvents(
  db: Kysely<SearchStateModel>,
  sentences: readonly RecordedEvent[],
  naming: readonly RecordedEvent[],
  writer: SearchWriter,
): Promise<void> {
  // Built by concatenation: a renumbering may touch every sentence of the poem, too many to spread as arguments.
  let removed: string[] = [];
  let upserts: SearchDocument[] = [];
  let replacing: SearchDocument[] = [];
  // The parts whose first sentence may have changed: where placed, withdrawn or renumbered sentences were and are.
  let moved: Place[] = [];
  if (sentences.length > 0) {
    const { before, changed, places, renumbered } = await applySentenceEvents(db, sentences);
    moved = places.concat(await placesOf(db, renumbered));
    const after = await documentsOfSentences(db, changed);
    removed = gone(before, after);
    upserts = changedOnly(before, after);
    // A sentence only renumbered (not in the batch's events) keeps its texts, so its documents
    // replace themselves: their words are already counted.
    const named = new Set(sentences.map((e) => (e.data as { sentence: number }).sentence));
    replacing = before.concat(after.filter((d) => d.sentence !== null && !named.has(d.sentence)));
  }
  if (naming.length > 0 || moved.length > 0) {
    const headings = await headingChanges(db, naming, moved);
    removed = removed.concat(gone(headings.before, headings.after));
    upserts = upserts.concat(changedOnly(headings.before, headings.after));
    replacing = replacing.concat(headings.before);
  }
  if (removed.length > 0) await writer.remove({ ids: removed });
  if (upserts.length > 0) await writer.upsert(upserts, replacing);
}
