import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { editionNames, editions } from '@epos/schemas/poem/editions';
import { usePageTitle } from '../app/use-page-title';
import { Loading } from '../poem/loading';
import { FormField, RequiredMark } from '../ui/form-field';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import { SpinnerButton } from '../ui/spinner-button';
import { COUNTS_PATH, fetchCantoCounts, fetchCounts, type CantoCountAnswer, type CountAnswer, type CountRange, type SentenceCount } from './api';
import { NOTHING_TO_SHOW, rangeOf, searchOf, valuesOf, type CantoMetric, type CountFormValues } from './count-form';
import { CountRules } from './count-rules';
import './stats.css';

// Chartist loads only when there is something to draw.
const CountCharts = lazy(() => import('./charts'));

interface Results {
  range: CountRange;
  answer: CountAnswer;
  sentences: SentenceCount[];
}

/** `/counts?from&to&lbl`: the count statistics of a range of sentences (spec: Counts). */
export default function StatsPage() {
  usePageTitle('Count statistics');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<CountFormValues>(() => valuesOf(search));
  const [issue, setIssue] = useState<{ field: 'from' | 'to'; message: string } | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [cantos, setCantos] = useState<CantoCountAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [metric, setMetric] = useState<CantoMetric>('AvgWordsPerLine');
  const issueId = useId();

  // The address holds the range: load it whenever it changes (a submit, a link, back and forward).
  useEffect(() => {
    const asked = valuesOf(search);
    setValues(asked);
    if (asked.from === '') return;
    const parsed = rangeOf(asked);
    if (!parsed.ok) {
      setIssue(parsed);
      return;
    }
    const controller = new AbortController();
    setBusy(true);
    setFailure(null);
    void Promise.all([fetchCounts(parsed.range, 1, controller.signal), fetchCantoCounts(parsed.range, controller.signal)])
      .then(([counted, compared]) => {
        setBusy(false);
        if (!counted.ok) {
          setFailure(counted.message);
          setResults(null);
          return;
        }
        setResults({ range: parsed.range, answer: counted.data, sentences: counted.data.lcount });
        setCantos(compared.ok ? compared.data : null);
      })
      .catch(() => undefined);
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
    setResults({ range: results.range, answer: next.data, sentences: [...results.sentences, ...next.data.lcount] });
  };

  return (
    <div className="stats-page">
      <h1>Count statistics</h1>
      <form className="count-form" onSubmit={submit} noValidate aria-describedby={issue ? issueId : undefined}>
        <FormField id="count-from" label="From" required inputMode="numeric" value={values.from} onValueChange={(from) => setValues({ ...values, from })} invalid={issue?.field === 'from'} describedBy={issue?.field === 'from' ? issueId : undefined} />
        <FormField id="count-to" label="To" inputMode="numeric" value={values.to} onValueChange={(to) => setValues({ ...values, to })} invalid={issue?.field === 'to'} describedBy={issue?.field === 'to' ? issueId : undefined} />
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
      {results && <CountResults results={results} cantos={cantos} busy={busy} onMore={loadMore} metric={metric} onMetric={setMetric} />}
    </div>
  );
}

function CountResults({ results, cantos, busy, onMore, metric, onMetric }: { results: Results; cantos: CantoCountAnswer | null; busy: boolean; onMore: () => void; metric: CantoMetric; onMetric: (m: CantoMetric) => void }) {
  const { answer, sentences } = results;
  if (answer.totals.TotalSentences === 0) return <p className="nothing-to-show">{NOTHING_TO_SHOW}</p>;
  const t = answer.totals;
  const more = answer.Paging.CurrentPage < answer.Paging.TotalPagesCount;
  return (
    <section aria-labelledby="count-results-heading">
      <h2 id="count-results-heading">
        Sentences {results.range.from}–{results.range.to}, {editionNames[results.range.edition]} edition
      </h2>
      <dl className="count-totals" data-testid="count-totals">
        {(
          [
            ['Sentences', t.TotalSentences],
            ['Lines', t.TotalLines],
            ['Lines per sentence', t.AvgLinesPerSentence],
            ['Words per sentence', t.AvgWordsPerSentence],
            ['Words per line', t.AvgWordsPerLine],
            ['Characters per line', t.AvgCharacterPerline],
            ['Syllables per line', t.AvgSyllables],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value.toLocaleString('en')}</dd>
          </div>
        ))}
      </dl>
      <CountRules />
      <Suspense fallback={<Loading />}>
        <CountCharts sentences={sentences} cantos={cantos} metric={metric} metricControl={<MetricChoice metric={metric} onMetric={onMetric} />} />
      </Suspense>
      <div className="count-table-wrap">
        <table className="count-table" data-testid="count-table">
          <caption className="count-caption">Counts per sentence; each line ends with its (words · syllables).</caption>
          <thead>
            <tr>
              <th scope="col">No.</th>
              <th scope="col">Sentence</th>
              <th scope="col">Words</th>
              <th scope="col">Syllables</th>
              <th scope="col">Characters</th>
              <th scope="col">Special</th>
              <th scope="col">Syllables per line</th>
            </tr>
          </thead>
          <tbody>
            {sentences.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  <a href={`/${s.id}`}>{s.id}</a>
                </th>
                <td>
                  {s.Lines.map((l, i) => (
                    <span key={i} className="count-line" title={`${l.lwordcount} words, ${l.lsyllablecount} syllables, ${l.lcharcount} characters, ${l.lcharspecialcount} special`}>
                      <span lang={scriptLang(s.sentence)}>{l.line}</span>
                      <span className="line-counts">
                        {' '}
                        ({l.lwordcount} · {l.lsyllablecount})
                      </span>
                    </span>
                  ))}
                </td>
                <td>{s.swordcount}</td>
                <td>{s.ssyllablecount}</td>
                <td>{s.scharcount}</td>
                <td>{s.scharspecialcount}</td>
                <td>{s.AvgSyllables}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more && (
        <SpinnerButton type="button" busy={busy} onClick={onMore} className="load-more">
          Load more
        </SpinnerButton>
      )}
    </section>
  );
}

function MetricChoice({ metric, onMetric }: { metric: CantoMetric; onMetric: (m: CantoMetric) => void }) {
  return (
    <div className="field canto-metric">
      <label htmlFor="canto-metric">Compare editions by</label>
      <select id="canto-metric" className="input" value={metric} onChange={(e) => onMetric(e.currentTarget.value as CantoMetric)}>
        <option value="AvgWordsPerLine">Words per line</option>
        <option value="AvgSyllables">Syllables per line</option>
        <option value="AvgCharacterPerline">Characters per line</option>
      </select>
    </div>
  );
}
