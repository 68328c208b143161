import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { editionNames, editions } from '@epos/schemas/poem/editions';
import { usePageTitle } from '../../ui/use-page-title';
import { Loading } from '../../ui/loading';
import { FormField, RequiredMark } from '../../ui/form-field';
import { SpinnerButton } from '../../ui/spinner-button';
import { COUNTS_PATH, fetchCantoCounts, fetchCounts, type CountRange } from './api';
import { CountResults, type Results } from './count-results';
import { NOTHING_TO_SHOW, rangeOf, searchOf, valuesOf, type CantoMetric, type CountFormValues } from './count-form';
import { firstCantoRange } from './default-range';
import './stats.css';

type Opening = { range: CountRange; firstCanto?: { book: number; canto: number } } | { nothing: true } | { failure: string };

/** The range the address asks for, else the poem's first canto (docs/decisions/counts-default-range.md). */
async function openingRange(asked: CountFormValues, signal: AbortSignal): Promise<Opening> {
  if (asked.from !== '') {
    const parsed = rangeOf(asked);
    return parsed.ok ? { range: parsed.range } : { failure: parsed.message };
  }
  const first = await fetchCantoCounts({ from: 1, to: 1 }, signal);
  if (!first.ok) return { failure: first.message };
  const found = firstCantoRange(first.data);
  if (!found) return { nothing: true };
  const { book, canto, ...range } = found;
  return { range, firstCanto: { book, canto } };
}

/** `/counts?from&to&lbl`: the count statistics of a range of sentences (spec: Counts); without a range, the first canto's. */
export default function StatsPage() {
  usePageTitle('Count statistics');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<CountFormValues>(() => valuesOf(search));
  const [issue, setIssue] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [nothing, setNothing] = useState(false);
  const [busy, setBusy] = useState(false);
  // The address whose range `results` shows: while another loads, the old results are marked stale.
  const [resultsFor, setResultsFor] = useState(search);
  const [failure, setFailure] = useState<string | null>(null);
  const [metric, setMetric] = useState<CantoMetric>('AvgWordsPerLine');
  const issueId = useId();

  // The address holds the range: load it whenever it changes (a submit, a link, back and forward).
  useEffect(() => {
    const asked = valuesOf(search);
    setValues(asked);
    const parsed = asked.from === '' ? null : rangeOf(asked);
    if (parsed && !parsed.ok) {
      setIssue(parsed);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    setFailure(null);
    setNothing(false);
    const load = async () => {
      const opening = await openingRange(asked, controller.signal);
      if ('failure' in opening || 'nothing' in opening) {
        setBusy(false);
        setResults(null);
        setResultsFor(search);
        if ('failure' in opening) setFailure(opening.failure);
        else setNothing(true);
        return;
      }
      const { range, firstCanto } = opening;
      if (firstCanto) setValues({ from: String(range.from), to: String(range.to), edition: range.edition });
      const [counted, compared] = await Promise.all([fetchCounts(range, 1, controller.signal), fetchCantoCounts(range, controller.signal)]);
      setBusy(false);
      setResultsFor(search);
      if (!counted.ok) {
        setFailure(counted.message);
        setResults(null);
        return;
      }
      setResults({ range, firstCanto, first: counted.data, answer: counted.data, sentences: counted.data.lcount, cantos: compared.ok ? compared.data : null });
    };
    // An abort (the address changed again) rejects the reads: the next load has taken over.
    load().catch(() => undefined);
    return () => controller.abort();
  }, [search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = rangeOf(values);
    if (!parsed.ok) {
      setIssue(parsed);
      return;
    }
    setIssue(null);
    navigate(`${COUNTS_PATH}${searchOf(parsed.range)}`);
  };

  const loadMore = async () => {
    if (!results || busy) return;
    setBusy(true);
    const next = await fetchCounts(results.range, results.answer.Paging.CurrentPage + 1);
    setBusy(false);
    if (!next.ok) return setFailure(next.message);
    setResults({ ...results, answer: next.data, sentences: [...results.sentences, ...next.data.lcount] });
  };

  return (
    <div className="stats-page">
      <h1>Count statistics</h1>
      <form className="count-form" onSubmit={submit} noValidate aria-describedby={issue ? issueId : undefined}>
        <FormField
          id="count-from"
          label="From"
          required
          inputMode="numeric"
          value={values.from}
          onValueChange={(from) => setValues({ ...values, from })}
          invalid={issue?.field === 'from'}
          describedBy={issue?.field === 'from' ? issueId : undefined}
        />
        <FormField
          id="count-to"
          label="To"
          inputMode="numeric"
          value={values.to}
          onValueChange={(to) => setValues({ ...values, to })}
          invalid={issue?.field === 'to'}
          describedBy={issue?.field === 'to' ? issueId : undefined}
        />
        <div className="field">
          <label htmlFor="count-edition">Edition</label>
          <select id="count-edition" className="input" value={values.edition} onChange={(e) => setValues({ ...values, edition: e.currentTarget.value })}>
            {editions.map((e) => (
              <option key={e} value={e}>
                {editionNames[e]}
              </option>
            ))}
          </select>
        </div>
        <SpinnerButton busy={busy}>Count</SpinnerButton>
        {issue && (
          <p id={issueId} className="form-error" role="alert">
            {issue.message}
          </p>
        )}
        <p className="muted form-note">
          Fields marked <RequiredMark /> are required.
        </p>
      </form>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
      {nothing && <p className="nothing-to-show">{NOTHING_TO_SHOW}</p>}
      {results ? (
        <CountResults results={results} busy={busy} stale={resultsFor !== search} onMore={loadMore} metric={metric} onMetric={setMetric} />
      ) : (
        busy && <Loading />
      )}
    </div>
  );
}
