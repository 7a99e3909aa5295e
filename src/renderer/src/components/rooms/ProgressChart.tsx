import { useMemo } from 'react';
import { CHART_PART_WORDS, chartLayout, type ChartBarInput } from '../../../../shared/rooms/chart';
import { PROGRESS_COLUMNS } from '../../../../shared/rooms/table';

export interface ProgressRow {
  readonly key: string;
  /** The row's first cell and the bar's label: a visit's day, or a room's name. */
  readonly label: string;
  readonly bar: ChartBarInput;
  /** One cell a column of PROGRESS_COLUMNS. */
  readonly cells: readonly string[];
}

/**
 * The progress chart (src/shared/rooms/chart.ts) drawn as SVG in the theme's colours, with the same numbers as a
 * table beside it (below it when the window is narrow): the table is what a screen reader and print read.
 */
export function ProgressChart(props: { id: string; title: string; firstColumn: string; rows: readonly ProgressRow[]; totals?: readonly string[] }) {
  const { id, title, firstColumn, rows, totals } = props;
  const layout = useMemo(() => chartLayout(rows.map((row) => row.bar)), [rows]);
  return (
    <div className="progress" data-testid={`${id}-progress`}>
      <figure className="progress-chart">
        <svg viewBox={`0 0 ${layout.width} ${layout.height}`} role="img" aria-labelledby={`${id}-chart-title`}>
          <title id={`${id}-chart-title`}>{`${title} (the table has the numbers)`}</title>
          {layout.ticks.map((tick) => (
            <g key={tick.value} className="chart-tick">
              <line x1={layout.plot.left} x2={layout.plot.right} y1={tick.y} y2={tick.y} />
              <text x={layout.plot.left - 6} y={tick.y + 4} textAnchor="end">
                {tick.value}
              </text>
            </g>
          ))}
          {layout.bars.map((bar) => (
            <g key={bar.key}>
              {bar.rects.map((rect) => (
                <rect key={rect.part} className={`chart-${rect.part}`} x={rect.x} y={rect.y} width={rect.width} height={rect.height} />
              ))}
              {bar.total ? (
                <text className="chart-total" x={bar.centre} y={bar.totalY} textAnchor="middle">
                  {bar.total}
                </text>
              ) : null}
              {bar.labelled ? (
                <text className="chart-label" x={bar.centre} y={layout.height - 8} textAnchor="middle">
                  {bar.label}
                </text>
              ) : null}
            </g>
          ))}
        </svg>
        <figcaption>
          <ul className="chart-legend" aria-label="What the colours are">
            {layout.parts.map((part) => (
              <li key={part}>
                <span className={`chart-swatch chart-${part}`} aria-hidden="true" />
                {CHART_PART_WORDS[part]}
              </li>
            ))}
          </ul>
        </figcaption>
      </figure>
      <div className="progress-table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-table-caption`}>
        <table className="progress-table">
          <caption id={`${id}-table-caption`}>{title}: the numbers</caption>
          <thead>
            <tr>
              <th scope="col">{firstColumn}</th>
              {PROGRESS_COLUMNS.map((column) => (
                <th key={column.title} scope="col">
                  {column.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, index) => (
                  <td key={PROGRESS_COLUMNS[index]!.title}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
          {totals ? (
            <tfoot>
              <tr>
                <th scope="row">All</th>
                {totals.map((cell, index) => (
                  <td key={PROGRESS_COLUMNS[index]!.title}>{cell}</td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
    </div>
  );
}
