/**
 * Axes drawn as SVG elements with attributes and classes only: the site's Content-Security-Policy
 * (style-src 'self') refuses style attributes, so nothing here sets one. Colours are in stats.css.
 */
import type { ScaleBand, ScaleLinear } from 'd3-scale';

const number = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });

/** Ticks of a linear scale, whole numbers only where the values are counts. */
function ticksOf(scale: ScaleLinear<number, number>, count: number, whole: boolean): number[] {
  const ticks = scale.ticks(Math.max(2, count));
  return whole ? ticks.filter(Number.isInteger) : ticks;
}

/** The values axis on the left, its grid lines across the plot, and its title above it. */
export function LeftAxis({ scale, plotWidth, title, whole }: { scale: ScaleLinear<number, number>; plotWidth: number; title: string; whole: boolean }) {
  const [bottom, top] = scale.range() as [number, number];
  return (
    <g className="chart-axis chart-axis-y">
      {ticksOf(scale, Math.floor((bottom - top) / 32), whole).map((tick) => (
        <g key={tick} className="chart-tick" transform={`translate(0,${scale(tick)})`}>
          <line className="chart-grid" x2={plotWidth} />
          <text x={-6} dy="0.32em" textAnchor="end">
            {number(tick)}
          </text>
        </g>
      ))}
      <line className="chart-axis-line" y1={top} y2={bottom} />
      <text className="chart-axis-title" x={0} y={top - 10} textAnchor="start">
        {title}
      </text>
    </g>
  );
}

/** A bottom axis: its line, a tick with its label at each x, and the title under it. */
function HorizontalAxis({
  from,
  to,
  plotHeight,
  title,
  ticks,
}: {
  from: number;
  to: number;
  plotHeight: number;
  title: string;
  ticks: readonly { key: string; x: number; label: string }[];
}) {
  return (
    <g className="chart-axis chart-axis-x" transform={`translate(0,${plotHeight})`}>
      <line className="chart-axis-line" x1={from} x2={to} />
      {ticks.map((tick) => (
        <g key={tick.key} className="chart-tick" transform={`translate(${tick.x},0)`}>
          <line y2={5} />
          <text y={8} dy="0.71em" textAnchor="middle">
            {tick.label}
          </text>
        </g>
      ))}
      <text className="chart-axis-title" x={(from + to) / 2} y={34} dy="0.71em" textAnchor="middle">
        {title}
      </text>
    </g>
  );
}

/** The bottom axis of a linear scale (line numbers), its title under it. */
export function BottomAxis({ scale, plotHeight, title }: { scale: ScaleLinear<number, number>; plotHeight: number; title: string }) {
  const [left, right] = scale.range() as [number, number];
  const ticks = ticksOf(scale, Math.floor((right - left) / 72), true).map((tick) => ({ key: String(tick), x: scale(tick), label: number(tick) }));
  return <HorizontalAxis from={left} to={right} plotHeight={plotHeight} title={title} ticks={ticks} />;
}

/**
 * The bottom axis of a band scale (words in a line, cantos). Where the labels would overlap, every
 * n-th is shown: each still has its bar, and the data table lists them all.
 */
export function BandAxis({ scale, plotHeight, title, labelWidth }: { scale: ScaleBand<string>; plotHeight: number; title: string; labelWidth: number }) {
  const [left, right] = scale.range() as [number, number];
  const every = Math.max(1, Math.ceil(labelWidth / Math.max(1, scale.step())));
  const ticks = scale
    .domain()
    .filter((_, i) => i % every === 0)
    .map((label) => ({ key: label, x: scale(label)! + scale.bandwidth() / 2, label }));
  return <HorizontalAxis from={left} to={right} plotHeight={plotHeight} title={title} ticks={ticks} />;
}
