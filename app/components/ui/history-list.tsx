import { LocalDate } from "./local-date";

export interface HistoryItem {
  id: string;
  text: string;
  actorName: string;
  createdAt: string;
}

/** A timeline of what happened, newest first: each entry's words, who did it and when; `empty` when there is nothing. */
export function HistoryList({ items, empty }: { items: readonly HistoryItem[]; empty: string }) {
  if (items.length === 0) return <p className="mt-3 text-sm text-slate-500">{empty}</p>;
  return (
    <ol className="mt-4 space-y-4 border-l border-slate-200 pl-4 text-sm" aria-label="History">
      {items.map((item) => (
        <li key={item.id} className="relative">
          <span aria-hidden="true" className="absolute -left-[21px] top-1.5 size-2.5 rounded-full bg-brand-500" />
          <p className="text-slate-900">{item.text}</p>
          <p className="text-xs text-slate-500">
            {item.actorName} · <LocalDate value={item.createdAt} withTime />
          </p>
        </li>
      ))}
    </ol>
  );
}
