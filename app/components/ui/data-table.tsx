import type { ReactNode } from "react";

/** A column heading; `hidden` ones (a row's actions) are read by screen readers only. */
export interface Column {
  label: string;
  hidden?: boolean;
}

/** The staff lists' table: a scrolling card with a header row; `children` are the body's rows. */
export function DataTable({ columns, children }: { columns: readonly Column[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="px-4 py-3">
                {column.hidden ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
