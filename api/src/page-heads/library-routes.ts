import type { AuthorBooksAnswer, BookAnswer } from '@epos/schemas/books/payloads';
import type { LibraryPageAnswer } from '@epos/schemas/library/payloads';
import { libraryPathProblem } from '@epos/schemas/library/paths';
import { authorHead, bookHead, booksHead, libraryPageHead } from './library-heads.js';
import { segment, type PageRoute, type PageSources } from './page-route.js';

/** The books section's pages and the library's: any path the site does not own is a library page, so these come last. */
export function libraryRoutes({ origin, read, withSite }: PageSources): PageRoute[] {
  const author = (m: RegExpExecArray) => segment(m[1]!);
  const book = (m: RegExpExecArray) => {
    const [a, b] = [segment(m[1]!), segment(m[2]!)];
    return a === null || b === null ? null : `/api/booksnew/${a}/${b}`;
  };
  return [
    {
      pattern: /^\/books\/?$/,
      reads: 'books',
      key: () => '/books',
      head: async () => {
        const authors = await read<AuthorBooksAnswer[]>('/api/books');
        return authors && withSite((site) => booksHead(origin, site, authors));
      },
      answers: () => ['/api/site', '/api/books'],
    },
    {
      pattern: /^\/books\/([^/?#]+)\/?$/,
      reads: 'books',
      key: (m) => author(m) && `/books/${author(m)}`,
      head: async (m) => {
        const answer = await read<AuthorBooksAnswer>(`/api/books/${author(m)}`);
        return answer && withSite((site) => authorHead(origin, site, answer));
      },
      answers: (m) => ['/api/site', `/api/books/${author(m)}`],
    },
    {
      pattern: /^\/books\/([^/?#]+)\/([^/?#]+)\/?$/,
      reads: 'books',
      key: book,
      head: async (m) => {
        const answer = await read<BookAnswer>(book(m)!);
        return answer && withSite((site) => bookHead(origin, site, answer));
      },
      answers: (m) => ['/api/site', book(m)!],
    },
    {
      // a library page: any path the site does not own (the reader app's last route)
      pattern: /^(\/.+?)\/?$/,
      reads: 'library',
      key: (m) => (libraryPathProblem(m[1]!) === null ? m[1]! : null),
      head: async (m) => {
        const page = await read<LibraryPageAnswer>(`/api${m[1]}`);
        return page && withSite((site) => libraryPageHead(origin, site, page));
      },
      answers: (m) => ['/api/site', `/api${m[1]}`],
    },
  ];
}
