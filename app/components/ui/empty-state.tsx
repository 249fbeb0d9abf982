import type { ReactNode } from "react";

/** What a list shows when it has nothing to show: a title and, optionally, what to do next. */
export function EmptyState({ title, titleAs: Title = "p", children }: { title: ReactNode; titleAs?: "p" | "h2"; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <Title className="text-lg font-semibold text-slate-900">{title}</Title>
      {children}
    </div>
  );
}
