import type { ReactNode } from "react";

/** A column heading; `hidden` ones (a row's actions) are read by screen readers only. */
export interface Column {
  label: string;
  hidden?: boolean;
  /** The row's title: on a phone it heads the row's card, without a label. */
  primary?: boolean;
  /** Extra classes for this column's cells in the wide table (e.g. `md:whitespace-nowrap md:text-right`). */
  className?: string;
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
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm md:overflow-x-auto">
      <table role="table" className="block w-full text-sm md:table md:min-w-full md:divide-y md:divide-slate-200">
        <thead role="rowgroup" className="sr-only bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 md:not-sr-only md:table-header-group">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.label} role="columnheader" scope="col" className="px-4 py-3">
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-100 md:table-row-group">
          {rows.map((row) => (
            <tr key={row.key} role="row" className="flex flex-col gap-1.5 px-4 py-4 md:table-row md:p-0" data-testid="data-row">
              {columns.map((column, index) => (
                <td key={column.label} role="cell" className={cellClasses(column)}>
                  {column.hidden || column.primary ? null : (
                    <span aria-hidden="true" className="w-24 shrink-0 text-xs font-semibold uppercase tracking-wide text-slate-500 md:hidden">
                      {column.label}
                    </span>
                  )}
                  <div className="min-w-0 md:contents">{row.cells[index]}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cellClasses(column: Column): string {
  const wide = `md:table-cell md:px-4 md:py-3 md:align-middle ${column.className ?? ""}`;
  if (column.primary) return `block pb-1 ${wide}`;
  // A row's actions: a wrapping line of their own at the foot of the card.
  if (column.hidden) return `block border-t border-slate-100 pt-3 mt-1.5 md:border-t-0 md:mt-0 ${wide}`;
  return `flex items-baseline gap-3 text-slate-700 ${wide}`;
}
