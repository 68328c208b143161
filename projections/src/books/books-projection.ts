import type { Kysely } from 'kysely';
import { announceChange, defineProjection, type Projection, type RecordedEvent } from '@epos/platform';
import { wordCountOfHtml } from '@epos/platform/markdown/text';
import { renderWithToc } from '@epos/platform/markdown/toc';
import { authorAdded, authorRemoved, authorRenamed, bookAdded, bookRemoved, bookRevised, type BookContent } from '@epos/schemas';

export const BOOKS_PROJECTION = 'books';
/** Notified when a batch that changed the books read model commits, with the slugs of the authors it touched. */
export const BOOKS_CHANGED_CHANNEL = 'epos_books_changed';

export interface BooksReadModel {
  authors: { author_id: string; name: string; slug: string; created_at: string; updated_at: string };
  /** Each book at its last revision, its HTML and table of contents rendered (and sanitised) once, here. */
  books: {
    book_id: string;
    author_id: string;
    slug: string;
    title: string;
    book_order: number;
    markdown: string;
    html: string;
    /** The `InnerTags` of the book answer, as JSON text. */
    toc: string;
    words: number;
    revision: number;
    created_at: string;
    updated_at: string;
  };
}

function contentColumns(content: BookContent) {
  const { html, toc } = renderWithToc(content.markdown);
  return { title: content.title, book_order: content.order, markdown: content.markdown, html, toc: JSON.stringify(toc), words: wordCountOfHtml(html) };
}

const handlers = defineProjection({
  name: BOOKS_PROJECTION,
  version: 1,
  events: [authorAdded, authorRenamed, authorRemoved, bookAdded, bookRevised, bookRemoved],
  async setup(db: Kysely<BooksReadModel>) {
    await db.schema
      .createTable('authors')
      .addColumn('author_id', 'uuid', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('authors_by_name').on('authors').columns(['name', 'slug']).execute();
    await db.schema
      .createTable('books')
      .addColumn('book_id', 'uuid', (c) => c.primaryKey())
      .addColumn('author_id', 'uuid', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('book_order', 'integer', (c) => c.notNull())
      .addColumn('markdown', 'text', (c) => c.notNull())
      .addColumn('html', 'text', (c) => c.notNull())
      .addColumn('toc', 'text', (c) => c.notNull())
      .addColumn('words', 'integer', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('books_author_slug', ['author_id', 'slug'])
      .execute();
    await db.schema.createIndex('books_in_order').on('books').columns(['author_id', 'book_order', 'title']).execute();
  },
  handlers: {
    async AuthorAdded(event, db) {
      const { authorId, name, slug } = event.data;
      const at = event.metadata.timestamp;
      await db
        .insertInto('authors')
        .values({ author_id: authorId, name, slug, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('author_id').doNothing())
        .execute();
    },
    async AuthorRenamed(event, db) {
      await db
        .updateTable('authors')
        .set({ name: event.data.name, updated_at: event.metadata.timestamp })
        .where('author_id', '=', event.data.authorId)
        .execute();
    },
    async AuthorRemoved(event, db) {
      await db.deleteFrom('authors').where('author_id', '=', event.data.authorId).execute();
    },
    async BookAdded(event, db) {
      const { bookId, authorId, slug, content } = event.data;
      const at = event.metadata.timestamp;
      await db
        .insertInto('books')
        .values({ book_id: bookId, author_id: authorId, slug, ...contentColumns(content), revision: 1, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('book_id').doNothing())
        .execute();
    },
    async BookRevised(event, db) {
      await db
        .updateTable('books')
        .set((eb) => ({ ...contentColumns(event.data.content), revision: eb('revision', '+', 1), updated_at: event.metadata.timestamp }))
        .where('book_id', '=', event.data.bookId)
        .execute();
    },
    async BookRemoved(event, db) {
      await db.deleteFrom('books').where('book_id', '=', event.data.bookId).execute();
    },
  },
});

const field = (event: RecordedEvent, name: 'authorId' | 'bookId' | 'slug') => {
  const value = (event.data as Record<string, unknown>)[name];
  return typeof value === 'string' ? [value] : [];
};

/** The slugs of the authors a batch touches, read before it is applied (removals forget them). */
async function touchedAuthors(db: Kysely<BooksReadModel>, events: readonly RecordedEvent[]): Promise<string[]> {
  const authorIds = events.flatMap((e) => field(e, 'authorId'));
  const bookIds = events.flatMap((e) => field(e, 'bookId'));
  const known =
    authorIds.length + bookIds.length === 0
      ? []
      : await db
          .selectFrom('authors')
          .select('slug')
          .where((eb) =>
            eb.or([
              ...(authorIds.length ? [eb('author_id', 'in', authorIds)] : []),
              ...(bookIds.length ? [eb('author_id', 'in', eb.selectFrom('books').select('author_id').where('book_id', 'in', bookIds))] : []),
            ]),
          )
          .execute();
  return [...known.map((a) => a.slug), ...events.filter((e) => e.type === 'AuthorAdded').flatMap((e) => field(e, 'slug'))];
}

/**
 * Authors and their books for the reader and the console: each book's HTML, table of contents and
 * word count made once per revision. Each batch announces itself on BOOKS_CHANGED_CHANNEL (on
 * commit) with the slugs of the authors it touched, so the API drops only their cached answers.
 */
export const booksProjection: Projection<BooksReadModel> = {
  ...handlers,
  async apply(events, db, version) {
    const authors = await touchedAuthors(db, events);
    await handlers.apply(events, db, version);
    await announceChange(db, BOOKS_CHANGED_CHANNEL, events.at(-1)!.position, authors);
  },
};
