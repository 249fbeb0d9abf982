import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { HireSchema } from "~/schemas/application-review";
import type { FieldErrors } from "~/schemas/parse-form";

/** What a hire answers besides its notice: the job's openings, and whether to offer closing it. */
export interface HireAnswer {
  job: { id: string; title: string; hired: number; openings: number };
  offerClose: boolean;
}

/**
 * Hire (decision 094): asks for the day they were hired (today by default) and says what follows:
 * the card goes to the job's Hired stage and automatic emails to the candidate end.
 */
export function HireDialog({ candidateName, today, answer }: { candidateName: string; today: string; answer?: { errors: FieldErrors; hiredOn: string } | null }) {
  const { errors, onSubmit, onChange } = useValidatedForm(HireSchema, answer?.errors);
  return (
    <ConfirmAction
      id="hire"
      label="Hire"
      variant="primary"
      title={`Hire ${candidateName}?`}
      description="Their card moves to the job's Hired stage, the day is recorded in the history, and emails still waiting to go to them are cancelled."
      confirmLabel="Hire"
      confirmVariant="primary"
      open={Boolean(answer)}
      anchor="manage"
      onSubmit={onSubmit}
      onChange={onChange}
    >
      <input type="hidden" name="intent" value="hire" />
      <Field label="Hired on" name="hiredOn" type="date" defaultValue={answer?.hiredOn || today} error={errors.hiredOn} required />
    </ConfirmAction>
  );
}

/** After a hire that fills the job's openings: the offer to close the job, coming back here. */
export function CloseJobOffer({ hire, back }: { hire: HireAnswer; back: string }) {
  if (!hire.offerClose) return null;
  const { job } = hire;
  return (
    <Form method="post" action={`/manage/jobs/${job.id}/status`} className="mt-2 flex flex-wrap items-center gap-3">
      <input type="hidden" name="status" value="closed" />
      <input type="hidden" name="redirectTo" value={back} />
      <span>
        {job.hired === 1 && job.openings === 1 ? "The job's opening is filled" : `${job.hired} of ${job.openings} openings are filled`}: close “{job.title}” so it leaves the
        job board?
      </span>
      <Button type="submit" variant="secondary">
        Close job
      </Button>
    </Form>
  );
}
