import { sql, type GeneratedAlways, type Kysely } from 'kysely';
import type { PostContent } from '@epos/schemas';
import type { SentenceState } from '@epos/domain/poem/sentence-state';
import type { PostStatus } from './documents.js';

export { SEARCH_PROJECTION } from '@epos/platform/search/index';

/** What the search projection keeps to map events to documents (the documents themselves live in the index). */
export interface SearchStateModel {
  /** A sentence's state, its order key and running number while placed, and its place read from the state. */
  sentences: {
    id: number;
    ord: string | null;
    number: number | null;
    state: SentenceState;
    book: GeneratedAlways<number | null>;
    canto: GeneratedAlways<number | null>;
    section: GeneratedAlways<number | null>;
  };
  /**
   * The named books, cantos and sections (`key` as the poem structure's: `1`, `1.2`, `1.2.3`), with
   * the place their headings were last indexed at: the part's first section and the running number
   * of its first sentence, null while the part has no sentence (nothing to link to).
   */
  headings: {
    key: string;
    book: number;
    canto: number | null;
    section: number | null;
    name: string;
    first_canto: number | null;
    first_section: number | null;
    first_number: number | null;
  };
  posts: { post_id: string; blog_id: string; url: string; author_id: string; status: PostStatus; published_at: string | null; content: PostContent };
  comments: { comment_id: string; post_id: string; parent_id: string | null; author_id: string; text: string | null; hidden: boolean; created_at: string };
  archived_blogs: { blog_id: string };
  erased_authors: { user_id: string };
  /** Library pages and books: what their documents say, by `page:<id>` or `book:<id>`; a book's `owner` is its author. */
  library_texts: { key: string; scope: string; owner: string | null; book_title: string | null; title: string; link: string; markdown: string; date: string };
  library_authors: { author_id: string; name: string; slug: string };
}

export async function setupSearchState(db: Kysely<SearchStateModel>): Promise<void> {
  await db.schema
    .createTable('sentences')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('ord', sql`text collate "C"`)
    .addColumn('number', 'integer')
    .addColumn('state', 'jsonb', (c) => c.notNull())
    .addColumn('book', 'integer', (c) => c.generatedAlwaysAs(sql`(state #>> '{placement,book}')::integer`).stored())
    .addColumn('canto', 'integer', (c) => c.generatedAlwaysAs(sql`(state #>> '{placement,canto}')::integer`).stored())
    .addColumn('section', 'integer', (c) => c.generatedAlwaysAs(sql`(state #>> '{placement,section}')::integer`).stored())
    .execute();
  await db.schema.createIndex('search_sentences_by_order').on('sentences').column('ord').where(sql.ref('ord'), 'is not', null).execute();
  // A part's first sentence: its first section's, first in order.
  await db.schema
    .createIndex('search_sentences_by_place')
    .on('sentences')
    .columns(['book', 'canto', 'section', 'ord'])
    .where(sql.ref('ord'), 'is not', null)
    .execute();
  await db.schema
    .createTable('headings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('book', 'integer', (c) => c.notNull())
    .addColumn('canto', 'integer')
    .addColumn('section', 'integer')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('first_canto', 'integer')
    .addColumn('first_section', 'integer')
    .addColumn('first_number', 'integer')
    .execute();
  await db.schema
    .createTable('posts')
    .addColumn('post_id', 'uuid', (c) => c.primaryKey())
    .addColumn('blog_id', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_posts_by_blog').on('posts').column('blog_id').execute();
  await db.schema
    .createTable('comments')
    .addColumn('comment_id', 'uuid', (c) => c.primaryKey())
    .addColumn('post_id', 'uuid', (c) => c.notNull())
    .addColumn('parent_id', 'uuid')
    .addColumn('author_id', 'uuid', (c) => c.notNull())
    .addColumn('text', 'text')
    .addColumn('hidden', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_comments_by_post').on('comments').column('post_id').execute();
  await db.schema
    .createTable('archived_blogs')
    .addColumn('blog_id', 'text', (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable('erased_authors')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey())
    .execute();
  await db.schema
    .createTable('library_texts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('owner', 'uuid')
    .addColumn('book_title', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('markdown', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('search_library_by_owner').on('library_texts').column('owner').where(sql.ref('owner'), 'is not', null).execute();
  await db.schema
    .createTable('library_authors')
    .addColumn('author_id', 'uuid', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .execute();
}
