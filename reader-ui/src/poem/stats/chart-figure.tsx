import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/** Room around the plot for the axes' labels and titles. */
const MARGIN = { top: 28, right: 24, bottom: 52, left: 52 } as const;

export interface PlotSize {
  readonly width: number;
  readonly height: number;
}

/**
 * The width the chart has on the page, followed as it changes: the SVG is drawn at its real size
 * (not scaled by a viewBox), so its labels keep their size on a phone.
 */
function useMeasuredWidth(): [RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const frame = ref.current!;
    setWidth(Math.floor(frame.clientWidth));
    const observer = new ResizeObserver(() => setWidth(Math.floor(frame.clientWidth)));
    observer.observe(frame);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface DataTable {
  readonly caption: string;
  readonly columns: readonly string[];
  /** Called only once the reader opens the table (a range's table can have hundreds of rows). */
  readonly rows: () => readonly (readonly (string | number)[])[];
}

/**
 * A chart as a figure: its caption, the SVG (one image, named by its title and described by a
 * summary), the notice when it stops at its cap, and its numbers as a table to open.
 * `minPlotWidth`: below it the chart keeps its width and its frame scrolls sideways.
 */
export function ChartFigure({
  id,
  title,
  summary,
  height,
  minPlotWidth = 0,
  notice,
  table,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  height: number;
  minPlotWidth?: number;
  notice: string | null;
  table: DataTable;
  children: (plot: PlotSize) => ReactNode;
}) {
  const [frame, measured] = useMeasuredWidth();
  const width = Math.max(measured, minPlotWidth + MARGIN.left + MARGIN.right);
  const scrolls = measured > 0 && width > measured;
  const plot = { width: width - MARGIN.left - MARGIN.right, height: height - MARGIN.top - MARGIN.bottom };
  return (
    <figure className="count-chart" data-testid={id}>
      <figcaption id={`${id}-caption`}>{title}</figcaption>
      {/* A chart wider than the screen scrolls in its frame, which the keyboard can then reach. */}
      <div
        ref={frame}
        className="chart-frame"
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? `${title} (scrolls sideways)` : undefined}
      >
        {measured > 0 && (
          <svg className="chart" width={width} height={height} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
            <title id={`${id}-title`}>{title}</title>
            <desc id={`${id}-desc`}>{summary}</desc>
            <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>{children(plot)}</g>
          </svg>
        )}
      </div>
      {notice && (
        <p className="chart-cap" data-testid={`${id}-cap`}>
          {notice}
        </p>
      )}
      <ChartTable table={table} />
    </figure>
  );
}

function ChartTable({ table }: { table: DataTable }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="chart-table" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Show the numbers as a table</summary>
      {open && (
        <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={table.caption}>
          <table>
            <caption className="count-caption">{table.caption}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows().map(([head, ...cells], i) => (
                <tr key={i}>
                  <th scope="row">{head}</th>
                  {cells.map((cell, j) => (
                    <td key={j}>{typeof cell === 'number' ? cell.toLocaleString('en') : cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </details>
  );
}
