import type { ReactNode } from "react";

/** A titled white card of a staff page; the section is named by its heading. */
export function Panel({ id, title, className = "", children }: { id: string; title: ReactNode; className?: string; children: ReactNode }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm${className ? ` ${className}` : ""}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
