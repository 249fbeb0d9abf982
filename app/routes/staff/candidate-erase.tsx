import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/candidate-erase";
import { Alert } from "~/components/ui/alert";
import { Button, buttonStyles } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { idParam } from "~/lib/id-param";
import { pageMeta } from "~/lib/meta";
import type { RouteAccess } from "~/lib/permissions";
import { formValues } from "~/schemas/parse-form";
import { requireStaff } from "~/server/accounts/session.server";
import { getCandidate } from "~/server/candidates/queries.server";
import { appDatabase } from "~/server/platform/db.server";
import { answerDomainError } from "~/server/platform/errors.server";
import { redirectWithNotice } from "~/server/platform/notice.server";
import { clientIpContext } from "~/server/platform/request-context.server";
import { isErased } from "~/lib/erased";
import { eraseCandidate } from "~/server/privacy/erasure.server";
import { BackLink } from "~/components/ui/back-link";

/** Admins only (decision 116): erasing is for good, and the company answers for it. */
export const access = { loader: "candidates.erase", action: "candidates.erase" } as const satisfies RouteAccess;

export const meta: Route.MetaFunction = () => pageMeta("Erase candidate", "Erase every trace of a candidate.");

/** /candidates/:candidateId/erase: what erasing removes and keeps, confirmed by typing the name. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const staff = await requireStaff(request, context, access.loader);
  const candidate = await getCandidate(appDatabase(), staff, idParam(params.candidateId, "Candidate not found"));
  if (!candidate) throw data("Candidate not found", { status: 404 });
  return {
    candidate: { id: candidate.id, name: candidate.name, email: candidate.email, applications: candidate.applications.length, erased: isErased(candidate) },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = await requireStaff(request, context, access.action);
  const candidateId = idParam(params.candidateId, "Candidate not found");
  const values = formValues(await request.formData());
  const typed = (values.confirmName ?? "").slice(0, 500);
  try {
    await eraseCandidate(appDatabase(), staff, candidateId, typed, context.get(clientIpContext));
  } catch (error) {
    const answer = answerDomainError(error, { notFound: "Candidate not found" });
    return data({ errors: answer.errors, typed }, answer.init);
  }
  return redirectWithNotice(`/candidates/${candidateId}`, "candidate-erased");
}

export default function CandidateErase({ loaderData, actionData }: Route.ComponentProps) {
  const { candidate } = loaderData;
  const navigation = useNavigation();
  const errors = actionData?.errors ?? {};
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink to={`/candidates/${candidate.id}`}>
        Back to the candidate
      </BackLink>
      <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Erase candidate</h1>
      {candidate.erased ? (
        <p className="mt-4 text-sm text-slate-700">This candidate has already been erased: nothing about them is left to erase.</p>
      ) : (
        <section aria-labelledby="erase-heading" className="mt-4 rounded-xl border border-red-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="erase-heading" className="text-lg font-semibold text-slate-900">
            Erase <span className="break-words">{candidate.name}</span> for good?
          </h2>
          <div className="mt-3 space-y-3 text-sm text-slate-700">
            <p>
              Everything OpenHire holds about this person goes, and cannot be brought back: their name, email address and phone, their{" "}
              {candidate.applications === 1 ? "application's" : `${candidate.applications} applications'`} answers, their CV files, notes about them,
              the emails to and from them, what interviewers wrote in their scorecards, and their search text.
            </p>
            <p>
              What stays is anonymous: the applications remain in your reports&apos; counts and times, as &ldquo;Erased candidate&rdquo;. The audit
              trail records that you erased a candidate, without their name.
            </p>
            <p>
              To answer an access request first, <a href={`/candidates/${candidate.id}/export`} className="font-semibold text-brand-700 hover:underline">export their data</a>.
            </p>
          </div>
          <Form method="post" className="mt-5 space-y-4">
            {errors.form ? <Alert>{errors.form}</Alert> : null}
            <Field
              label={`Type the candidate's name, ${candidate.name}, to confirm`}
              name="confirmName"
              autoComplete="off"
              spellCheck={false}
              defaultValue={actionData?.typed ?? ""}
              error={errors.confirmName}
              required
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="danger" disabled={navigation.state === "submitting"}>
                {navigation.state === "submitting" ? "Erasing…" : "Erase candidate"}
              </Button>
              <Link to={`/candidates/${candidate.id}`} className={buttonStyles.ghost}>
                Cancel
              </Link>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}
