/**
 * Axes drawn as SVG elements with attributes and classes only: the site's Content-Security-Policy
 * (style-src 'self') refuses style attributes, so nothing here sets one. Colours are in stats.css.
 */
import type { ScaleBand, ScaleLinear } from 'd3-scale';

const number = (n: number) => n.toLocaleString('en', { maximumFractionDigits: 2 });

/** Ticks of a linear scale, whole numbers only where the values are counts. */
export function ticksOf(scale: ScaleLinear<number, number>, count: number, whole: boolean): number[] {
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

/** The bottom axis of a linear scale (line numbers), its title under it. */
export function BottomAxis({ scale, plotHeight, title }: { scale: ScaleLinear<number, number>; plotHeight: number; title: string }) {
  const [left, right] = scale.range() as [number, number];
  return (
    <g className="chart-axis chart-axis-x" transform={`translate(0,${plotHeight})`}>
      <line className="chart-axis-line" x1={left} x2={right} />
      {ticksOf(scale, Math.floor((right - left) / 72), true).map((tick) => (
        <g key={tick} className="chart-tick" transform={`translate(${scale(tick)},0)`}>
          <line y2={5} />
          <text y={8} dy="0.71em" textAnchor="middle">
            {number(tick)}
          </text>
        </g>
      ))}
      <text className="chart-axis-title" x={(left + right) / 2} y={34} dy="0.71em" textAnchor="middle">
        {title}
      </text>
    </g>
  );
}

/**
 * The bottom axis of a band scale (words in a line, cantos). Where the labels would overlap, every
 * n-th is shown: each still has its bar, and the data table lists them all.
 */
export function BandAxis({ scale, plotHeight, title, labelWidth }: { scale: ScaleBand<string>; plotHeight: number; title: string; labelWidth: number }) {
  const [left, right] = scale.range() as [number, number];
  const every = Math.max(1, Math.ceil(labelWidth / Math.max(1, scale.step())));
  return (
    <g className="chart-axis chart-axis-x" transform={`translate(0,${plotHeight})`}>
      <line className="chart-axis-line" x1={left} x2={right} />
      {scale
        .domain()
        .filter((_, i) => i % every === 0)
        .map((label) => (
          <g key={label} className="chart-tick" transform={`translate(${scale(label)! + scale.bandwidth() / 2},0)`}>
            <line y2={5} />
            <text y={8} dy="0.71em" textAnchor="middle">
              {label}
            </text>
          </g>
        ))}
      <text className="chart-axis-title" x={(left + right) / 2} y={34} dy="0.71em" textAnchor="middle">
        {title}
      </text>
    </g>
  );
}
