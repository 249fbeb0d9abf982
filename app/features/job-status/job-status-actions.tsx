import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import type { JobStatus } from "~/schemas/job";

const STATUS_ACTIONS = [
  { status: "published", label: "Publish", when: ["draft"] },
  { status: "published", label: "Reopen", when: ["closed"] },
  { status: "draft", label: "Move to draft", when: ["published", "closed"] },
  { status: "closed", label: "Close job", when: ["published", "draft"] },
] as const;

/**
 * A job's status buttons for its present status (publish, reopen, move to draft, close), posting to
 * `/manage/jobs/{id}/status` and coming back to `redirectTo` with a notice. Closing asks first: it
 * takes the job off the board and stops applications. The job's edit page and its pipeline show them.
 */
export function JobStatusActions({ id, status, redirectTo }: { id: string; status: JobStatus; redirectTo: string }) {
  return (
    <>
      {STATUS_ACTIONS.filter((a) => (a.when as readonly string[]).includes(status)).map((a) => {
        const fields = (
          <>
            <input type="hidden" name="status" value={a.status} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
          </>
        );
        return a.status === "closed" ? (
          <ConfirmAction
            key={a.label}
            id="close-job"
            label={a.label}
            title="Close this job?"
            description="It leaves the public job board and stops accepting applications. Candidates already in the pipeline stay. You can reopen it later."
            confirmLabel="Close job"
            action={`/manage/jobs/${id}/status`}
          >
            {fields}
          </ConfirmAction>
        ) : (
          <Form key={a.label} method="post" action={`/manage/jobs/${id}/status`}>
            {fields}
            <Button type="submit" variant={a.status === "published" ? "primary" : "secondary"}>
              {a.label}
            </Button>
          </Form>
        );
      })}
    </>
  );
}
