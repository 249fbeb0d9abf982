import type { ReactNode } from "react";

/**
 * One bar: what it counts, how many (and how to say it, when not as a plain number), where the
 * applications behind it are (none for a measure such as a median), and a note after the number.
 */
export interface Bar {
  label: string;
  value: number;
  valueText?: string;
  href?: string;
  note?: string;
}

/**
 * A horizontal bar chart drawn on the server as SVG (decision 104): it reads without JavaScript and
 * needs no style attribute (the page's CSP). Each bar of a count is a link to the applications it counts; the
 * figure's caption is its text alternative, and the bars themselves are hidden from screen readers,
 * who read the caption and the table view below the chart.
 */
export function BarChart({
  bars,
  caption,
  notesBelow = false,
  children,
}: {
  bars: readonly Bar[];
  caption: string;
  /** Each note on a line of its own under the number: a note longer than the value column ("15,000 hired") would run past the card. */
  notesBelow?: boolean;
  children?: ReactNode;
}) {
  const largest = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <figure className="mt-4">
      <ul className="space-y-2" aria-hidden="true">
        {bars.map((bar) => {
          // At least a sliver, so a bar of one among thousands is still seen.
          const width = bar.value === 0 ? 0 : Math.max(0.75, (bar.value / largest) * 100);
          const Row = bar.href ? "a" : "div";
          return (
            <li key={bar.label}>
              <Row {...(bar.href ? { href: bar.href, tabIndex: -1 } : {})} className="report-bar group">
                <span className="report-bar-label" title={bar.label}>
                  {bar.label}
                </span>
                <svg className="report-bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
                  <rect x="0" y="0" width="100" height="10" className="fill-slate-100" />
                  <rect x="0" y="0" width={width.toFixed(2)} height="10" className="fill-brand-500 group-hover:fill-brand-600" />
                </svg>
                <span className="report-bar-value">
                  {bar.valueText ?? bar.value.toLocaleString("en-US")}
                  {bar.note ? <span className={notesBelow ? "block text-xs text-slate-500" : "text-slate-500"}> {bar.note}</span> : null}
                </span>
              </Row>
            </li>
          );
        })}
      </ul>
      <figcaption className="mt-3 text-sm text-slate-600">{caption}</figcaption>
      {children}
    </figure>
  );
}

/**
 * A chart's table view, closed by default and opened without JavaScript: a row per bar (`ReportTable`).
 */
export function TableView({ columns, rows }: { columns: readonly string[]; rows: readonly ReportTableRow[] }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer text-sm font-semibold text-brand-600 hover:text-brand-700">Show as table</summary>
      <ReportTable columns={columns} rows={rows} className="mt-2" />
    </details>
  );
}

/** A row of a report table: its key, its heading (the first cell), then its numbers. */
export interface ReportTableRow {
  key: string;
  cells: readonly [ReactNode, ...ReactNode[]];
}

/**
 * A report's table: the first cell of each row its heading, the other columns numbers (right-aligned),
 * scrolling sideways on a narrow screen rather than squeezing.
 */
export function ReportTable({ columns, rows, className = "mt-3" }: { columns: readonly string[]; rows: readonly ReportTableRow[]; className?: string }) {
  const cell = (index: number) => `py-2 text-right tabular-nums${index < columns.length - 1 ? " pr-1.5 sm:pr-4" : ""}`;
  return (
    <div className={`${className} overflow-x-auto`}>
      <table className="min-w-full text-sm">
        <thead>
          <tr className="text-left text-[11px] font-semibold uppercase text-slate-500 sm:text-xs sm:tracking-wide">
            {columns.map((column, index) => (
              <th key={column} className={index === 0 ? "py-2 pr-1.5 sm:pr-4" : cell(index)}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(({ key, cells: [heading, ...numbers] }) => (
            <tr key={key}>
              <th scope="row" className="py-2 pr-1.5 text-left font-medium text-slate-800 sm:pr-4">
                {heading}
              </th>
              {numbers.map((value, index) => (
                <td key={columns[index + 1]} className={cell(index + 1)}>
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A number of a report table: a link to the applications behind it. */
export function CountLink({ value, href, label }: { value: number; href: string; label: string }) {
  return (
    <a href={href} className="font-semibold text-brand-600 hover:text-brand-700" aria-label={label}>
      {value.toLocaleString("en-US")}
    </a>
  );
}

/** One column: its label (a week, a month), how many, and where the applications behind it are. */
export interface Column {
  label: string;
  value: number;
  href?: string;
}

/**
 * A column chart over time drawn on the server as SVG (decision 105): the columns stretch to the
 * width, each a link to the applications it counts (hidden from screen readers and the keyboard, who
 * have the caption and the table view); the largest value and the first and last labels frame it.
 */
export function ColumnChart({ columns, caption, unit, children }: { columns: readonly Column[]; caption: string; unit: string; children?: ReactNode }) {
  const largest = Math.max(1, ...columns.map((column) => column.value));
  const width = columns.length * 10;
  return (
    <figure className="mt-4">
      <div aria-hidden="true">
        <p className="text-xs text-slate-500">
          Most: {largest.toLocaleString("en-US")} {unit}
        </p>
        <svg className="mt-1 h-36 w-full" viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" focusable="false">
          <line x1="0" y1="100" x2={width} y2="100" className="stroke-slate-300" strokeWidth="1" vectorEffect="non-scaling-stroke" />
          {columns.map((column, index) => {
            // At least a sliver, so a column of one among thousands is still seen.
            const height = column.value === 0 ? 0 : Math.max(1.5, (column.value / largest) * 100);
            const bar = (
              <rect x={index * 10 + 1} y={100 - height} width="8" height={height} className="fill-brand-500 hover:fill-brand-600">
                <title>{`${column.label}: ${column.value.toLocaleString("en-US")}`}</title>
              </rect>
            );
            return column.href ? (
              <a key={column.label} href={column.href} tabIndex={-1}>
                {bar}
              </a>
            ) : (
              <g key={column.label}>{bar}</g>
            );
          })}
        </svg>
        <div className="mt-1 flex justify-between text-xs text-slate-500">
          <span>{columns[0]?.label}</span>
          <span>{columns.at(-1)?.label}</span>
        </div>
      </div>
      <figcaption className="mt-3 text-sm text-slate-600">{caption}</figcaption>
      {children}
    </figure>
  );
}

/** One row of a stacked bar: who or what, and its parts in the chart's order. */
export interface StackedRow {
  label: string;
  parts: readonly number[];
}

/**
 * Horizontal bars split into parts (decision 105), each row as wide as its total against the largest,
 * drawn on the server as SVG; a legend names the parts by their colour (`partClasses`, a fill class
 * each). Hidden from screen readers, who read the caption and the table view.
 */
export function StackedBars({
  rows,
  parts,
  partClasses,
  caption,
  children,
}: {
  rows: readonly StackedRow[];
  parts: readonly string[];
  partClasses: readonly string[];
  caption: string;
  children?: ReactNode;
}) {
  const largest = Math.max(1, ...rows.map((row) => row.parts.reduce((sum, part) => sum + part, 0)));
  return (
    <figure className="mt-4">
      <div aria-hidden="true">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
          {parts.map((part, index) => (
            <li key={part} className="flex items-center gap-1.5">
              <svg viewBox="0 0 10 10" className="h-2.5 w-2.5" focusable="false">
                <rect width="10" height="10" rx="2" className={partClasses[index]} />
              </svg>
              {part}
            </li>
          ))}
        </ul>
        <ul className="mt-3 space-y-2">
          {rows.map((row) => {
            const total = row.parts.reduce((sum, part) => sum + part, 0);
            let x = 0;
            return (
              <li key={row.label} className="report-bar">
                <span className="report-bar-label" title={row.label}>
                  {row.label}
                </span>
                <svg className="report-bar-track" viewBox="0 0 100 10" preserveAspectRatio="none" focusable="false">
                  <rect x="0" y="0" width="100" height="10" className="fill-slate-100" />
                  {row.parts.map((part, index) => {
                    const width = (part / largest) * 100;
                    const rect = <rect key={parts[index]} x={x.toFixed(2)} y="0" width={width.toFixed(2)} height="10" className={partClasses[index]} />;
                    x += width;
                    return part > 0 ? rect : null;
                  })}
                </svg>
                <span className="report-bar-value">{total.toLocaleString("en-US")}</span>
              </li>
            );
          })}
        </ul>
      </div>
      <figcaption className="mt-3 text-sm text-slate-600">{caption}</figcaption>
      {children}
    </figure>
  );
}
