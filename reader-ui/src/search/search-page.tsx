import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../ui/use-page-title';
import { LoadMore } from '../ui/load-more';
import { LinkedText } from '../ui/linked-text';
import { formatShortDate, machineDate } from '@epos/schemas/dates/formats';
import { useToast } from '../ui/toast';
import { SpinnerButton } from '../ui/spinner-button';
import { NO_DATA, fetchSearchFile, fetchSearchPage, saveFile, type SearchAnswer, type SearchHit } from './api';
import { SearchFilter } from './search-filter';
import { filteredScopes, parseSearchState, resultCount, searchApiUrl, searchesInBook, searchPath, tabLabel, visibleScopes, type SearchState } from './paths';
import { snippetParts } from '@epos/schemas/search/snippet-parts';
import './search.css';

/** What has been loaded for one search (its API address of page 1): the last answer and every hit so far. */
interface Results {
  readonly key: string;
  readonly answer: SearchAnswer;
  readonly hits: readonly SearchHit[];
}

/** `/search?q=…&t=…`: a tab per scope with its count, the hits page by page, the scope as a file. */
export default function SearchPage() {
  const state = parseSearchState(useSearch());
  const [, navigate] = useLocation();
  const toast = useToast();
  const key = state.q === '' ? null : searchApiUrl(state, 1);
  const [results, setResults] = useState<Results | null>(null);
  const [failed, setFailed] = useState<{ readonly key: string; readonly message: string } | null>(null);
  const [more, setMore] = useState(false);
  const [downloading, setDownloading] = useState(false);
  usePageTitle(state.q === '' ? 'Search' : `Search: ${state.q}`);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    setFailed(null);
    fetchSearchPage(state, 1, controller.signal).then(
      (result) => {
        if (result.ok) {
          setResults({ key, answer: result.data, hits: result.data.bcontent });
          // spec section 8: a search that finds nothing anywhere says 'No data ' (a query of common words says why instead)
          if (foundNothing(result.data)) toast(NO_DATA, 'error');
        } else {
          setFailed({ key, message: result.message });
          toast(result.message, 'error');
        }
      },
      () => undefined,
    );
    return () => controller.abort();
    // `key` is the address of this very request: it changes exactly when `state` asks for other hits
  }, [key]);

  const shown = results !== null && results.key === key ? results : null;
  const failure = failed !== null && failed.key === key ? failed.message : null;
  const loading = key !== null && shown === null && failure === null;
  // while another tab loads, the tabs keep the counts of the same words
  const counted = shown?.answer ?? (results !== null && results.answer.q === state.q ? results.answer : null);

  const loadMore = async () => {
    if (shown === null) return;
    setMore(true);
    const result = await fetchSearchPage(state, shown.answer.Paging.CurrentPage + 1);
    setMore(false);
    if (!result.ok) return toast(result.message, 'error');
    setResults((now) => (now?.key === shown.key ? { key: now.key, answer: result.data, hits: [...now.hits, ...result.data.bcontent] } : now));
  };

  const download = async () => {
    setDownloading(true);
    const result = await fetchSearchFile(state);
    setDownloading(false);
    if (!result.ok) return toast(result.message, 'error');
    saveFile(result.data.fileName, result.data.file);
  };

  return (
    <article className="search-page" aria-labelledby="search-heading">
      <h1 id="search-heading">Search</h1>
      <SearchForm state={state} onSearch={(next) => navigate(searchPath(next))} />
      {key === null ? null : (
        <>
          <ScopeTabs state={state} counted={counted} />
          {filteredScopes.includes(state.t) ? <SearchFilter state={state} onChange={(next) => navigate(searchPath(next))} /> : null}
          <section className="search-results" aria-labelledby="search-results-heading" aria-busy={loading}>
            <div className="search-results-head">
              <h2 id="search-results-heading" className="search-total">
                {shown === null ? (failure ?? 'Searching…') : resultCount(shown.answer.total, shown.answer.capped.includes(state.t))}
              </h2>
              {shown !== null && shown.answer.total > 0 ? (
                <SpinnerButton type="button" busy={downloading} onClick={() => void download()}>
                  Download
                </SpinnerButton>
              ) : null}
            </div>
            {shown?.answer.notice ? <p className="search-notice">{shown.answer.notice}</p> : null}
            {shown?.answer.didYouMean ? (
              <p className="search-did-you-mean">
                Did you mean <Link href={searchPath({ ...state, q: shown.answer.didYouMean })}>{shown.answer.didYouMean}</Link>?
              </p>
            ) : null}
            {shown !== null && shown.hits.length > 0 ? (
              <ol className="search-hits">
                {shown.hits.map((hit) => (
                  <HitItem key={hit.id} hit={hit} />
                ))}
              </ol>
            ) : null}
            <LoadMore more={shown?.answer.more ?? false} busy={more} onLoad={() => void loadMore()} />
          </section>
        </>
      )}
    </article>
  );
}

/** No hit in any scope, and no notice explaining why (every word a common one). */
function foundNothing(answer: SearchAnswer): boolean {
  return answer.notice === null && Object.values(answer.counts).every((count) => count === 0);
}

function SearchForm({ state, onSearch }: { state: SearchState; onSearch: (next: SearchState) => void }) {
  const [text, setText] = useState(state.q);
  const [phrase, setPhrase] = useState(state.phrase);
  const id = useId();
  useEffect(() => {
    setText(state.q);
    setPhrase(state.phrase);
  }, [state.q, state.phrase]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // spec section 5: search runs only for non-empty input
    if (text.trim() === '') return;
    onSearch({ ...state, q: text.trim(), phrase });
  };

  return (
    <form className="search-form" role="search" aria-label="Search the site" onSubmit={onSubmit}>
      <label htmlFor={`${id}-q`} className="visually-hidden">
        Words to search for
      </label>
      <input id={`${id}-q`} className="input" type="search" name="q" maxLength={200} value={text} onChange={(event) => setText(event.target.value)} />
      <label className="checkbox-field compact">
        <input type="checkbox" checked={phrase} onChange={(event) => setPhrase(event.target.checked)} />
        Exact phrase
      </label>
      <button type="submit" className="button button-primary">
        Search
      </button>
    </form>
  );
}

function ScopeTabs({ state, counted }: { state: SearchState; counted: Pick<SearchAnswer, 'counts' | 'capped'> | null }) {
  return (
    <nav className="search-tabs" aria-label="Where to search">
      <ul>
        {visibleScopes(counted?.counts ?? null, state.t).map((scope) => (
          <li key={scope}>
            <Link href={searchPath({ q: state.q, t: scope, phrase: state.phrase })} aria-current={scope === state.t ? 'page' : undefined}>
              {tabLabel(scope, counted?.counts[scope], counted?.capped.includes(scope))}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function HitItem({ hit }: { hit: SearchHit }) {
  const inBook = searchesInBook(hit);
  return (
    <li className="search-hit">
      <h3 className="search-hit-title">{inBook ? hit.title : <Link href={hit.link}>{hit.title}</Link>}</h3>
      <p className="search-snippet">
        {snippetParts(hit.snippet).map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : <LinkedText key={index} text={part.text} />))}
      </p>
      {inBook ? (
        <p className="search-hit-actions">
          <Link href={hit.link}>Search in book</Link>
        </p>
      ) : null}
      {hit.date !== null ? (
        <p className="search-hit-date muted">
          <time dateTime={machineDate(hit.date)}>{formatShortDate(hit.date)}</time>
        </p>
      ) : null}
    </li>
  );
}
