import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import type { SentenceCount } from './api';
import { BottomAxis, LeftAxis } from './chart-axes';
import { ChartFigure } from './chart-figure';
import { syllablesPerLine } from './count-form';

/** Syllables of every verse line of the sentences, in order: the metre's regularity at a glance. */
export function SyllableChart({ sentences, shown, notice }: { sentences: readonly SentenceCount[]; shown: string; notice: string | null }) {
  const syllables = syllablesPerLine(sentences);
  const low = Math.min(...syllables);
  const high = Math.max(...syllables);
  return (
    <ChartFigure
      id="syllable-chart"
      title={`Syllables per verse line, ${shown}`}
      summary={`${syllables.length.toLocaleString('en')} lines, from ${low} to ${high} syllables.`}
      height={220}
      notice={notice}
      table={{
        caption: 'Syllables of each verse line, by sentence',
        columns: ['Sentence', 'Lines', 'Syllables of each line'],
        rows: () => sentences.map((s) => [s.id, s.Lines.length, s.Lines.map((l) => l.lsyllablecount).join(', ')]),
      }}
    >
      {(plot) => {
        const x = scaleLinear()
          .domain([1, Math.max(2, syllables.length)])
          .range([0, plot.width]);
        // A line need not start at zero: what it shows is the variation between lines, and the axis says where it starts.
        const y = scaleLinear()
          .domain([Math.max(0, low - 1), high + 1])
          .nice()
          .range([plot.height, 0]);
        const path = line<number>()
          .x((_, i) => x(i + 1))
          .y((d) => y(d))(syllables);
        return (
          <>
            <LeftAxis scale={y} plotWidth={plot.width} title="Syllables" whole />
            <BottomAxis scale={x} plotHeight={plot.height} title="Verse line of the range" />
            {path && <path className="chart-line" d={path} />}
          </>
        );
      }}
    </ChartFigure>
  );
}
