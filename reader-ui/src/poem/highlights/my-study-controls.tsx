import { useLoad } from '../../ui/use-load';
import { fetchContents } from '../api';

type Order = 'poem' | 'date';

/** My study's order: the poem's, or the newest first. */
export function OrderChoice({ id, value, onChange }: { id: string; value: Order; onChange: (order: Order) => void }) {
  return (
    <>
      <label htmlFor={id}>Order</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.currentTarget.value === 'date' ? 'date' : 'poem')}>
        <option value="poem">The poem’s order</option>
        <option value="date">Newest first</option>
      </select>
    </>
  );
}

/** My study's book: every book, or one of the poem's. */
export function BookChoice({ id, value, onChange }: { id: string; value: number | undefined; onChange: (book: number | undefined) => void }) {
  const books = useLoad('contents', () => fetchContents());
  return (
    <>
      <label htmlFor={id}>Book</label>
      <select
        id={id}
        className="input"
        value={value ?? ''}
        onChange={(e) => onChange(e.currentTarget.value === '' ? undefined : Number(e.currentTarget.value))}
      >
        <option value="">Every book</option>
        {(books?.ok ? books.data.books : []).map((book) => (
          <option key={book.book} value={book.book}>
            Book {book.book}: {book.name}
          </option>
        ))}
      </select>
    </>
  );
}

/** The list's files, by the same filter. Plain links: the server sends each as an attachment, so the page stays. */
export function Downloads({ markdown, json }: { markdown: string; json: string }) {
  return (
    <p className="my-study-downloads">
      <a className="button" href={markdown} download>
        Download as markdown
      </a>
      <a className="button" href={json} download>
        Download as JSON
      </a>
    </p>
  );
}
