import { lazy, Suspense } from 'react';
import { editionNames } from '@epos/schemas/poem/editions';
import { scriptLang } from '@epos/schemas/poem/script-lang';
import { Loading } from '../../ui/loading';
import { SpinnerButton } from '../../ui/spinner-button';
import type { CantoCountAnswer, CountAnswer, CountRange, SentenceCount } from './api';
import { NOTHING_TO_SHOW, type CantoMetric } from './count-form';
import { CountRules } from './count-rules';

// The charts (and d3) load only when there is something to draw.
const CountCharts = lazy(() => import('./charts'));

export interface Results {
  range: CountRange;
  /** Set when the range is the page's default, the poem's first canto. */
  firstCanto?: { book: number; canto: number } | undefined;
  /** The range's first page (the charts read on from it); `answer` is the last page read. */
  first: CountAnswer;
  answer: CountAnswer;
  sentences: SentenceCount[];
  cantos: CantoCountAnswer | null;
}

/** `stale`: another range is loading; these results stay in view, marked busy, until it arrives. */
export function CountResults({
  results,
  busy,
  stale,
  onMore,
  metric,
  onMetric,
}: {
  results: Results;
  busy: boolean;
  stale: boolean;
  onMore: () => void;
  metric: CantoMetric;
  onMetric: (m: CantoMetric) => void;
}) {
  const { answer, sentences, cantos, firstCanto } = results;
  if (answer.totals.TotalSentences === 0) return <p className="nothing-to-show">{NOTHING_TO_SHOW}</p>;
  const t = answer.totals;
  const more = answer.Paging.CurrentPage < answer.Paging.TotalPagesCount;
  return (
    <section aria-labelledby="count-results-heading" aria-busy={stale} className={stale ? 'count-results is-stale' : 'count-results'}>
      <h2 id="count-results-heading">
        Sentences {results.range.from}–{results.range.to}, {editionNames[results.range.edition]} edition
      </h2>
      {firstCanto && (
        <p className="muted default-range" data-testid="default-range">
          The poem's first canto (book {firstCanto.book}, canto {firstCanto.canto}), shown until you choose a range above.
        </p>
      )}
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
        <CountCharts
          range={results.range}
          first={results.first}
          cantos={cantos}
          metric={metric}
          metricControl={<MetricChoice metric={metric} onMetric={onMetric} />}
        />
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
                    <span
                      key={i}
                      className="count-line"
                      title={`${l.lwordcount} words, ${l.lsyllablecount} syllables, ${l.lcharcount} characters, ${l.lcharspecialcount} special`}
                    >
                      <span lang={scriptLang(s.sentence)}>{l.line}</span>
                      <span className="line-counts">
                        {' '}
                        ({l.lwordcount} · {l.lsyllablecount})
                      </span>
                    </span>
                  ))}
                </td>
                {/* data-label: on a phone the row stacks, and each number says what it counts. */}
                <td data-label="Words">{s.swordcount}</td>
                <td data-label="Syllables">{s.ssyllablecount}</td>
                <td data-label="Characters">{s.scharcount}</td>
                <td data-label="Special">{s.scharspecialcount}</td>
                <td data-label="Syllables per line">{s.AvgSyllables}</td>
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
