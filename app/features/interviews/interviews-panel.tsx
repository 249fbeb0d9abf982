import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, FieldMessages, SelectField, TextAreaField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { INTERVIEW_DURATIONS } from "~/schemas/interview";

/** One interview as the pages show it: its time already written in the viewer's zone, that zone named. */
export interface InterviewItem {
  id: string;
  title: string;
  when: string;
  jobTitle: string;
  location: string;
  notesForInterviewers: string;
  cancelled: boolean;
  past: boolean;
  interviewers: { id: string; name: string }[];
  /** What the reschedule form starts from: the interview's own date, time and zone. */
  form: InterviewFormValues;
}

export interface InterviewFormValues {
  title: string;
  date: string;
  startTime: string;
  durationMinutes: string;
  timeZone: string;
  location: string;
  notesForInterviewers: string;
  interviewerIds: string[];
}

export interface InterviewsAnswer {
  /** Which form answered: "new", or the id of the interview being moved. */
  interviewForm: string;
  errors: Record<string, string | undefined>;
  values: InterviewFormValues;
}

const DURATION_OPTIONS = INTERVIEW_DURATIONS.map((minutes) => ({ value: String(minutes), label: minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? "" : "s"}` }));

/** A list of interviews: upcoming first, then past and cancelled ones; read-only without `schedule`. */
export function InterviewList({ interviews, schedule, showJob = false }: { interviews: InterviewItem[]; schedule?: { teammates: { id: string; name: string }[]; answer: InterviewsAnswer | null; busy: boolean }; showJob?: boolean }) {
  if (interviews.length === 0) return <p className="mt-3 text-sm text-slate-600">No interviews scheduled.</p>;
  return (
    <ul aria-label="Interviews" className="mt-3 divide-y divide-slate-200">
      {interviews.map((interview) => (
        <li key={interview.id} className="py-3" aria-label={interview.title}>
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold text-slate-900">{interview.title}</p>
            {interview.cancelled ? <Badge tone="red">Cancelled</Badge> : interview.past ? <Badge tone="grey">Past</Badge> : <Badge tone="green">Upcoming</Badge>}
          </div>
          <p className="text-sm text-slate-700">{interview.when}</p>
          {showJob ? <p className="text-sm text-slate-600">{interview.jobTitle}</p> : null}
          <p className="text-sm text-slate-600">With {interview.interviewers.map((person) => person.name).join(", ")}</p>
          {interview.location ? <p className="text-sm text-slate-600">Where: {interview.location}</p> : null}
          {interview.notesForInterviewers ? <p className="mt-1 whitespace-pre-line text-sm text-slate-600">Notes for the interviewers: {interview.notesForInterviewers}</p> : null}
          {schedule && !interview.cancelled ? (
            <div className="mt-2 flex flex-wrap items-start gap-2">
              {/* Keyed by the time: once moved, the form closes and starts from the new time. */}
              <details key={interview.when} className="w-full" open={schedule.answer?.interviewForm === interview.id}>
                <summary className="cursor-pointer text-sm font-semibold text-brand-600">Reschedule {interview.title}</summary>
                <InterviewForm
                  intent="reschedule-interview"
                  interviewId={interview.id}
                  teammates={schedule.teammates}
                  values={schedule.answer?.interviewForm === interview.id ? schedule.answer.values : interview.form}
                  errors={schedule.answer?.interviewForm === interview.id ? schedule.answer.errors : {}}
                  submitLabel="Save and send updates"
                  busy={schedule.busy}
                />
              </details>
              <ConfirmAction
                id={`cancel-interview-${interview.id}`}
                label="Cancel interview"
                ariaLabel={`Cancel ${interview.title}`}
                title={`Cancel ${interview.title}?`}
                description="The candidate and the interviewers are sent a cancellation that removes it from their calendars."
                confirmLabel="Cancel interview"
                variant="secondary"
                confirmVariant="danger"
                anchor="interviews"
              >
                <input type="hidden" name="intent" value="cancel-interview" />
                <input type="hidden" name="interviewId" value={interview.id} />
              </ConfirmAction>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The application's interviews, and (for who may schedule) the form that schedules one. */
export function InterviewsPanel({
  interviews,
  schedule,
}: {
  interviews: InterviewItem[];
  schedule: { teammates: { id: string; name: string }[]; start: InterviewFormValues; answer: InterviewsAnswer | null; busy: boolean } | null;
}) {
  return (
    <Panel id="interviews" title="Interviews">
      <InterviewList interviews={interviews} schedule={schedule ?? undefined} />
      {schedule ? (
        // Keyed by the interviews listed: once one is scheduled, the form closes and starts afresh.
        <details key={interviews.length} className="mt-4" open={schedule.answer?.interviewForm === "new"}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-600">Schedule interview</summary>
          <InterviewForm
            intent="schedule-interview"
            teammates={schedule.teammates}
            values={schedule.answer?.interviewForm === "new" ? schedule.answer.values : schedule.start}
            errors={schedule.answer?.interviewForm === "new" ? schedule.answer.errors : {}}
            submitLabel="Schedule and send invitations"
            busy={schedule.busy}
          />
        </details>
      ) : null}
    </Panel>
  );
}

function InterviewForm({
  intent,
  interviewId,
  teammates,
  values,
  errors,
  submitLabel,
  busy,
}: {
  intent: "schedule-interview" | "reschedule-interview";
  interviewId?: string;
  teammates: { id: string; name: string }[];
  values: InterviewFormValues;
  errors: Record<string, string | undefined>;
  submitLabel: string;
  busy: boolean;
}) {
  const groupId = `interviewers-${interviewId ?? "new"}`;
  return (
    <Form method="post" className="mt-3 space-y-3" aria-label={intent === "schedule-interview" ? "Schedule interview" : "Reschedule interview"}>
      <input type="hidden" name="intent" value={intent} />
      {interviewId ? <input type="hidden" name="interviewId" value={interviewId} /> : null}
      <Field label="Title" name="title" defaultValue={values.title} error={errors.title} required maxLength={200} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field label="Date" name="date" type="date" defaultValue={values.date} error={errors.date} required />
        <Field label="Start time" name="startTime" type="time" defaultValue={values.startTime} error={errors.startTime} required />
        <SelectField label="Duration" name="durationMinutes" defaultValue={values.durationMinutes} error={errors.durationMinutes} options={DURATION_OPTIONS} />
        <Field label="Time zone" name="timeZone" defaultValue={values.timeZone} error={errors.timeZone} hint="An IANA name, e.g. Europe/Berlin" required />
      </div>
      <fieldset aria-describedby={errors.interviewerIds ? `${groupId}-error` : undefined}>
        <legend className="text-sm font-medium text-slate-700">Interviewers</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {teammates.map((member) => (
            <label key={member.id} className="flex items-center gap-2 text-sm text-slate-700">
              <input type="checkbox" name="interviewerIds" value={member.id} defaultChecked={values.interviewerIds.includes(member.id)} />
              {member.name}
            </label>
          ))}
        </div>
        <FieldMessages id={groupId} error={errors.interviewerIds} />
      </fieldset>
      <Field label="Location or video link" name="location" defaultValue={values.location} error={errors.location} maxLength={500} />
      <TextAreaField label="Notes for the interviewers" name="notesForInterviewers" defaultValue={values.notesForInterviewers} error={errors.notesForInterviewers} hint="The candidate never sees these." rows={3} maxLength={5000} />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
