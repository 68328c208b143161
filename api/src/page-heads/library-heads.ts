import type { Site } from '@epos/schemas/api/site';
import type { BookAnswer } from '@epos/schemas/books/payloads';
import type { LibraryPageAnswer } from '@epos/schemas/library/payloads';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, headTags, type PageHead } from './head-tags.js';

const seg = encodeURIComponent;
/** The words of an HTML body (the server's own sanitised HTML), for a description. */
const textOf = (html: string): string => DomUtils.textContent(parseDocument(html.replace(/<\/(p|h[1-6]|li|blockquote)>/g, '$& ')));

/** The home page: the poem, its author and its introduction; JSON-LD `WebSite` and the poem as a `Book`. */
export function homeHead(origin: string, site: Site): PageHead {
  const description = describe(
    site.poemIntroduction ?? `Read ${site.poemTitle} by ${site.poemAuthor}: by book, canto and section, with translations, notes and commentary.`,
  );
  return headTags({
    site,
    title: `${site.poemTitle} — ${site.siteName}`,
    description,
    url: `${origin}/`,
    type: 'website',
    jsonLd: {
      '@type': 'WebSite',
      name: site.siteName,
      description,
      mainEntity: { '@type': 'Book', name: site.poemTitle, author: { '@type': 'Person', name: site.poemAuthor }, url: `${origin}/1/1/1` },
    },
    breadcrumb: [{ name: site.siteName, item: `${origin}/` }],
  });
}

/** A book of the books section: its name and author, its first words; JSON-LD `Book`. */
export function bookHead(origin: string, site: Site, book: BookAnswer): PageHead {
  const url = `${origin}/books/${seg(book.Urlslug)}/${seg(book.BookSlug)}`;
  const description = describe(textOf(book.BookContentHtml) || `${book.BookName} by ${book.AuthorName}`);
  return headTags({
    site,
    title: `${book.BookName} — ${book.AuthorName} — ${site.siteName}`,
    description,
    url,
    type: 'article',
    jsonLd: { '@type': 'Book', name: book.BookName, author: { '@type': 'Person', name: book.AuthorName }, dateModified: book.updated_at, description },
    breadcrumb: [
      { name: site.siteName, item: `${origin}/` },
      { name: 'Books', item: `${origin}/books` },
      { name: book.AuthorName, item: `${origin}/books/${seg(book.Urlslug)}` },
      { name: book.BookName, item: url },
    ],
  });
}

/** A library page: its name and first words, under its parent; JSON-LD `WebPage`. */
export function libraryPageHead(origin: string, site: Site, page: LibraryPageAnswer): PageHead {
  const url = `${origin}${page.url}`;
  const description = describe(textOf(page.content) || page.name);
  return headTags({
    site,
    title: `${page.name} — ${site.siteName}`,
    description,
    url,
    type: 'article',
    jsonLd: { '@type': 'WebPage', name: page.name, description, dateCreated: page.created_at, dateModified: page.updated_at },
    breadcrumb: [
      { name: site.siteName, item: `${origin}/` },
      ...(page.parent ? [{ name: page.parent.name, item: `${origin}${page.parent.url}` }] : []),
      { name: page.name, item: url },
    ],
  });
}
