import type { Kysely } from 'kysely';
import type { PoemReadModel } from '@epos/projections/poem/read-model';
import type { ChangeLogReadModel } from '@epos/projections/history/change-log';
import type { BlogsReadModel } from '@epos/projections/blogs/read-model';
import type { LibraryReadModel } from '@epos/projections/library/library-projection';
import type { BooksReadModel } from '@epos/projections/books/books-projection';

/** One address of the sitemap: its path on the site and when what it shows last changed. */
export interface SitemapUrl {
  path: string;
  lastmod: Date | null;
}

const latest = (a: Date | null, b: Date | null) => (a === null ? b : b === null || a >= b ? a : b);

/** When each sentence last changed: its stream's newest event in the audit log (text, translations, notes, placement). */
async function sentenceChanges(changes: Kysely<ChangeLogReadModel>): Promise<Map<string, Date>> {
  const rows = await changes
    .selectFrom('changes')
    .select(['stream_id', (eb) => eb.fn.max('occurred_at').as('at')])
    .where('kind', '=', 'sentence')
    .groupBy('stream_id')
    .execute();
  return new Map(rows.map((row) => [row.stream_id, new Date(row.at)]));
}

/** Every placed sentence at its permanent link, in poem order, and every section with its sentences' latest change. */
export async function poemUrls(poem: Kysely<PoemReadModel>, changes: Kysely<ChangeLogReadModel>): Promise<{ sections: SitemapUrl[]; sentences: SitemapUrl[] }> {
  const [rows, changed] = await Promise.all([
    poem
      .selectFrom('sentences')
      .select(['id', 'book', 'canto', 'section'])
      .where('sentence', 'is not', null)
      .where('book', 'is not', null)
      .orderBy('sentence')
      .execute(),
    sentenceChanges(changes),
  ]);
  const sections = new Map<string, SitemapUrl>();
  const sentences = rows.map((row): SitemapUrl => {
    const lastmod = changed.get(`sentence-${row.id}`) ?? null;
    const path = `/${row.book}/${row.canto}/${row.section}`;
    const section = sections.get(path);
    if (section) section.lastmod = latest(section.lastmod, lastmod);
    else sections.set(path, { path, lastmod });
    return { path: `/s/${row.id}`, lastmod };
  });
  return { sections: [...sections.values()], sentences };
}

/** Published posts of the blogs the site lists. */
export async function postUrls(blogs: Kysely<BlogsReadModel>): Promise<SitemapUrl[]> {
  const rows = await blogs
    .selectFrom('posts')
    .innerJoin('blogs', 'blogs.blog_id', 'posts.blog_id')
    .select(['posts.blog_id', 'posts.url', 'posts.updated_at'])
    .where('posts.status', '=', 'published')
    .where('blogs.archived', '=', false)
    .orderBy('posts.published_at', 'desc')
    .execute();
  return rows.map((row) => ({ path: `/blogs/${row.blog_id}/${row.url}`, lastmod: new Date(row.updated_at) }));
}

export async function pageUrls(library: Kysely<LibraryReadModel>): Promise<SitemapUrl[]> {
  const rows = await library.selectFrom('pages').select(['path', 'updated_at']).orderBy('path').execute();
  return rows.map((row) => ({ path: row.path, lastmod: new Date(row.updated_at) }));
}

export async function bookUrls(books: Kysely<BooksReadModel>): Promise<SitemapUrl[]> {
  const rows = await books
    .selectFrom('books')
    .innerJoin('authors', 'authors.author_id', 'books.author_id')
    .select(['authors.slug as author', 'books.slug as book', 'books.updated_at'])
    .orderBy('authors.slug')
    .orderBy('books.book_order')
    .execute();
  return rows.map((row) => ({ path: `/books/${row.author}/${row.book}`, lastmod: new Date(row.updated_at) }));
}
