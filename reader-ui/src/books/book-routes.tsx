import { Route, Switch } from 'wouter';
import { NotFoundPage } from '../ui/not-found-page';
import { BookPage } from './book-page';
import { AuthorPage, BooksPage } from './books-page';
import './books.css';

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Every page under /books (app/routes.tsx loads this chunk for them). */
export default function BookRoutes() {
  return (
    <Switch>
      <Route path="/books" component={BooksPage} />
      <Route path="/books/">{() => <BooksPage />}</Route>
      <Route path="/books/:author">{(p) => <AuthorPage key={p.author} author={decode(p.author)} />}</Route>
      <Route path="/books/:author/:book">{(p) => <BookPage key={`${p.author}/${p.book}`} author={decode(p.author)} book={decode(p.book)} />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
