import type { Kysely } from 'kysely';
import type { RecordedEvent } from '@epos/platform';
import type { SearchWriter } from '@epos/platform/search/port';
import { htmlText, plainText } from '@epos/platform/markdown/text';
import { renderWithToc } from '@epos/platform/markdown/toc';
import { bookEvents, libraryEvents } from '@epos/schemas';
import type { SearchDocument } from '@epos/schemas/search/documents';
import { changedOnly, gone } from './document-diff.js';
import type { SearchStateModel } from './read-model.js';

/** The events that change what library pages and books say (reservations say nothing). */
export const LIBRARY_SEARCH_EVENTS: ReadonlySet<string> = new Set(
  [...libraryEvents, ...bookEvents].map((e) => e.type).filter((type) => !type.endsWith('Reserved')),
);

/** A document's text at most (the index takes 200,000 characters): a longer text is searched in pieces. */
const PIECE = 100_000;

/** `text` in pieces of at most PIECE characters, cut between words where there is a space. */
function piecesOf(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > PIECE) {
    const cut = rest.lastIndexOf(' ', PIECE);
    const at = cut > PIECE / 2 ? cut : PIECE;
    pieces.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  if (rest.trim() !== '' || pieces.length === 0) pieces.push(rest);
  return pieces;
}

type LibraryText = SearchStateModel['library_texts'];

const H2 = /<h2 id="([a-z0-9-]+)">/g;

/** A book's chapters (its second-level headings): each searched apart, its hits linking to the chapter. */
function chaptersOf(markdown: string): { anchor: string; name: string | undefined; text: string }[] {
  const { html, toc } = renderWithToc(markdown);
  const starts = [...html.matchAll(H2)].map((m) => ({ at: m.index, anchor: m[1]! }));
  const chapters = [{ at: 0, anchor: '' }, ...starts];
  const named = new Map(toc.map((entry) => [entry.TagHash, entry.TagText]));
  return chapters
    .map((chapter, i) => ({
      anchor: chapter.anchor,
      name: named.get(chapter.anchor),
      text: htmlText(html.slice(chapter.at, chapters[i + 1]?.at ?? html.length)),
    }))
    .filter((chapter) => chapter.text !== '');
}

/** A page's documents (its text in pieces), or a book's (each chapter in pieces, linking to the chapter). */
function documentsForLibraryText(row: LibraryText): SearchDocument[] {
  const base = {
    scope: row.scope as 'pages' | 'books',
    language: 'en' as const,
    title: row.title,
    sentence: null,
    order: null,
    date: row.date,
    author: null,
    blog: null,
    post: null,
  };
  if (row.scope === 'pages') return piecesOf(plainText(row.markdown)).map((text, n) => ({ ...base, id: `${row.key}:${n}`, text, link: row.link }));
  return chaptersOf(row.markdown).flatMap((chapter, c) =>
    piecesOf(chapter.text).map((text, n) => ({
      ...base,
      id: `${row.key}:${c}:${n}`,
      title: chapter.name ? `${row.title} — ${chapter.name}` : row.title,
      text,
      link: chapter.anchor ? `${row.link}#${chapter.anchor}` : row.link,
    })),
  );
}

type Data = {
  pageId?: string;
  bookId?: string;
  authorId?: string;
  path?: string;
  to?: string;
  name?: string;
  slug?: string;
  content?: { name?: string; title?: string; markdown: string };
};

/** The texts an event changes, by key: `page:<id>`, `book:<id>`, or every book of an author. */
async function keysOf(db: Kysely<SearchStateModel>, event: RecordedEvent): Promise<string[]> {
  const data = event.data as Data;
  if (data.pageId) return [`page:${data.pageId}`];
  if (data.bookId) return [`book:${data.bookId}`];
  if (event.type !== 'AuthorRenamed') return [];
  return (await db.selectFrom('library_texts').select('key').where('owner', '=', data.authorId!).execute()).map((r) => r.key);
}

const bookTitle = (title: string, author: string) => `${title} (${author})`;

async function applyLibraryEvent(db: Kysely<SearchStateModel>, event: RecordedEvent): Promise<void> {
  const data = event.data as Data;
  const date = event.metadata.timestamp;
  const page = `page:${data.pageId}`;
  const book = `book:${data.bookId}`;
  switch (event.type) {
    case 'PageCreated':
      await db
        .insertInto('library_texts')
        .values({ key: page, scope: 'pages', owner: null, title: data.content!.name!, link: data.path!, markdown: data.content!.markdown, date })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return;
    case 'PageRevised':
      await db.updateTable('library_texts').set({ title: data.content!.name!, markdown: data.content!.markdown, date }).where('key', '=', page).execute();
      return;
    case 'PageMoved':
      await db.updateTable('library_texts').set({ link: data.to! }).where('key', '=', page).execute();
      return;
    case 'PageDeleted':
      await db.deleteFrom('library_texts').where('key', '=', page).execute();
      return;
    case 'AuthorAdded':
      await db
        .insertInto('library_authors')
        .values({ author_id: data.authorId!, name: data.name!, slug: data.slug! })
        .onConflict((oc) => oc.column('author_id').doNothing())
        .execute();
      return;
    case 'AuthorRenamed': {
      await db.updateTable('library_authors').set({ name: data.name! }).where('author_id', '=', data.authorId!).execute();
      const books = await db.selectFrom('library_texts').select(['key', 'book_title']).where('owner', '=', data.authorId!).execute();
      for (const row of books)
        await db
          .updateTable('library_texts')
          .set({ title: bookTitle(row.book_title ?? '', data.name!) })
          .where('key', '=', row.key)
          .execute();
      return;
    }
    case 'AuthorRemoved':
      await db.deleteFrom('library_authors').where('author_id', '=', data.authorId!).execute();
      return;
    case 'BookAdded': {
      const author = await db.selectFrom('library_authors').selectAll().where('author_id', '=', data.authorId!).executeTakeFirst();
      if (!author) return;
      const { title, markdown } = data.content as { title: string; markdown: string };
      await db
        .insertInto('library_texts')
        .values({
          key: book,
          scope: 'books',
          owner: author.author_id,
          book_title: title,
          title: bookTitle(title, author.name),
          link: `/books/${author.slug}/${data.slug!}`,
          markdown,
          date,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      return;
    }
    case 'BookRevised': {
      const row = await db
        .selectFrom('library_texts as t')
        .innerJoin('library_authors as a', 'a.author_id', 't.owner')
        .select('a.name')
        .where('t.key', '=', book)
        .executeTakeFirst();
      if (!row) return;
      const { title, markdown } = data.content as { title: string; markdown: string };
      await db
        .updateTable('library_texts')
        .set({ book_title: title, title: bookTitle(title, row.name), markdown, date })
        .where('key', '=', book)
        .execute();
      return;
    }
    case 'BookRemoved':
      await db.deleteFrom('library_texts').where('key', '=', book).execute();
      return;
  }
}

async function documentsOf(db: Kysely<SearchStateModel>, keys: readonly string[]): Promise<SearchDocument[]> {
  if (keys.length === 0) return [];
  const rows = await db.selectFrom('library_texts').selectAll().where('key', 'in', keys).execute();
  return rows.flatMap(documentsForLibraryText);
}

/** The library's events of a batch: the documents of every page and book they touched, before and after. */
export async function applyLibraryEvents(db: Kysely<SearchStateModel>, events: readonly RecordedEvent[], writer: SearchWriter): Promise<void> {
  const keys = new Set<string>();
  for (const event of events) for (const key of await keysOf(db, event)) keys.add(key);
  const before = await documentsOf(db, [...keys]);
  for (const event of events) {
    await applyLibraryEvent(db, event);
    // A book added in this batch had no documents before it, but its key counts from now on.
    for (const key of await keysOf(db, event)) keys.add(key);
  }
  const after = await documentsOf(db, [...keys]);
  const removed = gone(before, after);
  if (removed.length > 0) await writer.remove({ ids: removed });
  const upserts = changedOnly(before, after);
  if (upserts.length > 0) await writer.upsert(upserts, before);
}
