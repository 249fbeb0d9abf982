import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { LocalDate } from "~/components/ui/local-date";
import { Panel } from "~/components/ui/panel";
import { FeedbackSummary, type ScorecardAttributeView, type ScorecardData, ScorecardForm } from "./scorecards";
import { ROLE_LABELS, type Role } from "~/lib/permissions";

/** What the Feedback tab shows (the page's loader answers it; decisions 096, 099). */
export interface FeedbackTabData {
  attributes: readonly ScorecardAttributeView[];
  mine: ScorecardData | null;
  others: readonly ScorecardData[];
  hidden: number;
  pendingNames: readonly string[];
  requests: readonly { reviewerId: string; reviewerName: string; requestedByName: string | null; createdAt: string }[];
  /** Whom the member may ask; null when their role may not ask. */
  teammates: readonly { id: string; name: string; role: Role }[] | null;
}

/**
 * The application page's Feedback tab (decision 100): the member's own scorecard and the team's
 * feedback, the team's first when there is some to read, otherwise the member's own form: in the DOM
 * order, which the keyboard and screen readers follow too.
 */
export function FeedbackTab({ feedback, errors, busy }: { feedback: FeedbackTabData; errors: Record<string, string | undefined>; busy: boolean }) {
  const form = <ScorecardForm attributes={feedback.attributes} mine={feedback.mine} errors={errors} busy={busy} />;
  const summary = (
    <FeedbackPanel requests={feedback.requests} teammates={feedback.teammates} busy={busy} error={errors.reviewerIds}>
      {/* Their own submitted scorecard beside the others' (a draft stays in Your feedback alone). */}
      <FeedbackSummary cards={[...(feedback.mine?.submittedAt ? [feedback.mine] : []), ...feedback.others]} pendingNames={feedback.pendingNames} hidden={feedback.hidden} />
    </FeedbackPanel>
  );
  return feedback.others.length > 0 ? (
    <>
      {summary}
      {form}
    </>
  ) : (
    <>
      {form}
      {summary}
    </>
  );
}

/**
 * Who was asked for feedback on this application (decision 096), and for those who decide, a form to
 * ask more teammates: an interviewer sees an application only once they are asked.
 */
function FeedbackPanel({
  requests,
  teammates,
  busy,
  error,
  children,
}: {
  children: ReactNode;
  requests: readonly {
    reviewerId: string;
    reviewerName: string;
    requestedByName: string | null;
    createdAt: string;
  }[];
  /** Whom the member may ask; null when their role may not ask. */
  teammates: readonly { id: string; name: string; role: Role }[] | null;
  busy: boolean;
  error?: string;
}) {
  const asked = new Set(requests.map((request) => request.reviewerId));
  const askable = teammates?.filter((member) => !asked.has(member.id)) ?? [];
  return (
    <Panel id="feedback" title="Feedback">
      {children}
      {requests.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">Nobody has been asked for feedback yet.</p>
      ) : (
        <ul className="mt-3 space-y-2 text-sm" aria-label="Asked for feedback">
          {requests.map((request) => (
            <li key={request.reviewerId}>
              <span className="font-medium text-slate-900">{request.reviewerName}</span>
              <span className="block text-xs text-slate-500">
                Asked {request.requestedByName ? `by ${request.requestedByName} ` : ""}
                <LocalDate value={request.createdAt} />
              </span>
            </li>
          ))}
        </ul>
      )}
      {teammates && askable.length > 0 ? (
        <Form method="post" className="mt-4 border-t border-slate-100 pt-4">
          <input type="hidden" name="intent" value="request-feedback" />
          <fieldset aria-describedby={error ? "reviewers-error" : undefined}>
            <legend className="text-sm font-medium text-slate-700">Ask for feedback</legend>
            <div className="mt-2 max-h-48 space-y-1 overflow-y-auto">
              {askable.map((member) => (
                <label key={member.id} className="flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" name="reviewerIds" value={member.id} className="rounded border-slate-300" />
                  <span>
                    {member.name} <span className="text-slate-500">({ROLE_LABELS[member.role]})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {error ? (
            <p id="reviewers-error" className="mt-2 text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <Button type="submit" variant="secondary" className="mt-3" disabled={busy}>
            Ask for feedback
          </Button>
        </Form>
      ) : null}
    </Panel>
  );
}

