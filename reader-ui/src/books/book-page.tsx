import { memo, useEffect, useId, useMemo, useRef } from 'react';
import { serverAnswer, servedAt } from '../ui/server-answers';
import { Link, useLocation } from 'wouter';
import { goToElement, gotoHashId } from '../ui/goto-hash';
import { usePageTitle } from '../ui/use-page-title';
import { useLoad } from '../ui/use-load';
import { Loading, Problem } from '../ui/loading';
import { bookApi, bookPaths, fetchBook, startBookRead, type Book } from './api';
import { tocHref, tocOf, type TocItem } from './toc';

/**
 * The book's text: the server's sanitised HTML, set once (a 300,000-word book is one innerHTML,
 * never a React node per paragraph); memo keeps React from looking at it again.
 */
const BookText = memo(function BookText({ html }: { html: string }) {
  // Sanitised by the server (the book's markdown rendered there); never built here from user text.
  return <div className="book-content prose" data-testid="book-content" dangerouslySetInnerHTML={{ __html: html }} />;
});

/** The table of contents: `GotoHash` links (app/goto-hash.ts) scroll below the navigation and highlight 6 s. */
function Contents({ items }: { items: readonly TocItem[] }) {
  const headingId = useId();
  if (items.length === 0) return null;
  return (
    <nav className="book-toc" aria-labelledby={headingId} data-testid="book-toc">
      <h2 id={headingId}>Contents</h2>
      <ol>
        {items.map((item) => (
          <li key={item.hash}>
            <a className="GotoHash" href={tocHref(item.hash)}>
              {item.text}
            </a>
            {item.children.length > 0 && (
              <ol>
                {item.children.map((child) => (
                  <li key={child.hash}>
                    <a className="GotoHash" href={tocHref(child.hash)}>
                      {child.text}
                    </a>
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function BookView({ book }: { book: Book }) {
  const [, navigate] = useLocation();
  const toc = useMemo(() => tocOf(book.InnerTags), [book.InnerTags]);
  const arrived = useRef(false);

  // Opened at a heading (`…#canto-two`): go there once the text is in the page.
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    const id = gotoHashId(window.location.hash);
    const target = id === null ? null : document.getElementById(id);
    if (target !== null) goToElement(target);
  }, []);

  return (
    <article className="book-reader" aria-labelledby="book-heading">
      <header className="book-header">
        <button type="button" className="button book-back" onClick={() => navigate(bookPaths.books)} data-testid="book-back">
          ← Back to books
        </button>
        <p className="book-author">
          <Link href={bookPaths.author(book.Urlslug)}>{book.AuthorName}</Link>
        </p>
        <h1 id="book-heading">{book.BookName}</h1>
      </header>
      <div className="book-layout">
        <Contents items={toc} />
        <BookText html={book.BookContentHtml} />
      </div>
    </article>
  );
}

/** `/books/{authorSlug}/{bookSlug}`: the book reader; 404 is 'No book found'. */
export function BookPage({ author, book }: { author: string; book: string }) {
  // A page the server rendered carries the book already.
  if (serverAnswer<Book>(bookApi.book(author, book)) === undefined) startBookRead(author, book);
  const result = useLoad(`${author}/${book}`, (signal) => fetchBook(author, book, signal), 0, servedAt<Book>(bookApi.book(author, book)), false);
  usePageTitle(result === null ? 'Loading' : result.ok ? result.data.BookName : result.message);
  if (result === null) return <Loading />;
  if (!result.ok) return <Problem message={result.message} />;
  return <BookView key={`${author}/${book}`} book={result.data} />;
}
