import type { Site } from '@epos/schemas/api/site';
import type { AuthorBooksAnswer as AuthorBooks, BookAnswer } from '@epos/schemas/books/payloads';
import type { LibraryPageAnswer } from '@epos/schemas/library/payloads';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, headTags, type PageHead } from './head-tags.js';
import { collectionHead, homeCrumb } from './site-heads.js';

const seg = encodeURIComponent;
/** The words of an HTML body (the server's own sanitised HTML), for a description. */
const textOf = (html: string): string => DomUtils.textContent(parseDocument(html.replace(/<\/(p|h[1-6]|li|blockquote)>/g, '$& ')));
/** The words after a heading that repeats the page's own name (it is the title already). */
const afterName = (text: string, name: string): string => {
  const flat = text.trim();
  return flat.toLowerCase().startsWith(`${name.toLowerCase()} `) ? flat.slice(name.length).trim() : flat;
};

/** A book of the books section: its name and author, its first words; JSON-LD `Book`. */
export function bookHead(origin: string, site: Site, book: BookAnswer): PageHead {
  const url = `${origin}/books/${seg(book.Urlslug)}/${seg(book.BookSlug)}`;
  const description = describe(afterName(textOf(book.BookContentHtml), book.BookName) || `${book.BookName} by ${book.AuthorName}`);
  return headTags({
    site,
    title: `${book.BookName} — ${book.AuthorName} — ${site.siteName}`,
    description,
    url,
    type: 'article',
    jsonLd: { '@type': 'Book', name: book.BookName, author: { '@type': 'Person', name: book.AuthorName }, dateModified: book.updated_at, description },
    breadcrumb: [
      homeCrumb(origin, site),
      { name: 'Books', item: `${origin}/books` },
      { name: book.AuthorName, item: `${origin}/books/${seg(book.Urlslug)}` },
      { name: book.BookName, item: url },
    ],
  });
}

/** A library page: its name and first words, under its parent; JSON-LD `WebPage`. */
export function libraryPageHead(origin: string, site: Site, page: LibraryPageAnswer): PageHead {
  const url = `${origin}${page.url}`;
  const description = describe(afterName(textOf(page.content), page.name) || page.name);
  return headTags({
    site,
    title: `${page.name} — ${site.siteName}`,
    description,
    url,
    type: 'article',
    jsonLd: { '@type': 'WebPage', name: page.name, description, dateCreated: page.created_at, dateModified: page.updated_at },
    breadcrumb: [
      homeCrumb(origin, site),
      ...(page.parent ? [{ name: page.parent.name, item: `${origin}${page.parent.url}` }] : []),
      { name: page.name, item: url },
    ],
  });
}

/** The books section, every author's books. */
export function booksHead(origin: string, site: Site, authors: readonly AuthorBooks[]): PageHead {
  const names = authors.map((a) => a.AuthorName).join(', ');
  return collectionHead(origin, site, {
    title: 'Books',
    description: `Books on ${site.siteName}${names ? ` by ${names}` : ''}.`,
    path: '/books',
    breadcrumb: [],
  });
}

/** One author's books. */
export function authorHead(origin: string, site: Site, author: AuthorBooks): PageHead {
  return collectionHead(origin, site, {
    title: author.AuthorName,
    description: `Books by ${author.AuthorName}: ${author.AuthorBook.map((b) => b.BookName).join(', ')}.`,
    path: `/books/${seg(author.Urlslug)}`,
    breadcrumb: [{ name: 'Books', item: `${origin}/books` }],
  });
}
