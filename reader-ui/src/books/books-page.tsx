import { Link } from 'wouter';
import { servedAt } from '../ui/server-answers';
import { usePageTitle } from '../ui/use-page-title';
import { useLoad } from '../ui/use-load';
import { Loading, Problem } from '../ui/loading';
import { bookApi, bookPaths, fetchAuthor, fetchBooks, type AuthorBooks } from './api';

/** One author and their books, by the order the API gives (BookOrder, then name). */
function AuthorSection({ author, headingLevel }: { author: AuthorBooks; headingLevel: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const headingId = `author-${author.Urlslug}`;
  return (
    <section className="books-author" aria-labelledby={headingId} data-testid="books-author">
      <Heading id={headingId}>{headingLevel === 1 ? author.AuthorName : <Link href={bookPaths.author(author.Urlslug)}>{author.AuthorName}</Link>}</Heading>
      {author.AuthorBook.length === 0 ? (
        <p className="muted">No books yet.</p>
      ) : (
        <ul className="books-list">
          {author.AuthorBook.map((book) => (
            <li key={book.BookSlug}>
              <Link href={bookPaths.book(author.Urlslug, book.BookSlug)} data-testid="books-book">
                {book.BookName}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** `/books`: the authors and their books. */
export function BooksPage() {
  usePageTitle('Books');
  const result = useLoad('books', fetchBooks, 0, servedAt<AuthorBooks[]>(bookApi.books));
  if (result === null) return <Loading />;
  if (!result.ok) return <Problem message={result.message} />;
  const authors = Array.isArray(result.data) ? result.data : [];
  return (
    <div className="books-page prose">
      <h1>Books</h1>
      {authors.length === 0 ? <p>No books yet.</p> : authors.map((author) => <AuthorSection key={author.Urlslug} author={author} headingLevel={2} />)}
    </div>
  );
}

/** `/books/{authorSlug}`: one author's books. */
export function AuthorPage({ author }: { author: string }) {
  const result = useLoad(`author:${author}`, (signal) => fetchAuthor(author, signal), 0, servedAt<AuthorBooks>(bookApi.author(author)));
  usePageTitle(result === null ? 'Loading' : result.ok ? result.data.AuthorName : result.message);
  if (result === null) return <Loading />;
  if (!result.ok) return <Problem message={result.message} />;
  return (
    <div className="books-page prose">
      <p className="books-up">
        <Link href={bookPaths.books}>All books</Link>
      </p>
      <AuthorSection author={result.data} headingLevel={1} />
    </div>
  );
}
