import type { ReactNode } from "react";

/** A column heading; `hidden` ones (a row's actions) are read by screen readers only. */
export interface Column {
  label: string;
  hidden?: boolean;
  /** The row's title: on a phone it heads the row's card, without a label. */
  primary?: boolean;
  /** Extra classes for this column's cells in the wide table (e.g. `md:whitespace-nowrap md:text-right`). */
  className?: string;
  /** Left out of a row's card on phones (below `md`): a detail the card can do without. */
  wideOnly?: boolean;
}

/** One row of a DataTable: a stable key and one cell per column, in the columns' order. */
export interface DataRow {
  key: string;
  cells: readonly ReactNode[];
}

/**
 * The staff lists' table. From the `md` breakpoint up it is a plain table with a header row; on
 * narrower screens each row becomes a card (the title on top, then "Label value" lines, then the
 * row's actions, wrapping), so nothing needs scrolling sideways. It stays a table for assistive
 * technology at every width: the roles are explicit because some browsers drop a table's
 * semantics once its display changes, and the header row is only visually hidden on phones.
 */
export function DataTable({ columns, rows }: { columns: readonly Column[]; rows: readonly DataRow[] }) {
  const cellClassNames = columns.map(cellClasses);
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table role="table" className="block w-full text-sm md:table md:min-w-full md:divide-y md:divide-slate-200">
        <thead role="rowgroup" className="sr-only bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 md:not-sr-only md:table-header-group">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.label} role="columnheader" scope="col" className={column.wideOnly ? "px-4 py-3 max-md:hidden" : "px-4 py-3"}>
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-100 md:table-row-group">
          {rows.map((row) => (
            <tr key={row.key} role="row" className="data-row">
              {columns.map((column, index) => (
                // A field's label on phones is drawn by the stylesheet from data-label, and kept out
                // of the accessibility tree there (the column header names the cell): 25 rows of
                // labelled cells weighed 6 KB as elements.
                <td key={column.label} role="cell" className={cellClassNames[index]} data-label={column.hidden || column.primary ? undefined : column.label}>
                  <div className="data-cell-value">{row.cells[index]}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A column's cell classes (app.css, decision 076), worked out once per column, not per row. */
function cellClasses(column: Column): string {
  // The row's title; its actions (a wrapping line of their own at the foot of the card); a labelled field.
  const kind = column.primary ? "data-cell-primary" : column.hidden ? "data-cell-actions" : "data-cell-field";
  return ["data-cell", kind, column.wideOnly ? "max-md:hidden" : "", column.className ?? ""].filter(Boolean).join(" ");
}
