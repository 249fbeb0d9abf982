import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmAction } from "~/components/ui/confirm-action";
import { Field, FieldMessages, SelectField, TextAreaField } from "~/components/ui/field";
import { Panel } from "~/components/ui/panel";
import { INTERVIEW_DURATIONS } from "~/schemas/interview";
import { SCHEDULING_BUFFER_MINUTES, SCHEDULING_MIN_NOTICE_HOURS, SCHEDULING_WINDOW_DAYS } from "~/schemas/scheduling-link";

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

/** A self-scheduling link sent for the application (decision 103), its dates written in the viewer's zone. */
export interface SchedulingLinkItem {
  id: string;
  title: string;
  state: "open" | "booked" | "expired" | "withdrawn";
  sent: string;
  until: string;
}

export interface SchedulingLinkFormValues {
  title: string;
  durationMinutes: string;
  interviewerIds: string[];
  windowDays: string;
  minNoticeHours: string;
  bufferMinutes: string;
  location: string;
  notesForInterviewers: string;
}

export interface SchedulingLinkAnswer {
  errors: Record<string, string | undefined>;
  values: SchedulingLinkFormValues;
}

const LINK_STATES: Record<SchedulingLinkItem["state"], { label: string; tone: "green" | "grey" | "red" | "blue" }> = {
  open: { label: "Open", tone: "blue" },
  booked: { label: "Booked", tone: "green" },
  expired: { label: "Expired", tone: "grey" },
  withdrawn: { label: "Withdrawn", tone: "grey" },
};

const WINDOW_OPTIONS = SCHEDULING_WINDOW_DAYS.map((days) => ({ value: String(days), label: `The next ${days} days` }));
const NOTICE_OPTIONS = SCHEDULING_MIN_NOTICE_HOURS.map((hours) => ({ value: String(hours), label: hours === 1 ? "1 hour" : `${hours} hours` }));
const BUFFER_OPTIONS = SCHEDULING_BUFFER_MINUTES.map((minutes) => ({ value: String(minutes), label: minutes === 0 ? "None" : `${minutes} minutes` }));

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

/**
 * The application's interviews and the self-scheduling links sent for it, and (for who may schedule)
 * the forms that schedule one or send a link. `open` opens the scheduling form (a pipeline card's
 * "Schedule interview" leads here).
 */
export function InterviewsPanel({
  interviews,
  links,
  schedule,
}: {
  interviews: InterviewItem[];
  links: SchedulingLinkItem[];
  schedule: {
    teammates: { id: string; name: string }[];
    start: InterviewFormValues;
    linkStart: SchedulingLinkFormValues;
    answer: InterviewsAnswer | null;
    linkAnswer: SchedulingLinkAnswer | null;
    open: boolean;
    busy: boolean;
  } | null;
}) {
  return (
    <Panel id="interviews" title="Interviews">
      <InterviewList interviews={interviews} schedule={schedule ?? undefined} />
      {links.length > 0 ? <SchedulingLinkList links={links} withdraw={schedule !== null} /> : null}
      {schedule ? (
        // Keyed by the interviews listed: once one is scheduled, the form closes and starts afresh.
        <details key={interviews.length} className="mt-4" open={schedule.answer?.interviewForm === "new" || (schedule.open && !schedule.linkAnswer)}>
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
      {schedule ? (
        // Keyed by the links listed: once one is sent, the form closes and starts afresh.
        <details key={`links-${links.length}`} className="mt-3" open={schedule.linkAnswer !== null}>
          <summary className="cursor-pointer text-sm font-semibold text-brand-600">Send scheduling link</summary>
          <p className="mt-2 text-sm text-slate-600">
            The candidate gets a link to pick a time when every interviewer is working and free (their working hours and blocked times are in Settings › Profile).
          </p>
          <SchedulingLinkForm teammates={schedule.teammates} values={schedule.linkAnswer?.values ?? schedule.linkStart} errors={schedule.linkAnswer?.errors ?? {}} busy={schedule.busy} />
        </details>
      ) : null}
    </Panel>
  );
}

/** The links sent, newest first: whether the candidate has picked a time, and (while open) Withdraw. */
function SchedulingLinkList({ links, withdraw }: { links: SchedulingLinkItem[]; withdraw: boolean }) {
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h3 className="text-sm font-semibold text-slate-900">Scheduling links</h3>
      <ul aria-label="Scheduling links" className="mt-2 space-y-2">
        {links.map((link) => (
          <li key={link.id} aria-label={`Scheduling link: ${link.title}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-medium text-slate-900">{link.title}</span>
            <Badge tone={LINK_STATES[link.state].tone}>{LINK_STATES[link.state].label}</Badge>
            <span className="text-slate-600">
              Sent {link.sent}
              {link.state === "open" ? `; waiting for the candidate to pick a time until ${link.until}` : ""}
            </span>
            {withdraw && link.state === "open" ? (
              <ConfirmAction
                id={`withdraw-link-${link.id}`}
                label="Withdraw"
                ariaLabel={`Withdraw the scheduling link for ${link.title}`}
                title="Withdraw this scheduling link?"
                description="The link stops working: the candidate's page says it was withdrawn, and no time can be booked with it."
                confirmLabel="Withdraw link"
                variant="ghost"
                confirmVariant="danger"
                anchor="interviews"
              >
                <input type="hidden" name="intent" value="withdraw-scheduling-link" />
                <input type="hidden" name="linkId" value={link.id} />
              </ConfirmAction>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

function InterviewerChoices({ groupId, teammates, chosen, error }: { groupId: string; teammates: { id: string; name: string }[]; chosen: string[]; error?: string }) {
  return (
    <fieldset aria-describedby={error ? `${groupId}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-700">Interviewers</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {teammates.map((member) => (
          <label key={member.id} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" name="interviewerIds" value={member.id} defaultChecked={chosen.includes(member.id)} />
            {member.name}
          </label>
        ))}
      </div>
      <FieldMessages id={groupId} error={error} />
    </fieldset>
  );
}

function SchedulingLinkForm({
  teammates,
  values,
  errors,
  busy,
}: {
  teammates: { id: string; name: string }[];
  values: SchedulingLinkFormValues;
  errors: Record<string, string | undefined>;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-3 space-y-3" aria-label="Send scheduling link">
      <input type="hidden" name="intent" value="send-scheduling-link" />
      <Field label="Title" name="title" defaultValue={values.title} error={errors.title} required maxLength={200} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label="Duration" name="durationMinutes" defaultValue={values.durationMinutes} error={errors.durationMinutes} options={DURATION_OPTIONS} />
        <SelectField label="Offer times over" name="windowDays" defaultValue={values.windowDays} error={errors.windowDays} options={WINDOW_OPTIONS} />
        <SelectField label="Least notice" name="minNoticeHours" defaultValue={values.minNoticeHours} error={errors.minNoticeHours} options={NOTICE_OPTIONS} />
        <SelectField label="Buffer around other interviews" name="bufferMinutes" defaultValue={values.bufferMinutes} error={errors.bufferMinutes} options={BUFFER_OPTIONS} />
      </div>
      <InterviewerChoices groupId="interviewers-link" teammates={teammates} chosen={values.interviewerIds} error={errors.interviewerIds} />
      <Field label="Location or video link" name="location" defaultValue={values.location} error={errors.location} maxLength={500} />
      <TextAreaField label="Notes for the interviewers" name="notesForInterviewers" defaultValue={values.notesForInterviewers} error={errors.notesForInterviewers} hint="The candidate never sees these." rows={3} maxLength={5000} />
      {errors.form ? <p className="text-sm text-red-700">{errors.form}</p> : null}
      <Button type="submit" disabled={busy}>
        Send scheduling link
      </Button>
    </Form>
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
      <InterviewerChoices groupId={groupId} teammates={teammates} chosen={values.interviewerIds} error={errors.interviewerIds} />
      <Field label="Location or video link" name="location" defaultValue={values.location} error={errors.location} maxLength={500} />
      <TextAreaField label="Notes for the interviewers" name="notesForInterviewers" defaultValue={values.notesForInterviewers} error={errors.notesForInterviewers} hint="The candidate never sees these." rows={3} maxLength={5000} />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
