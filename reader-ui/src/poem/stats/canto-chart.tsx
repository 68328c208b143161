import { scaleBand, scaleLinear } from 'd3-scale';
import { editionNames, editions } from '@epos/schemas/poem/editions';
import type { CantoCountAnswer } from './api';
import { CHART_CANTOS, capNotice } from './chart-cap';
import { BandAxis, LeftAxis } from './chart-axes';
import { ChartFigure } from './chart-figure';
import { cantoSeries, type CantoMetric } from './count-form';

const METRIC_NAMES: Record<CantoMetric, string> = {
  AvgWordsPerLine: 'words per line',
  AvgSyllables: 'syllables per line',
  AvgCharacterPerline: 'characters per line',
};
const SERIES_CLASSES = ['series-a', 'series-b', 'series-c'] as const;
/** The widest a canto's group of bars (and its gap) grows, in pixels. */
const WIDEST_STEP = 120;

/** Per canto the range touches (up to the cap), an average in each edition side by side. */
export function CantoChart({ cantos, metric }: { cantos: CantoCountAnswer; metric: CantoMetric }) {
  const all = cantoSeries(cantos, metric);
  const labels = all.labels.slice(0, CHART_CANTOS);
  const series = all.series.map((s) => ({ ...s, values: s.values.slice(0, CHART_CANTOS) }));
  const high = Math.max(1, ...series.flatMap((s) => s.values));
  const name = METRIC_NAMES[metric];
  return (
    <>
      <ChartFigure
        id="canto-editions"
        title={`Average ${name} per canto, by edition`}
        summary={labels.map((label, i) => `Canto ${label}: ${series.map((s) => `${editionNames[s.edition]} ${s.values[i]}`).join(', ')}`).join('. ')}
        height={260}
        minPlotWidth={labels.length * (series.length * 4 + 6)}
        notice={capNotice({
          unit: 'canto',
          shown: labels.length,
          total: all.labels.length,
          first: labels[0] ?? '',
          last: labels.at(-1) ?? '',
          leftFrom: all.labels[labels.length] ?? '',
          leftTo: all.labels.at(-1),
        })}
        table={{
          caption: `Average ${name} per canto`,
          columns: ['Canto (book.canto)', ...editions.map((e) => editionNames[e])],
          rows: () => labels.map((label, i) => [label, ...series.map((s) => s.values[i]!)]),
        }}
      >
        {(plot) => {
          // A few cantos keep bars of a readable width, centred, rather than filling the plot.
          const outer = Math.max(0.1, (plot.width / WIDEST_STEP - labels.length + 0.25) / 2);
          const x = scaleBand<string>().domain(labels).range([0, plot.width]).paddingInner(0.25).paddingOuter(outer);
          const inner = scaleBand<string>().domain(editions).range([0, x.bandwidth()]).padding(0.08);
          const y = scaleLinear().domain([0, high]).nice().range([plot.height, 0]);
          return (
            <>
              <LeftAxis scale={y} plotWidth={plot.width} title={name[0]!.toUpperCase() + name.slice(1)} whole={false} />
              <BandAxis scale={x} plotHeight={plot.height} title="Canto (book.canto)" labelWidth={36} />
              {labels.map((label, i) => (
                <g key={label} transform={`translate(${x(label)},0)`}>
                  {series.map((s, j) => (
                    <rect
                      key={s.edition}
                      className={`chart-bar ${SERIES_CLASSES[j]}`}
                      x={inner(s.edition)}
                      y={y(s.values[i]!)}
                      width={inner.bandwidth()}
                      height={plot.height - y(s.values[i]!)}
                    >
                      <title>{`Canto ${label}, ${editionNames[s.edition]}: ${s.values[i]}`}</title>
                    </rect>
                  ))}
                </g>
              ))}
            </>
          );
        }}
      </ChartFigure>
      <ul className="chart-legend" aria-label="Editions">
        {series.map((s, j) => (
          <li key={s.edition}>
            <span className={`legend-swatch ${SERIES_CLASSES[j]}`} aria-hidden="true" />
            {editionNames[s.edition]}
          </li>
        ))}
      </ul>
    </>
  );
}
