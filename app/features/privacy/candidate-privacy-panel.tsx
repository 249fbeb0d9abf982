import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { LocalDate } from "~/components/ui/local-date";
import { erasureAnswerDue } from "~/schemas/candidate-page";
import { buttonStyles } from "~/components/ui/button";
import { Panel } from "~/components/ui/panel";
import { useCan } from "~/lib/use-can";

/**
 * A candidate's data rights (decision 116): a copy of everything held about them (an access
 * request), and, for admins, erasing them. The export is a plain download link, so it works without JavaScript.
 * A request the candidate made from their own page (decision 119) shows with the day it is due.
 */
export function CandidatePrivacyPanel({ candidateId, erased, erasureRequestedAt }: { candidateId: string; erased: boolean; erasureRequestedAt: string | null }) {
  const can = useCan();
  return (
    <Panel id="privacy" title="Their data">
      {erased ? (
        <p className="mt-3 text-sm text-slate-600">This candidate was erased: only anonymous counts remain.</p>
      ) : (
        <>
          {erasureRequestedAt ? (
            <div className="mt-3">
              <Alert tone="info" title="They asked to be erased">
                From their application&apos;s page on <LocalDate value={erasureRequestedAt} />. Please answer by{" "}
                <LocalDate value={erasureAnswerDue(erasureRequestedAt).toISOString()} />: erase them, or reply to say why some data must be kept.
              </Alert>
            </div>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">For an access or erasure request: a copy of everything held about them, or erase them for good.</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a href={`/candidates/${candidateId}/export`} download className={buttonStyles.secondary}>
              Export data
            </a>
            {can("candidates.erase") ? (
              <Link to={`/candidates/${candidateId}/erase`} className={buttonStyles.danger}>
                Erase candidate…
              </Link>
            ) : null}
          </div>
        </>
      )}
    </Panel>
  );
}
