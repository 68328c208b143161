/**
 * The count statistics' charts: SVG drawn by React from d3-scale and d3-shape, with attributes and
 * classes only (the site's CSP refuses style attributes). Loaded on demand by the page, so none of it
 * is in the reader's first download.
 */
import type { ReactNode } from 'react';
import { Loading } from '../../ui/loading';
import type { CantoCountAnswer, CountAnswer, CountRange } from './api';
import { CantoChart } from './canto-chart';
import { capNotice } from './chart-cap';
import { useChartSentences } from './chart-sentences';
import type { CantoMetric } from './count-form';
import { SyllableChart } from './syllable-chart';
import { WordsChart } from './words-chart';

/** `first`: the range's first page (the table's); `metricControl`: the choice of average the editions chart compares, shown above it. */
export default function CountCharts({
  range,
  first,
  cantos,
  metric,
  metricControl,
}: {
  range: CountRange;
  first: CountAnswer;
  cantos: CantoCountAnswer | null;
  metric: CantoMetric;
  metricControl: ReactNode;
}) {
  const sentences = useChartSentences(range, first);
  if (sentences === null) return <Loading />;
  const shown = sentences.length === 0 ? '' : `sentences ${sentences[0]!.id}–${sentences.at(-1)!.id}`;
  const last = sentences.at(-1)?.id ?? 0;
  const notice = capNotice({
    unit: 'sentence',
    shown: sentences.length,
    total: first.totals.TotalSentences,
    first: String(sentences[0]?.id ?? ''),
    last: String(last),
    leftFrom: String(last + 1),
  });
  return (
    <div className="count-charts">
      {sentences.length > 0 && (
        <>
          <SyllableChart sentences={sentences} shown={shown} notice={notice} />
          <WordsChart sentences={sentences} shown={shown} notice={notice} />
        </>
      )}
      {cantos && cantos.cantos.length > 0 && (
        <div className="canto-comparison">
          {metricControl}
          <CantoChart cantos={cantos} metric={metric} />
        </div>
      )}
    </div>
  );
}
