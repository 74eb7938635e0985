import type { ReactNode } from 'react';
import { TableScroll } from '../table-scroll/TableScroll';
import './ChartFigure.css';

/** One column of a chart's table: its heading and how a row shows in it. */
export interface FigureColumn<Row> {
  readonly key: string;
  readonly title: string;
  readonly cell: (row: Row) => ReactNode;
  /** Right-aligned figures. */
  readonly numeric?: boolean;
}

interface ChartFigureProps<Row> {
  /** Unique in the page: the heading's and the table's ids start with it. */
  readonly id: string;
  readonly title: string;
  /** What the chart shows, in words: the chart's accessible name. */
  readonly description: string;
  readonly chart: ReactNode;
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row) => string;
  readonly columns: readonly FigureColumn<Row>[];
  readonly empty?: string;
}

/**
 * A chart and, beside it, a table of the same figures (for screen readers, and for copying). The
 * chart is one image to assistive technology; the table carries the numbers.
 */
export function ChartFigure<Row>({ id, title, description, chart, rows, rowKey, columns, empty }: ChartFigureProps<Row>) {
  return (
    <section className="chart-figure" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="chart-figure__title">
        {title}
      </h3>
      {rows.length === 0 && empty ? (
        <p className="chart-figure__empty">{empty}</p>
      ) : (
        <div className="chart-figure__body">
          <div className="chart-figure__chart" role="img" aria-label={description}>
            {chart}
          </div>
          <TableScroll label={`${title} table`} className="chart-figure__table">
            <table aria-labelledby={`${id}-title`}>
              <thead>
                <tr>
                  {columns.map((c) => (
                    <th key={c.key} scope="col" className={c.numeric ? 'is-numeric' : undefined}>
                      {c.title}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((c, i) =>
                      i === 0 ? (
                        <th key={c.key} scope="row">
                          {c.cell(row)}
                        </th>
                      ) : (
                        <td key={c.key} className={c.numeric ? 'is-numeric' : undefined}>
                          {c.cell(row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </div>
      )}
    </section>
  );
}
