import { useId } from "react";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button, buttonStyles } from "~/components/ui/button";
import { Field, FieldMessages, inputStyles } from "~/components/ui/field";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { AvailabilityFormSchema, BlockedTimeSchema, WEEKDAYS, type WorkingPeriod } from "~/schemas/availability";
import type { FieldErrors } from "~/schemas/parse-form";
import { errorsFor, type SettingsAnswer, valuesFor } from "./settings-answer";
import { SettingsSection, SettingsSubsection, useSubmitting } from "./settings-section";

export interface AvailabilityData {
  /** The member's zone, or (none saved yet) the browser's, else UTC. */
  timeZone: string;
  /** Whether `timeZone` is the member's own, saved. */
  timeZoneSaved: boolean;
  /** In weekday order; the days left out are days off. */
  workingHours: WorkingPeriod[];
  /** Those not ended yet, earliest first, each already written in `timeZone`. */
  blockedTimes: { id: string; when: string; reason: string }[];
}

/** The times a day off shows, ready for when it is ticked. */
const DAY_OFF_HOURS = { start: "09:00", end: "17:00" };

/**
 * Settings › Profile, "Availability" (issue 14, decision 103): the member's time zone and weekly
 * working hours (one form), and the times they have blocked (a list, each removable, and a form to
 * add one). Self-scheduling links offer candidates only slots where every interviewer is working
 * and free. Plain forms posting an intent: it works without JavaScript.
 */
export function AvailabilitySection({ availability, timeZones, answer }: { availability: AvailabilityData; timeZones: readonly string[]; answer?: SettingsAnswer }) {
  return (
    <SettingsSection id="availability" title="Availability" description="When you can interview. Self-scheduling links offer candidates only times when every interviewer is working and free.">
      <div className="space-y-5">
        <SettingsSubsection title="Time zone and working hours">
          <WorkingHoursForm availability={availability} timeZones={timeZones} answer={answer} />
        </SettingsSubsection>
        <SettingsSubsection title="Blocked times">
          <BlockedTimes availability={availability} answer={answer} />
        </SettingsSubsection>
      </div>
    </SettingsSection>
  );
}

function WorkingHoursForm({ availability, timeZones, answer }: { availability: AvailabilityData; timeZones: readonly string[]; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(AvailabilityFormSchema, errorsFor(answer, "availability"));
  const busy = useSubmitting("availability");
  const values = valuesFor(answer, "availability");
  const listId = useId();
  return (
    <Form method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-4">
      <input type="hidden" name="intent" value="availability" />
      {errors.form ? <Alert>{errors.form}</Alert> : null}
      <Field
        label="Time zone"
        name="timeZone"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        defaultValue={values?.timeZone ?? availability.timeZone}
        error={errors.timeZone}
        hint={availability.timeZoneSaved ? "Interview emails and self-scheduling links use it." : "Interview emails and self-scheduling links use it. Suggested from this browser: save to keep it."}
        className="sm:max-w-sm"
        required
      />
      <datalist id={listId}>
        {timeZones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      <fieldset aria-describedby="working-hours-hint">
        <legend className="text-sm font-medium text-slate-900">Working hours</legend>
        <p id="working-hours-hint" className="text-sm text-slate-600">
          Tick the days you work, in your time zone. Candidates can book only times inside these hours.
        </p>
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Working hours">
          {WEEKDAYS.map(({ day, name }) => {
            const period = availability.workingHours.find((p) => p.day === day);
            return (
              <WeekdayRow
                key={day}
                day={day}
                name={name}
                working={values ? values[`day-${day}`] === "on" : Boolean(period)}
                start={values ? (values[`start-${day}`] ?? "") : (period?.start ?? DAY_OFF_HOURS.start)}
                end={values ? (values[`end-${day}`] ?? "") : (period?.end ?? DAY_OFF_HOURS.end)}
                errors={errors}
              />
            );
          })}
        </ul>
        {errors.workingHours ? <p className="mt-1 text-sm text-red-600">{errors.workingHours}</p> : null}
      </fieldset>
      <Button type="submit" disabled={busy}>
        {busy ? "Saving…" : "Save availability"}
      </Button>
    </Form>
  );
}

/**
 * One weekday: ticked when worked, and from when until when. Its time boxes are named "Monday from"
 * and "Monday until" for assistive technology, and greyed while it is a day off (by CSS alone).
 */
function WeekdayRow({ day, name, working, start, end, errors }: { day: number; name: string; working: boolean; start: string; end: string; errors: FieldErrors }) {
  return (
    <li className="group flex flex-col gap-2 px-3 py-3 sm:flex-row sm:items-start sm:gap-4">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-900 sm:w-32 sm:pt-2">
        <input type="checkbox" name={`day-${day}`} defaultChecked={working} className="size-4 rounded border-slate-300 text-brand-600" />
        {name}
      </label>
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2 sm:w-80">
        <TimeInput label={`${name} from`} name={`start-${day}`} defaultValue={start} error={errors[`start-${day}`]} />
        <span aria-hidden="true" className="pt-2 text-sm text-slate-500">
          –
        </span>
        <TimeInput label={`${name} until`} name={`end-${day}`} defaultValue={end} error={errors[`end-${day}`]} />
      </div>
    </li>
  );
}

/** A time box with a label for assistive technology (the row shows the day), its error under it. */
function TimeInput({ label, name, defaultValue, error }: { label: string; name: string; defaultValue: string; error?: string }) {
  const id = useId();
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="time"
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${inputStyles} bg-slate-50 px-2 text-slate-600 group-has-[:checked]:bg-white group-has-[:checked]:text-slate-900`}
      />
      <FieldMessages id={id} error={error} />
    </div>
  );
}

function BlockedTimes({ availability, answer }: { availability: AvailabilityData; answer?: SettingsAnswer }) {
  const { errors, onSubmit, onChange } = useValidatedForm(BlockedTimeSchema, errorsFor(answer, "blocked-time"));
  const adding = useSubmitting("add-blocked-time");
  const values = valuesFor(answer, "blocked-time");
  const { blockedTimes } = availability;
  return (
    <>
      <p className="text-sm text-slate-600">
        Times you cannot interview, such as holidays. In your time zone, {availability.timeZone}.
      </p>
      {blockedTimes.length === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-500">No blocked times.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Blocked times">
          {blockedTimes.map((blocked) => (
            <li key={blocked.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 wrap-anywhere text-slate-900">
                {blocked.when}
                {blocked.reason ? <span className="text-slate-600"> · {blocked.reason}</span> : null}
              </span>
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="remove-blocked-time" />
                <input type="hidden" name="blockedTimeId" value={blocked.id} />
                <button type="submit" className={buttonStyles.secondary} aria-label={`Remove blocked time ${blocked.when}${blocked.reason ? ` (${blocked.reason})` : ""}`}>
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form key={`add-${blockedTimes.length}`} method="post" noValidate onSubmit={onSubmit} onChange={onChange} className="mt-4 space-y-3" aria-label="Add blocked time">
        <input type="hidden" name="intent" value="add-blocked-time" />
        <input type="hidden" name="timeZone" value={availability.timeZone} />
        {errors.form || errors.timeZone ? <Alert>{errors.form ?? errors.timeZone}</Alert> : null}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Field label="From date" name="startDate" type="date" defaultValue={values?.startDate} error={errors.startDate} required />
          <Field label="From time" name="startTime" type="time" defaultValue={values?.startTime} error={errors.startTime} required />
          <Field label="Until date" name="endDate" type="date" defaultValue={values?.endDate} error={errors.endDate} required />
          <Field label="Until time" name="endTime" type="time" defaultValue={values?.endTime} error={errors.endTime} required />
        </div>
        <Field label="Reason (optional)" name="reason" defaultValue={values?.reason} error={errors.reason} maxLength={200} placeholder="e.g. Holiday" className="sm:max-w-md" />
        <Button type="submit" disabled={adding}>
          {adding ? "Adding…" : "Add blocked time"}
        </Button>
      </Form>
    </>
  );
}
