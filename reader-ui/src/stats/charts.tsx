/**
 * The count statistics' charts, drawn by Chartist (SVG). Loaded on demand by the page (a dynamic
 * import), so neither Chartist nor its styles are ever part of the reader's first download.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { BarChart, LineChart } from 'chartist';
import 'chartist/dist/index.css';
import { editionNames } from '@epos/schemas/poem/editions';
import type { CantoCountAnswer, SentenceCount } from './api';
import { cantoSeries, syllablesPerLine, wordsHistogram, type CantoMetric } from './count-form';

type Draw = (element: HTMLElement) => { detach(): void };

/**
 * A chart in a figure: the SVG is one image with a spoken summary, the caption says what it shows.
 * Drawn again only when what it shows changes: `signature` (by default the summary) says all of it.
 */
function Chart({ id, caption, summary, signature = summary, draw, className }: { id: string; caption: string; summary: string; signature?: string; draw: Draw; className: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const drawRef = useRef(draw);
  drawRef.current = draw;
  useEffect(() => {
    const chart = drawRef.current(ref.current!);
    return () => chart.detach();
  }, [signature]);
  return (
    <figure className="count-chart" data-testid={id}>
      <figcaption id={`${id}-caption`}>{caption}</figcaption>
      <div ref={ref} className={className} role="img" aria-labelledby={`${id}-caption`} aria-describedby={`${id}-summary`} />
      <p id={`${id}-summary`} className="visually-hidden">
        {summary}
      </p>
    </figure>
  );
}

const CANTO_METRICS: Record<CantoMetric, string> = { AvgWordsPerLine: 'words per line', AvgSyllables: 'syllables per line', AvgCharacterPerline: 'characters per line' };

/** `metricControl`: the choice of average the editions chart compares, shown above it. */
export default function CountCharts({ sentences, cantos, metric, metricControl }: { sentences: readonly SentenceCount[]; cantos: CantoCountAnswer | null; metric: CantoMetric; metricControl: ReactNode }) {
  const syllables = syllablesPerLine(sentences);
  const histogram = wordsHistogram(sentences);
  const compared = cantos === null ? null : cantoSeries(cantos, metric);
  const shown = sentences.length === 0 ? '' : `sentences ${sentences[0]!.id}–${sentences.at(-1)!.id}`;
  const low = syllables.length === 0 ? 0 : Math.min(...syllables);
  const high = syllables.length === 0 ? 0 : Math.max(...syllables);
  return (
    <div className="count-charts">
      <Chart
        id="syllable-sparkline"
        className="sparkline"
        caption={`Syllables per line, ${shown}`}
        summary={`${syllables.length} lines, from ${low} to ${high} syllables.`}
        signature={syllables.join(' ')}
        draw={(el) =>
          new LineChart(el, { series: [syllables] }, { showPoint: false, lineSmooth: false, fullWidth: true, height: '4rem', chartPadding: { top: 4, right: 4, bottom: 0, left: 0 }, axisX: { showLabel: false, showGrid: false, offset: 0 }, axisY: { showLabel: false, showGrid: false, offset: 0, low: Math.max(0, low - 2), high: high + 1 } })
        }
      />
      <Chart
        id="words-histogram"
        className="histogram"
        caption={`Lines by number of words, ${shown}`}
        summary={histogram.counts.map((n, i) => (n > 0 ? `${n} with ${i + 1}` : '')).filter(Boolean).join(', ')}
        draw={(el) => new BarChart(el, { labels: histogram.labels, series: [histogram.counts] }, { height: '12rem', axisY: { onlyInteger: true } })}
      />
      {compared && compared.labels.length > 0 && (
        <>
          {metricControl}
          <Chart
            id="canto-editions"
            className="canto-bars"
            caption={`Average ${CANTO_METRICS[metric]} per canto, by edition`}
            summary={compared.labels.map((label, i) => `Canto ${label}: ${compared.series.map((s) => `${editionNames[s.edition]} ${s.values[i]}`).join(', ')}`).join('. ')}
            draw={(el) => new BarChart(el, { labels: compared.labels, series: compared.series.map((s) => s.values) }, { height: '14rem', seriesBarDistance: 12 })}
          />
          <ul className="chart-legend" aria-label="Editions">
            {compared.series.map((s, i) => (
              <li key={s.edition}>
                <span className={`legend-swatch series-${'abc'[i]}`} aria-hidden="true" />
                {editionNames[s.edition]}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
