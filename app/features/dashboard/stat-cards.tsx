import { formatCount } from "~/lib/count";

export interface StatCard {
  label: string;
  value: number;
  /** The list the counter opens, or null when the member's role does not see it. */
  href: string | null;
}

/** The dashboard's three counters (spec: Active Jobs, Applications Today, Pending Reviews), each a link to its list. */
export function StatCards({ cards }: { cards: StatCard[] }) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-3">
      {cards.map((card) => (
        <div key={card.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <dt className="text-sm font-medium text-slate-500">{card.label}</dt>
          <dd className="mt-2 text-3xl font-semibold text-slate-900" data-testid={`stat-${card.label}`}>
            {card.href ? (
              <a href={card.href} className="hover:text-brand-700 hover:underline" aria-label={`${formatCount(card.value)} ${card.label}: show them`}>
                {formatCount(card.value)}
              </a>
            ) : (
              formatCount(card.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
