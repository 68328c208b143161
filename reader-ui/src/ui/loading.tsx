/** The loading spinner shown while a page's text is fetched (spec section 4, Busy states). */
export function Loading() {
  return (
    <div className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      Loading…
    </div>
  );
}

/** A failed read: 'No book found', 'Not Found' or 'An error occured' (spec section 8). */
export function Problem({ message }: { message: string }) {
  return (
    <section className="prose problem" aria-labelledby="problem-heading">
      <h1 id="problem-heading">{message}</h1>
    </section>
  );
}
