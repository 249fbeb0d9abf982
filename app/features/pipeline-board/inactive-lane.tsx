import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { applicationStatusTone } from "~/schemas/application-review";
import { CardBody } from "./pipeline-board";
import { formatCount } from "~/lib/count";

export interface InactiveLaneCard {
  id: string;
  candidateName: string;
  candidateEmail: string;
  createdAt: string;
  status: string;
  rejectionReason: string | null;
  stageName: string | null;
}

/**
 * The board's lane of applications that are no longer active, rejected or withdrawn (decision 090):
 * out of the stage columns, shown only when asked, newest first. Each card says why and at which
 * stage; its application page has the Reactivate that puts it back in that stage's column.
 */
export function InactiveLane({
  cards,
  count,
  hasMore,
  showMoreHref,
}: {
  cards: InactiveLaneCard[];
  count: number;
  hasMore: boolean;
  showMoreHref: string;
}) {
  return (
    <section aria-labelledby="inactive-lane-heading" className="mt-6 rounded-xl border border-red-100 bg-red-50/40 p-3" data-testid="inactive-lane">
      <h2 id="inactive-lane-heading" className="flex items-center gap-2 text-sm font-semibold text-slate-800">
        Rejected and withdrawn
        <span className="rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600" aria-label={`${formatCount(count)} candidates`}>
          {formatCount(count)}
        </span>
      </h2>
      {cards.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No rejected or withdrawn candidates.</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Rejected and withdrawn candidates">
          {cards.map((card, index) => (
            <li key={card.id} data-testid="inactive-card">
              <CardBody card={card} discover={index === 0}>
                <p className="mt-1.5 flex flex-wrap items-center gap-1 text-xs text-slate-600">
                  <Badge tone={applicationStatusTone(card.status)}>{card.status}</Badge>
                  {card.rejectionReason ? <span>{card.rejectionReason}</span> : null}
                </p>
                {card.stageName ? <p className="mt-1 text-xs text-slate-500">At {card.stageName}</p> : null}
              </CardBody>
            </li>
          ))}
        </ul>
      )}
      {hasMore ? (
        <Link to={showMoreHref} preventScrollReset replace className="mt-2 inline-block rounded-lg px-2 py-2 text-sm font-semibold text-brand-700 hover:bg-white">
          Show more<span className="sr-only"> rejected and withdrawn</span> ({formatCount(count - cards.length)} more)
        </Link>
      ) : null}
    </section>
  );
}
