import { Link } from "react-router";
import { Panel } from "~/components/ui/panel";

export interface ChecklistItem {
  id: string;
  title: string;
  description: string;
  href: string;
  done: boolean;
}

/**
 * The owner's first steps on the dashboard. Each step links to where it is done; a done step says
 * "Done" in words and with a tick, not by colour alone.
 */
export function GettingStarted({ items }: { items: ChecklistItem[] }) {
  const done = items.filter((item) => item.done).length;
  return (
    <Panel id="getting-started" title="Get started" className="mt-6">
      <p className="mt-1 text-sm text-slate-600">
        {done} of {items.length} done. A few steps to set up your hiring.
      </p>
      <ol className="mt-4 divide-y divide-slate-100">
        {items.map((item) => (
          <li key={item.id} className="flex items-start gap-3 py-3" data-testid={`checklist-${item.id}`}>
            <span
              aria-hidden="true"
              className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full border-2 ${
                item.done ? "border-green-600 bg-green-600 text-white" : "border-slate-300 text-transparent"
              }`}
            >
              <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="3" className="size-3.5">
                <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            </span>
            <div className="min-w-0 flex-1">
              {item.done ? (
                <p className="text-sm font-medium text-slate-500 line-through decoration-slate-400">{item.title}</p>
              ) : (
                <Link to={item.href} className="text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline">
                  {item.title}
                </Link>
              )}
              <p className="mt-0.5 text-sm text-slate-500">{item.description}</p>
            </div>
            {item.done ? (
              <span className="shrink-0 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-medium text-green-800">Done</span>
            ) : (
              <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">To do</span>
            )}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
