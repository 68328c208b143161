import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../ui/use-page-title';
import { getJson, type Result } from '../ui/http';
import { Loading } from '../ui/loading';
import '../poem/poem.css';
import { sentencePath } from '../ui/poem-address';
import { Verse } from '../ui/verse';
import { RequiredMark } from '../ui/form-field';
import { SpinnerButton } from '../ui/spinner-button';
import { contextPath, lookupApiUrl, lookupPath, parseLookupSearch, validateLookup, type LineNumberResult, type LookupBy } from './lookup';
import './lookup.css';

/** `/lookup`: find a sentence by its number, or by a verse line's number (`?n=12&by=verse`). */
export default function LookupPage() {
  const search = useSearch();
  const [, navigate] = useLocation();
  const asked = parseLookupSearch(search);
  const [value, setValue] = useState(asked.n === null ? '' : String(asked.n));
  const [by, setBy] = useState<LookupBy>(asked.by);
  const [error, setError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState<{ key: string; result: Result<LineNumberResult> } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  const key = asked.n === null ? null : lookupApiUrl(asked.n, asked.by);
  usePageTitle('Look up a line');

  // the address is the source of truth: back/forward show the earlier lookups
  useEffect(() => {
    setValue(asked.n === null ? '' : String(asked.n));
    setBy(asked.by);
  }, [asked.n, asked.by]);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    getJson<LineNumberResult>(key, { signal: controller.signal }).then(
      (result) => setLoaded({ key, result }),
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);

  const result = key !== null && loaded?.key === key ? loaded.result : null;
  const busy = key !== null && result === null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateLookup(value);
    setError(problem);
    if (problem !== null) {
      inputRef.current?.focus();
      return;
    }
    navigate(lookupPath(Number(value.trim()), by));
  };

  return (
    <article className="reader lookup-page" aria-labelledby="lookup-heading">
      <h1 id="lookup-heading">Look up a line</h1>
      <form className="lookup-form" noValidate onSubmit={onSubmit}>
        <fieldset className="lookup-by">
          <legend>Look up by</legend>
          {(['sentence', 'verse'] as const).map((option) => (
            <label key={option} className="checkbox-field compact">
              <input type="radio" name="by" value={option} checked={by === option} onChange={() => setBy(option)} />
              {option === 'sentence' ? 'Sentence' : 'Verse line'}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={inputId}>
            {by === 'sentence' ? 'Sentence number' : 'Verse line number'}
            <RequiredMark />
          </label>
          <input
            ref={inputRef}
            id={inputId}
            className="input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            value={value}
            aria-invalid={error !== null || undefined}
            aria-describedby={error !== null ? errorId : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              if (error !== null) setError(validateLookup(e.target.value));
            }}
          />
          {error !== null && (
            <p id={errorId} className="lookup-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div>
          <SpinnerButton busy={busy} className="button-primary">
            Look up
          </SpinnerButton>
        </div>
      </form>
      <div aria-live="polite">
        {busy && <Loading />}
        {/* a new message (the input's) replaces the last lookup's failure */}
        {result !== null && !result.ok && error === null && <p className="lookup-result lookup-error">{result.message}</p>}
        {result !== null && result.ok && <LookupResult data={result.data} />}
      </div>
    </article>
  );
}

function LookupResult({ data }: { data: LineNumberResult }) {
  const context = contextPath(data);
  const n = data.inPoemNumber;
  return (
    <section className="lookup-result" aria-labelledby="lookup-result-heading">
      <h2 id="lookup-result-heading">Sentence {n}</h2>
      <Verse lines={data.Line.split('\n')} />
      <dl className="lookup-numbers">
        <dt>In the poem</dt>
        <dd>{data.inPoemNumber}</dd>
        <dt>In the book</dt>
        <dd>
          {data.inBookNumber}
          {data.bookNumber !== undefined && <span className="muted"> (book {data.bookNumber})</span>}
        </dd>
        <dt>In the canto</dt>
        <dd>
          {data.inCantoNumber}
          {data.cantoNumber !== undefined && <span className="muted"> (canto {data.cantoNumber})</span>}
        </dd>
      </dl>
      {data.LineDetails.length > 0 && (
        <div className="lookup-table-wrap">
          <table className="lookup-table">
            <caption className="visually-hidden">Verse lines of sentence {n}</caption>
            <thead>
              <tr>
                <th scope="col">Verse line</th>
                <th scope="col" className="number">
                  In poem
                </th>
                <th scope="col" className="number">
                  In book
                </th>
                <th scope="col" className="number">
                  In canto
                </th>
              </tr>
            </thead>
            <tbody>
              {data.LineDetails.map((line) => (
                <tr key={line.inPoemNumber}>
                  <td>{line.Line}</td>
                  <td className="number">{line.inPoemNumber}</td>
                  <td className="number">{line.inBookNumber}</td>
                  <td className="number">{line.inCantoNumber}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p>
        {context !== null && (
          <>
            <Link href={context}>Read it in context</Link>
            {' · '}
          </>
        )}
        <Link href={sentencePath(n)}>Open sentence {n}</Link>
      </p>
    </section>
  );
}
