import { sql, type Kysely } from 'kysely';
import type { SearchDocument } from '@epos/schemas/search/documents';
import type { SearchRemoval, SearchWriter } from '../port.js';
import { suggestionChanges } from '../suggestion-terms.js';

const BATCH = 1000;

type Indexed = Pick<SearchDocument, 'scope' | 'title' | 'text'>;

/**
 * Writes in the projection's transaction, unqualified table names resolving through its
 * search_path. Autocomplete counts follow the documents exactly: what an updated or removed
 * document held is subtracted, what it holds now added.
 */
export class PostgresSearchWriter implements SearchWriter {
  constructor(private readonly db: Kysely<unknown>) {}

  async upsert(documents: readonly SearchDocument[], replacing?: readonly (Indexed & Pick<SearchDocument, 'id'>)[]): Promise<void> {
    // One statement cannot update a row twice: the last version of a document wins.
    const latest = [...new Map(documents.map((d) => [d.id, d])).values()];
    const replaced = replacing === undefined ? null : new Map(replacing.map((d) => [d.id, d]));
    for (let i = 0; i < latest.length; i += BATCH) {
      const batch = latest.slice(i, i + BATCH);
      const previous = replaced === null ? await this.stored(batch) : batch.flatMap((d) => replaced.get(d.id) ?? []);
      await this.upsertBatch(batch, previous);
    }
  }

  /** What these documents' ids hold now, looked up scope by scope (each one partition's primary key). */
  private async stored(documents: readonly SearchDocument[]): Promise<Indexed[]> {
    const scopes = [...new Set(documents.map((d) => d.scope))];
    const found = await sql<Indexed>`${sql.join(
      scopes.map(
        (scope) =>
          sql`(select scope, title, text from documents where scope = ${sql.lit(scope)} and id = any(${documents.filter((d) => d.scope === scope).map((d) => d.id)}::text[]))`,
      ),
      sql` union all `,
    )}`.execute(this.db);
    return found.rows;
  }

  private async upsertBatch(documents: readonly SearchDocument[], previous: readonly Indexed[]): Promise<void> {
    const column = <K extends keyof SearchDocument>(key: K) => documents.map((d) => d[key]);
    await sql`
      insert into documents (id, scope, language, title, text, link, sentence, ord, date, author, blog, post)
      select * from unnest(
        ${column('id')}::text[], ${column('scope')}::text[], ${column('language')}::text[], ${column('title')}::text[],
        ${column('text')}::text[], ${column('link')}::text[], ${column('sentence')}::bigint[], ${column('order')}::bigint[],
        ${column('date')}::timestamptz[], ${column('author')}::text[], ${column('blog')}::text[], ${column('post')}::text[])
      on conflict (id, scope) do update set
        language = excluded.language, title = excluded.title, text = excluded.text,
        link = excluded.link, sentence = excluded.sentence, ord = excluded.ord, date = excluded.date,
        author = excluded.author, blog = excluded.blog, post = excluded.post`.execute(this.db);
    await this.countSuggestions(previous, documents);
  }

  async remove(removal: SearchRemoval): Promise<void> {
    const where =
      'ids' in removal
        ? sql`id = any(${[...removal.ids]}::text[])`
        : 'sentence' in removal
          ? sql`sentence = ${removal.sentence}`
          : 'post' in removal
            ? sql`post = ${removal.post}`
            : sql`author = ${removal.author}`;
    const removed = await sql<Indexed>`delete from documents where ${where} returning scope, title, text`.execute(this.db);
    await this.countSuggestions(removed.rows, []);
  }

  private async countSuggestions(before: readonly Indexed[], after: readonly Indexed[]): Promise<void> {
    // In key order, so that the upsert walks the index pages in turn.
    const changed = suggestionChanges(before, after);
    if (changed.length === 0) return;
    const counted = await sql<{ key: string; documents: number }>`
      insert into suggestions (key, label, documents)
      select * from unnest(${changed.map((c) => c.key)}::text[], ${changed.map((c) => c.label)}::text[], ${changed.map((c) => c.by)}::int[])
      on conflict (key) do update set documents = suggestions.documents + excluded.documents,
        label = case when excluded.documents > 0 then excluded.label else suggestions.label end
      returning key, documents`.execute(this.db);
    const unused = counted.rows.filter((r) => r.documents <= 0).map((r) => r.key);
    if (unused.length > 0) await sql`delete from suggestions where key = any(${unused}::text[])`.execute(this.db);
  }
}
