import { scaleBand, scaleLinear } from 'd3-scale';
import type { SentenceCount } from './api';
import { BandAxis, LeftAxis } from './chart-axes';
import { ChartFigure } from './chart-figure';
import { wordsHistogram } from './count-form';

/** How many verse lines have each number of words. */
export function WordsChart({ sentences, shown, notice }: { sentences: readonly SentenceCount[]; shown: string; notice: string | null }) {
  const { labels, counts } = wordsHistogram(sentences);
  const most = Math.max(1, ...counts);
  return (
    <ChartFigure
      id="words-histogram"
      title={`Verse lines by number of words, ${shown}`}
      summary={counts
        .map((n, i) => (n > 0 ? `${n.toLocaleString('en')} with ${i + 1}` : ''))
        .filter(Boolean)
        .join(', ')}
      height={240}
      minPlotWidth={labels.length * 8}
      notice={notice}
      table={{ caption: 'Verse lines by number of words', columns: ['Words in the line', 'Lines'], rows: () => labels.map((label, i) => [label, counts[i]!]) }}
    >
      {(plot) => {
        const x = scaleBand<string>().domain(labels).range([0, plot.width]).padding(0.2);
        const y = scaleLinear().domain([0, most]).nice().range([plot.height, 0]);
        return (
          <>
            <LeftAxis scale={y} plotWidth={plot.width} title="Lines" whole />
            <BandAxis scale={x} plotHeight={plot.height} title="Words in the line" labelWidth={24} />
            {counts.map((n, i) => (
              <rect key={i} className="chart-bar series-a" x={x(labels[i]!)} y={y(n)} width={x.bandwidth()} height={plot.height - y(n)}>
                <title>{`${n.toLocaleString('en')} lines of ${labels[i]} words`}</title>
              </rect>
            ))}
          </>
        );
      }}
    </ChartFigure>
  );
}
