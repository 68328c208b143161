import { useSetAtom } from 'jotai';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { asOfAtom, asOfBeforeText, formatAsOf, parseAsOf, todayIso, useAsOf, withAsOfParam } from './as-of';
import './scholarship.css';

/**
 * "Read as of": a date input that moves to the same section with `?asOf=YYYY-MM-DD`
 * (the section page's fetch reads it through useAsOf / asOfFromLocation).
 */
export function AsOfControl({ path }: { path: string }) {
  const asOf = useAsOf();
  const [, navigate] = useLocation();
  const [value, setValue] = useState(asOf ?? '');
  const id = useId();
  const hintId = useId();

  useEffect(() => setValue(asOf ?? ''), [asOf]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const date = parseAsOf(value);
    navigate(withAsOfParam(path, date));
  };

  return (
    <form className="control as-of-control" onSubmit={onSubmit}>
      <label htmlFor={id}>Read as of</label>
      <div className="as-of-row">
        <input id={id} type="date" className="input" value={value} max={todayIso()} aria-describedby={hintId} onChange={(e) => setValue(e.target.value)} />
        <button type="submit" className="button">
          Go
        </button>
      </div>
      <span id={hintId} className="visually-hidden">
        Shows the section as it stood on that date; leave empty for today.
      </span>
    </form>
  );
}

/** "As it stood on {date} — back to today", shown while the address has `?asOf=`. */
export function AsOfBanner({ path }: { path: string }) {
  const asOf = useAsOf();
  if (asOf === null) return null;
  return (
    <p className="as-of-banner" role="status">
      As it stood on <time dateTime={asOf}>{formatAsOf(asOf)}</time> — <Link href={withAsOfParam(path, null)}>back to today</Link>
    </p>
  );
}

/**
 * What a section read as of a day it had no text shows instead of a bare "No book found": why
 * (the poem had no text yet, and from which day it has; or this section had none then), the
 * way to that first day and back to today, and the date control to choose another day.
 */
export function AsOfNothing({ path, since }: { path: string; since: string | null }) {
  const asOf = useAsOf();
  if (asOf === null) return null;
  const beforeText = asOfBeforeText(asOf, since);
  return (
    <section className="as-of-nothing" aria-labelledby="as-of-nothing-heading">
      <h1 id="as-of-nothing-heading">Nothing to read on {formatAsOf(asOf)}</h1>
      <p role="status">
        {beforeText && since !== null ? (
          <>
            The poem had no text yet on <time dateTime={asOf}>{formatAsOf(asOf)}</time>: its text begins on <time dateTime={since}>{formatAsOf(since)}</time>.
          </>
        ) : (
          <>
            This section had no text on <time dateTime={asOf}>{formatAsOf(asOf)}</time>.
          </>
        )}
      </p>
      <p className="as-of-ways">
        {beforeText && since !== null && (
          <>
            <Link href={withAsOfParam(path, since)}>Read it as of {formatAsOf(since)}</Link>
            {' · '}
          </>
        )}
        <Link href={withAsOfParam(path, null)}>Back to today</Link>
      </p>
      <AsOfControl path={path} />
    </section>
  );
}

/** Keeps asOfAtom in step with the address (mounted once, by the routes). */
export function AsOfSync() {
  const asOf = useAsOf();
  const setAsOf = useSetAtom(asOfAtom);
  useEffect(() => setAsOf(asOf), [asOf, setAsOf]);
  return null;
}
