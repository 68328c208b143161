import type { Client } from 'typesense';
import type { SearchDocument } from '@epos/schemas/search/documents';
import type { SearchRemoval, SearchWriter } from '../port.js';
import { suggestionChanges } from '../suggestion-terms.js';
import { filterValue, hashedId, toTypesense, type TypesenseDocument, type TypesenseSuggestion } from './collections.js';

const BATCH = 1000;
/** Ids listed in one filter (they travel in a URL). */
const IDS_PER_FILTER = 100;

type Indexed = Pick<TypesenseDocument, 'scope' | 'title' | 'text'>;

/**
 * Writes over HTTP, outside the projection's transaction: upserts are idempotent, so a batch applied
 * again after a crash leaves the documents as they were. Autocomplete counts are read, changed and
 * written back by this single writer; a crash between the two writes can leave a count off by one.
 */
export class TypesenseSearchWriter implements SearchWriter {
  constructor(
    private readonly client: Client,
    private readonly documents: string,
    private readonly suggestions: string,
  ) {}

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    const latest = [...new Map(documents.map((d) => [d.id, toTypesense(d)])).values()];
    for (let i = 0; i < latest.length; i += BATCH) {
      const batch = latest.slice(i, i + BATCH);
      const previous = await this.exportByIds<Indexed>(
        this.documents,
        batch.map((d) => d.id),
        'scope,title,text',
      );
      await this.client.collections<TypesenseDocument>(this.documents).documents().import(batch, { action: 'upsert', throwOnFail: true });
      await this.countSuggestions(previous, batch);
    }
  }

  async remove(removal: SearchRemoval): Promise<void> {
    if ('ids' in removal) {
      const ids = removal.ids.map(hashedId);
      for (let i = 0; i < ids.length; i += IDS_PER_FILTER) await this.removeWhere(`id:[${ids.slice(i, i + IDS_PER_FILTER).join(',')}]`);
      return;
    }
    if ('sentence' in removal) await this.removeWhere(`sentence:=${removal.sentence}`);
    else if ('post' in removal) await this.removeWhere(`post:=${filterValue(removal.post)}`);
    else await this.removeWhere(`author:=${filterValue(removal.author)}`);
  }

  private async removeWhere(filter: string): Promise<void> {
    const removed = await this.export<Indexed>(this.documents, filter, 'scope,title,text');
    if (removed.length === 0) return;
    await this.client.collections(this.documents).documents().delete({ filter_by: filter });
    await this.countSuggestions(removed, []);
  }

  private async countSuggestions(before: readonly Indexed[], after: readonly Indexed[]): Promise<void> {
    const changed = suggestionChanges(before, after);
    if (changed.length === 0) return;
    const current = new Map(
      (
        await this.exportByIds<TypesenseSuggestion>(
          this.suggestions,
          changed.map((c) => hashedId(c.key)),
          'id,documents',
        )
      ).map((s) => [s.id, s.documents]),
    );
    const next = changed.map(({ key, label, by }) => ({ id: hashedId(key), key, label, documents: (current.get(hashedId(key)) ?? 0) + by }));
    const kept = next.filter((s) => s.documents > 0);
    if (kept.length > 0) await this.client.collections<TypesenseSuggestion>(this.suggestions).documents().import(kept, { action: 'upsert', throwOnFail: true });
    const gone = next.filter((s) => s.documents <= 0 && current.has(s.id)).map((s) => s.id);
    for (let i = 0; i < gone.length; i += IDS_PER_FILTER) {
      await this.client
        .collections(this.suggestions)
        .documents()
        .delete({ filter_by: `id:[${gone.slice(i, i + IDS_PER_FILTER).join(',')}]` });
    }
  }

  private async exportByIds<T>(collection: string, ids: readonly string[], fields: string): Promise<T[]> {
    const found: T[] = [];
    for (let i = 0; i < ids.length; i += IDS_PER_FILTER)
      found.push(...(await this.export<T>(collection, `id:[${ids.slice(i, i + IDS_PER_FILTER).join(',')}]`, fields)));
    return found;
  }

  private async export<T>(collection: string, filter: string, fields: string): Promise<T[]> {
    const lines = await this.client.collections(collection).documents().export({ filter_by: filter, include_fields: fields });
    return lines
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as T);
  }
}
