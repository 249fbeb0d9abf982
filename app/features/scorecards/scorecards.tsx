import { Form } from "react-router";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { RATING_LABELS, RATING_OPTIONS, RECOMMENDATION_LABELS, RECOMMENDATION_OPTIONS, type Recommendation } from "~/schemas/scorecard";

export interface ScorecardAttributeView {
  id: string;
  category: string;
  name: string;
}

export interface ScorecardData {
  authorId: string;
  authorName: string;
  recommendation: Recommendation | null;
  ratings: { attributeId: string; category: string; name: string; rating: number }[];
  notes: string;
  submittedAt: string | null;
}

export const RECOMMENDATION_TONES: Record<Recommendation, BadgeTone> = { strong_no: "red", no: "red", yes: "green", strong_yes: "green" };

/** The attributes grouped by category, in their order. */
function byCategory<T extends { category: string }>(items: readonly T[]): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return [...groups];
}

/**
 * The member's own scorecard (decision 099): a rating per attribute, the overall recommendation and
 * notes, saved as a draft or submitted. Radio groups, so it works from the keyboard and without JavaScript.
 */
export function ScorecardForm({
  attributes,
  mine,
  errors,
  busy,
}: {
  attributes: readonly ScorecardAttributeView[];
  mine: ScorecardData | null;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  const rated = new Map(mine?.ratings.map((rating) => [rating.attributeId, rating.rating]));
  return (
    <Panel id="scorecard" title="Your feedback">
      <p className="mt-1 text-sm text-slate-600">
        {mine?.submittedAt ? (
          <>
            Submitted <LocalDate value={mine.submittedAt} withTime />. You can still correct it.
          </>
        ) : mine ? (
          "A draft: only you see it until you submit it."
        ) : (
          "Rate what you saw, then give your overall recommendation. Your teammates' feedback shows once you submit yours."
        )}
      </p>
      <Form method="post" className="mt-4 space-y-5" key={mine?.submittedAt ?? "draft"}>
        {byCategory(attributes).map(([category, items]) => (
          <div key={category || "none"} className="space-y-3">
            {category ? <h3 className="text-sm font-semibold text-slate-900">{category}</h3> : null}
            {items.map((attribute) => (
              <fieldset key={attribute.id}>
                <legend className="text-sm text-slate-700">{attribute.name}</legend>
                <div className="mt-1 flex flex-wrap gap-2">
                  {RATING_OPTIONS.map((option) => (
                    <label key={option.value} className="choice">
                      <input type="radio" name={`rating.${attribute.id}`} value={option.value} defaultChecked={rated.get(attribute.id) === option.value} className="sr-only" />
                      <span aria-hidden="true" className="font-semibold text-slate-900">
                        {option.value}
                      </span>
                      <span className="text-slate-600">{option.label}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            ))}
          </div>
        ))}
        <fieldset aria-describedby={errors.recommendation ? "recommendation-error" : undefined}>
          <legend className="text-sm font-semibold text-slate-900">Overall recommendation</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {RECOMMENDATION_OPTIONS.map((option) => (
              <label key={option.value} className="choice justify-center font-medium">
                <input type="radio" name="recommendation" value={option.value} defaultChecked={mine?.recommendation === option.value} className="sr-only" />
                {option.label}
              </label>
            ))}
          </div>
          {errors.recommendation ? (
            <p id="recommendation-error" className="mt-2 text-sm text-red-600">
              {errors.recommendation}
            </p>
          ) : null}
        </fieldset>
        <div>
          <label htmlFor="scorecard-notes" className="block text-sm font-semibold text-slate-900">
            Interview notes
          </label>
          <textarea
            id="scorecard-notes"
            name="notes"
            rows={4}
            maxLength={5000}
            defaultValue={mine?.notes ?? ""}
            aria-invalid={errors.notes ? true : undefined}
            className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          {errors.notes ? <p className="mt-1 text-sm text-red-600">{errors.notes}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" name="intent" value="submit-scorecard" disabled={busy}>
            {mine?.submittedAt ? "Save feedback" : "Submit feedback"}
          </Button>
          {mine?.submittedAt ? null : (
            <Button type="submit" name="intent" value="save-scorecard" variant="secondary" disabled={busy}>
              Save draft
            </Button>
          )}
        </div>
      </Form>
    </Panel>
  );
}

/**
 * The feedback summary (decision 099): each submitted scorecard's recommendation, and the ratings of
 * each attribute side by side; who was asked and has not submitted; or, while the member owes their
 * own, how many are kept from them.
 */
export function FeedbackSummary({
  cards,
  pendingNames,
  hidden,
}: {
  cards: readonly ScorecardData[];
  pendingNames: readonly string[];
  hidden: number;
}) {
  const names = [...new Map(cards.flatMap((card) => card.ratings.map((rating) => [`${rating.category}\u0000${rating.name}`, rating] as const))).values()];
  return (
    <div className="mt-4 space-y-4 text-sm">
      {hidden > 0 ? (
        <p className="rounded-lg bg-slate-50 p-3 text-slate-700" data-testid="feedback-hidden">
          {hidden === 1 ? "1 teammate has" : `${hidden} teammates have`} submitted feedback. Submit yours to see theirs.
        </p>
      ) : null}
      {cards.length > 0 ? (
        <div className="overflow-x-auto">
          <table className="w-full text-left" aria-label="Submitted feedback">
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-500">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Attribute
                </th>
                {cards.map((card) => (
                  <th key={card.authorId} scope="col" className="px-2 py-2 font-medium text-slate-900">
                    {card.authorName}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <th scope="row" className="py-2 pr-3 font-medium text-slate-700">
                  Recommendation
                </th>
                {cards.map((card) => (
                  <td key={card.authorId} className="px-2 py-2">
                    {card.recommendation ? <Badge tone={RECOMMENDATION_TONES[card.recommendation]}>{RECOMMENDATION_LABELS[card.recommendation]}</Badge> : "—"}
                  </td>
                ))}
              </tr>
              {names.map((attribute) => (
                <tr key={`${attribute.category}-${attribute.name}`}>
                  <th scope="row" className="py-2 pr-3 font-normal text-slate-700">
                    {attribute.name}
                    {attribute.category ? <span className="block text-xs text-slate-500">{attribute.category}</span> : null}
                  </th>
                  {cards.map((card) => {
                    const rating = card.ratings.find((r) => r.category === attribute.category && r.name === attribute.name)?.rating;
                    return (
                      <td key={card.authorId} className="px-2 py-2 text-slate-900">
                        {rating ? `${rating} ${RATING_LABELS[rating]}` : "—"}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="mt-3 space-y-2">
            {cards
              .filter((card) => card.notes)
              .map((card) => (
                <li key={card.authorId}>
                  <span className="font-medium text-slate-900">{card.authorName}:</span>{" "}
                  <span className="whitespace-pre-line text-slate-700">{card.notes}</span>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {pendingNames.length > 0 ? <p className="text-slate-600">Waiting for: {pendingNames.join(", ")}</p> : null}
    </div>
  );
}
